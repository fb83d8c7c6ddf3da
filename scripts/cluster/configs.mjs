// Configuration of etcd, Patroni and HAProxy for the local cluster. Every address is 127.0.0.1.
import { PG_BIN } from './tools.mjs';

export const SCOPE = 'kite';
export const DATABASE = 'kite';

/**
 * Patroni's timings: short, so that a test sees a failover within seconds. Patroni wants
 * loop_wait + 2 × retry_timeout ≤ ttl. Production would keep Patroni's defaults (ttl 30,
 * loop_wait 10, retry_timeout 10): a leader then survives a 30 s etcd or network hiccup.
 */
export const TIMINGS = { ttl: 10, loop_wait: 1, retry_timeout: 4, maximum_lag_on_failover: 1048576 };

/** etcd's command line: one member, client and peer ports on 127.0.0.1. */
export function etcdArgs({ dataDir, clientPort, peerPort, token }) {
  const client = `http://127.0.0.1:${clientPort}`;
  const peer = `http://127.0.0.1:${peerPort}`;
  return [
    '--name=kite-etcd',
    `--data-dir=${dataDir}`,
    `--listen-client-urls=${client}`,
    `--advertise-client-urls=${client}`,
    `--listen-peer-urls=${peer}`,
    `--initial-advertise-peer-urls=${peer}`,
    `--initial-cluster=kite-etcd=${peer}`,
    '--initial-cluster-state=new',
    `--initial-cluster-token=${token}`,
  ];
}

const q = (value) => JSON.stringify(String(value));

/** One Patroni node's YAML (strings are JSON-quoted, which YAML reads as they are). */
export function patroniYaml({ name, nodeDir, dataDir, port, restPort, etcdPort, postBootstrap }) {
  return `# Written by scripts/cluster.mjs: one of three PostgreSQL 15 nodes of a local test cluster.
scope: ${q(SCOPE)}
namespace: "/service/"
name: ${q(name)}

log:
  level: INFO

restapi:
  listen: ${q(`127.0.0.1:${restPort}`)}
  connect_address: ${q(`127.0.0.1:${restPort}`)}

etcd3:
  hosts: ${q(`127.0.0.1:${etcdPort}`)}

bootstrap:
  dcs:
    ttl: ${TIMINGS.ttl}
    loop_wait: ${TIMINGS.loop_wait}
    retry_timeout: ${TIMINGS.retry_timeout}
    maximum_lag_on_failover: ${TIMINGS.maximum_lag_on_failover}
    # An acknowledged commit is on the leader and on the synchronous standby; only that standby
    # may be promoted. Not strict: with no standby left the leader keeps accepting writes.
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        wal_level: replica
        hot_standby: "on"
        wal_log_hints: "on"
        max_connections: 200
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: "128MB"
        shared_buffers: "64MB"
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
  post_bootstrap: ${q(postBootstrap)}

postgresql:
  listen: ${q(`127.0.0.1:${port}`)}
  connect_address: ${q(`127.0.0.1:${port}`)}
  data_dir: ${q(dataDir)}
  bin_dir: ${q(PG_BIN)}
  pgpass: ${q(`${nodeDir}/pgpass`)}
  # A local test cluster: trust for 127.0.0.1. Production uses scram-sha-256 and real passwords.
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
  authentication:
    superuser:
      username: postgres
      password: postgres
    replication:
      username: replicator
      password: replicator
    rewind:
      username: postgres
      password: postgres
  basebackup:
    - checkpoint: fast
  parameters:
    unix_socket_directories: ${q(nodeDir)}

watchdog:
  mode: "off"

tags:
  nofailover: false
  noloadbalance: false
  clonefrom: false
  nosync: false
`;
}

/** The script Patroni runs once on the new cluster's leader: the app's database. */
export function postBootstrapScript() {
  return `#!/bin/sh
# Patroni passes a connection string to the new cluster's postgres database.
exec ${PG_BIN}/psql "$1" -v ON_ERROR_STOP=1 -q -c "CREATE DATABASE ${DATABASE}"
`;
}

/**
 * HAProxy: the write port reaches the leader (Patroni answers GET /primary with 200 only there),
 * the read port the replicas (GET /replica), or the leader while no replica is healthy, and the
 * app port the app nodes (GET /api/health/), WebSockets included (`timeout tunnel`).
 */
export function haproxyConfig({ writePort, readPort, appPort, statsSocket, postgres, apps }) {
  const pgServers = (extra = '') =>
    postgres
      .map((n) => `  server ${n.name} 127.0.0.1:${n.port} check port ${n.rest_port}${extra}`)
      .join('\n');
  const appSection =
    apps.length === 0
      ? ''
      : `
frontend app
  mode http
  bind 127.0.0.1:${appPort}
  option forwardfor
  timeout client 60s
  timeout http-request 10s
  timeout http-keep-alive 10s
  default_backend app_nodes

backend app_nodes
  mode http
  balance roundrobin
  option httpchk GET /api/health/
  http-check expect status 200
  timeout server 60s
  # WebSockets: an upgraded connection may stay quiet this long.
  timeout tunnel 1h
${apps.map((a) => `  server ${a.name} 127.0.0.1:${a.port} check`).join('\n')}
`;
  return `# Written by scripts/cluster.mjs.
global
  maxconn 2000
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s
  # Checks every second; a node is out after 2 failures and back after 1 success.
  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions

frontend postgres_write
  bind 127.0.0.1:${writePort}
  default_backend pg_primary

frontend postgres_read
  bind 127.0.0.1:${readPort}
  use_backend pg_replicas if { nbsrv(pg_replicas) gt 0 }
  default_backend pg_primary

backend pg_primary
  option httpchk GET /primary
  http-check expect status 200
${pgServers()}

backend pg_replicas
  balance roundrobin
  option httpchk GET /replica
  http-check expect status 200
${pgServers()}
${appSection}`;
}
