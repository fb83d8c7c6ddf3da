import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ScenarioRun } from './api.ts';
import type { ClusterRun } from './cluster.ts';
import { ROOT } from './servers.ts';

export interface DatasetRun {
  database: 'pglite' | 'postgres';
  size: 'S' | 'L';
  issues: number;
  seedSeconds: number;
  idleRssBytes: number | null;
  runs: ScenarioRun[];
}

export interface Check {
  id: string;
  what: string;
  budget: string;
  measured: string;
  /** null: not judged — no figure, or a figure reported without a budget (`budget: 'report'`). */
  pass: boolean | null;
}

export interface Report {
  startedAt: string;
  git: string;
  machine: { cpus: number; model: string; memoryGiB: number; node: string; platform: string };
  seed: number;
  durationSeconds: number;
  baseline: ScenarioRun | null;
  datasets: DatasetRun[];
  ui: Record<string, unknown> | null;
  /** `--cluster`: the app on a Patroni cluster (bench/cluster.ts). */
  cluster: ClusterRun | null;
  checks: Check[];
}

export function machineInfo(): Report['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    model: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

export function gitSha(): string {
  try {
    const sha = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    const dirty = execSync('git status --porcelain', { cwd: ROOT }).toString().trim() !== '';
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return 'unknown';
  }
}

export function toMarkdown(report: Report): string {
  const lines = [
    `# Kite benchmark — ${report.startedAt}`,
    '',
    `git ${report.git} · ${report.machine.cpus} × ${report.machine.model} · ${report.machine.memoryGiB} GiB · Node ${report.machine.node} · seed ${report.seed}`,
    '',
    '| id | what | budget | measured | result |',
    '|---|---|---|---|---|',
    ...report.checks.map(
      (c) =>
        `| ${c.id} | ${c.what} | ${c.budget} | ${c.measured} | ${c.pass === null ? (c.budget === 'report' ? 'report' : 'n/a') : c.pass ? 'pass' : '**FAIL**'} |`,
    ),
    '',
    '## Every run',
    '',
    '| db | size | id | c | p50 ms | p95 ms | p99 ms | req/s | errors (status) | bytes/req | db / app / ser ms | run |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const row = (db: string, size: string, r: ScenarioRun) => {
    const t = r.result.serverTiming;
    lines.push(
      `| ${db} | ${size} | ${r.id} | ${r.result.connections} | ${r.result.p50} | ${r.result.p95} | ${r.result.p99} | ${r.result.rps} | ${r.result.errors + r.result.non2xx}${
        Object.keys(r.result.failures).length
          ? ` (${Object.entries(r.result.failures)
              .map(([s, n]) => `${s}×${n}`)
              .join(' ')})`
          : ''
      } | ${r.result.bytesPerRequest} | ${t ? `${t.db} / ${t.app} / ${t.ser}` : '–'} | ${r.label} |`,
    );
  };
  if (report.baseline) row('–', '–', report.baseline);
  for (const d of report.datasets) for (const r of d.runs) row(d.database, `${d.size} (${d.issues})`, r);
  const cluster = report.cluster;
  for (const r of cluster?.runs ?? []) {
    const share =
      r.replicaShare === undefined ? '' : `, ${Math.round(r.replicaShare * 100)}% of commits on replicas`;
    row('cluster', `S (${cluster!.issues})`, { ...r, label: `${r.label}${share}` });
  }
  lines.push('', '## Datasets', '');
  for (const d of report.datasets) {
    const rss = d.idleRssBytes === null ? 'n/a' : `${Math.round(d.idleRssBytes / 2 ** 20)} MB`;
    lines.push(
      `- ${d.database} ${d.size}: ${d.issues} issues seeded in ${d.seedSeconds} s; idle server RSS ${rss}`,
    );
  }
  if (cluster)
    lines.push(
      `- cluster S: ${cluster.issues} issues seeded in ${cluster.seedSeconds} s through the write port; ${cluster.appNodes} app node, 3 PostgreSQL nodes on this machine`,
    );
  if (report.ui) lines.push('', '## UI', '', '```json', JSON.stringify(report.ui, null, 2), '```');
  lines.push('', `Total bench time: ${report.durationSeconds} s`, '');
  return lines.join('\n');
}

/** Prints the table and writes `bench/results/<time>.{md,json}` (git-ignored). */
export function saveReport(report: Report): { markdown: string; json: string } {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const markdown = path.join(dir, `${stamp}.md`);
  const json = path.join(dir, `${stamp}.json`);
  fs.writeFileSync(markdown, toMarkdown(report));
  fs.writeFileSync(json, `${JSON.stringify(report, null, 2)}\n`);
  fs.copyFileSync(markdown, path.join(dir, 'latest.md'));
  fs.copyFileSync(json, path.join(dir, 'latest.json'));
  return { markdown, json };
}
