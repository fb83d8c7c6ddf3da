// The system packages the cluster runs on, installed with apt-get only when a binary is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** The binaries `up` runs, and the Debian package that brings each. */
const TOOLS = [
  { bin: '/usr/bin/patroni', pkg: 'patroni' },
  { bin: '/usr/bin/etcd', pkg: 'etcd-server' },
  { bin: '/usr/bin/etcdctl', pkg: 'etcd-client' },
  { bin: '/usr/sbin/haproxy', pkg: 'haproxy' },
  { bin: `${PG_BIN}/postgres`, pkg: 'postgresql-15' },
];

export function missingPackages() {
  return TOOLS.filter((t) => !fs.existsSync(t.bin)).map((t) => t.pkg);
}

/**
 * Installs the missing packages (as .ci/run does for chromium). Throws when that is not possible
 * (not root, no apt-get, or the install failed); the message says what to install by hand.
 */
export function ensureTools(log) {
  const missing = missingPackages();
  if (missing.length === 0) return;
  const hint = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(', ')}; run as root or: ${hint}`);
  if (!fs.existsSync('/usr/bin/apt-get')) throw new Error(`missing ${missing.join(', ')} and no apt-get`);
  log(`Installing ${missing.join(' ')} (apt-get)…`);
  // Output to stderr: stdout carries the one JSON line.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const opts = { stdio: ['ignore', 2, 2], env };
  spawnSync('apt-get', ['update', '-q'], opts);
  const install = spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], opts);
  const still = missingPackages();
  if (install.status !== 0 || still.length > 0) {
    throw new Error(`could not install ${still.join(', ') || missing.join(', ')} (${hint} failed)`);
  }
}
