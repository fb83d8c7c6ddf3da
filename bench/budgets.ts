import type { ScenarioRun } from './api.ts';
import type { ClusterRun } from './cluster.ts';
import { A11, AFTER_CHANGE, CACHED } from './first-page-after-change.ts';
import type { Check, DatasetRun, Report } from './report.ts';

/** The run of scenario `id` whose label starts with `label` at `connections`. */
function find(
  d: DatasetRun | undefined,
  id: string,
  connections: number,
  label?: string,
): ScenarioRun | undefined {
  return d?.runs.find(
    (r) => r.id === id && r.result.connections === connections && (!label || r.label.startsWith(label)),
  );
}

const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 'n/a' : `${n} ms`);

/** quality.md §1, judged from this run's figures; single-request latency budgets use one connection. */
export function evaluate(report: Report): Check[] {
  const checks: Check[] = [];
  const largest = (db: string) =>
    report.datasets.filter((d) => d.database === db).sort((a, b) => b.issues - a.issues)[0];
  const smallest = (db: string) =>
    report.datasets.filter((d) => d.database === db).sort((a, b) => a.issues - b.issues)[0];

  for (const db of ['postgres', 'pglite'] as const) {
    const big = largest(db);
    if (!big) continue;
    const tag = `${db} ${big.size}`;
    const a1 = find(big, 'A1', 1);
    // quality.md A1, tightened from 15 / 40 ms once 8.4 / 18 ms were measured.
    const a1Budget = db === 'postgres' ? 5 : 20;
    checks.push({
      id: 'A1',
      what: `kanban first page, ${tag}`,
      budget: `p95 ≤ ${a1Budget} ms`,
      measured: ms(a1?.result.p95),
      pass: a1 ? a1.result.p95 <= a1Budget : null,
    });
    for (const id of ['A1-cycle', 'A1-module']) {
      const grouped = find(big, id, 1);
      checks.push({
        id,
        what: `kanban grouped by ${id === 'A1-cycle' ? 'cycle' : 'module'}, ${tag}`,
        budget: `p95 ≤ ${a1Budget} ms`,
        measured: ms(grouped?.result.p95),
        pass: grouped ? grouped.result.p95 <= a1Budget : null,
      });
    }
    const small = smallest(db);
    const a1Small = find(small, 'A1', 1);
    if (small && small !== big && a1 && a1Small) {
      const ratio = Math.round((a1.result.p95 / a1Small.result.p95) * 100) / 100;
      checks.push({
        id: 'A2',
        what: `flatness ${db}: A1 p95 ${big.size} / ${small.size}`,
        budget: '≤ 1.5',
        measured: `${ratio} (${a1.result.p95} / ${a1Small.result.p95} ms)`,
        pass: ratio <= 1.5,
      });
    }
    const a3 = find(big, 'A3', 1);
    const a3c =
      report.datasets.length > 0
        ? big.runs.find((r) => r.id === 'A3' && r.result.connections > 1)
        : undefined;
    if (db === 'postgres') {
      checks.push({
        id: 'A3',
        what: `issue detail, ${tag}`,
        budget: 'p50 ≤ 2 ms, ≥ 3,000 req/s at 50 connections',
        measured: `p50 ${ms(a3?.result.p50)}, ${a3c?.result.rps ?? 'n/a'} req/s`,
        pass: a3 && a3c ? a3.result.p50 <= 2 && a3c.result.rps >= 3000 : null,
      });
    } else {
      checks.push({
        id: 'A3',
        what: `issue detail, ${tag} (budget is for PostgreSQL)`,
        budget: '–',
        measured: `p50 ${ms(a3?.result.p50)}, ${a3c?.result.rps ?? 'n/a'} req/s`,
        pass: null,
      });
    }
    for (const [label, page] of [
      ['flat list page 1', 'page 1'],
      ['flat list page 400', 'page 400'],
    ] as const) {
      const a4 = find(big, 'A4', 1, label);
      checks.push({
        id: 'A4',
        what: `flat list 100, ${page}, ${tag}`,
        budget: 'p95 ≤ 30 ms',
        measured: ms(a4?.result.p95),
        pass: a4 ? a4.result.p95 <= 30 : null,
      });
    }
    const a6 = find(big, 'A6', 20);
    checks.push({
      id: 'A6',
      what: `realtime: a change heard by 20 sockets, ${tag}`,
      budget: 'p95 ≤ 50 ms, none missed',
      measured: a6
        ? `p95 ${ms(a6.result.p95)}, ${a6.result.errors} missed of ${a6.result.requests + a6.result.errors}`
        : 'n/a',
      pass: a6 ? a6.result.p95 <= 50 && a6.result.errors === 0 : null,
    });
    // quality.md A10: one node, and (PostgreSQL) two app nodes relaying to each other.
    for (const a10 of big.runs.filter((r) => r.id === 'A10')) {
      checks.push({
        id: 'A10',
        what: `${a10.label}, ${tag}`,
        budget: 'p95 ≤ 100 ms, none missed',
        measured: `p95 ${ms(a10.result.p95)}, ${a10.result.errors} missed of ${a10.result.requests + a10.result.errors}`,
        pass: a10.result.p95 <= 100 && a10.result.errors === 0,
      });
    }
    const a5 = find(big, 'A5', 1);
    const a5c = big.runs.find((r) => r.id === 'A5' && r.result.connections > 1);
    checks.push({
      id: 'A5',
      what: `state change, ${tag}`,
      budget: 'p95 ≤ 10 ms, ≥ 1,000 writes/s',
      measured: `p95 ${ms(a5?.result.p95)}, ${a5c?.result.rps ?? 'n/a'} writes/s`,
      pass: a5 && a5c ? a5.result.p95 <= 10 && a5c.result.rps >= 1000 : null,
    });
    // quality.md A9 (analytics charts): the budget is for PostgreSQL.
    for (const a9 of big.runs.filter((r) => r.id === 'A9')) {
      checks.push({
        id: 'A9',
        what: `${a9.label}, ${tag}${db === 'postgres' ? '' : ' (budget is for PostgreSQL)'}`,
        budget: db === 'postgres' ? 'p95 ≤ 100 ms' : '–',
        measured: ms(a9.result.p95),
        pass: db === 'postgres' ? a9.result.p95 <= 100 : null,
      });
    }
    const a8 = big.runs.find((r) => r.id === 'A8');
    checks.push({
      id: 'A8',
      what: `mixed load, ${tag}`,
      budget: '≥ 1,000 req/s at p95 ≤ 50 ms, 0 errors',
      measured: a8
        ? `${a8.result.rps} req/s, p95 ${a8.result.p95} ms, ${a8.result.errors + a8.result.non2xx} errors`
        : 'n/a',
      pass: a8
        ? a8.result.rps >= 1000 && a8.result.p95 <= 50 && a8.result.errors + a8.result.non2xx === 0
        : null,
    });
    if (db === 'pglite') {
      const rss = big.idleRssBytes;
      checks.push({
        id: 'U11',
        what: `idle server with embedded database (${big.size} loaded)`,
        // quality.md U11 (raised from 150 MB: Node and PGlite alone take 175–190 MB); the 300 MB
        // under the A8 load is not measured yet (#35).
        budget: 'RSS ≤ 200 MB idle',
        measured: rss === null ? 'n/a' : `${Math.round(rss / 2 ** 20)} MB`,
        pass: rss === null ? null : rss <= 200 * 2 ** 20,
      });
    }
  }
  for (const check of afterChangeChecks(report)) checks.push(check);
  for (const check of uiChecks(report.ui)) checks.push(check);
  for (const check of clusterChecks(report.cluster)) checks.push(check);
  return checks;
}

/**
 * quality.md A11, on every dataset that ran it: judged on PostgreSQL at L (the budget's case),
 * reported elsewhere. The cached read of the same page is shown beside it for comparison.
 */
function afterChangeChecks(report: Report): Check[] {
  const checks: Check[] = [];
  for (const d of report.datasets) {
    const judged = d.database === 'postgres' && d.size === 'L';
    for (const after of d.runs.filter((r) => r.id.startsWith(`${A11}-`) && r.label.endsWith(AFTER_CHANGE))) {
      const cached = d.runs.find((r) => r.id === after.id && r.label.endsWith(CACHED));
      const what = after.label.slice(0, -AFTER_CHANGE.length - 2).replace(/^first page, /, '');
      checks.push({
        id: after.id,
        what: `first page right after a change: ${what}, ${d.database} ${d.size}`,
        budget: judged ? 'p50 ≤ 3 ms' : 'report',
        measured:
          `p50 ${ms(after.result.p50)}, p95 ${ms(after.result.p95)}` +
          (cached ? ` (cached: p50 ${ms(cached.result.p50)}, p95 ${ms(cached.result.p95)})` : ''),
        pass: judged ? after.result.p50 <= 3 : null,
      });
    }
  }
  return checks;
}

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;

/**
 * The cluster row as ratios, reported without a budget (quality.md has none; on a 2-core machine
 * the replicas share the cores with the leader and the app, so little read scaling is expected).
 */
function clusterChecks(cluster: ClusterRun | null): Check[] {
  if (!cluster) return [];
  const checks: Check[] = [];
  const run = (id: string, connections?: number) =>
    cluster.runs.find(
      (r) => r.id === id && (connections === undefined || r.result.connections === connections),
    );
  const leaderOnly = run('CL-R-0');
  for (const [id, replicas] of [
    ['CL-R-2', '2 replicas'],
    ['CL-R-1', '1 replica'],
  ] as const) {
    const reads = run(id);
    checks.push({
      id: 'CL-R',
      what: `cluster: issue-detail reads/s, ${replicas} / leader only (c=${reads?.result.connections ?? '?'})`,
      budget: 'report',
      measured:
        reads && leaderOnly
          ? `${ratio(reads.result.rps, leaderOnly.result.rps)} (${reads.result.rps} / ${leaderOnly.result.rps} req/s; p95 ${reads.result.p95} / ${leaderOnly.result.p95} ms)`
          : 'n/a',
      pass: null,
    });
  }
  const connectionCounts = [
    ...new Set(cluster.runs.filter((r) => r.id === 'CL-W-sync').map((r) => r.result.connections)),
  ];
  for (const connections of connectionCounts) {
    const sync = run('CL-W-sync', connections);
    const async = run('CL-W-async', connections);
    checks.push({
      id: 'CL-W',
      what: `cluster: state-change latency, synchronous / asynchronous replication (c=${connections})`,
      budget: 'report',
      measured:
        sync && async
          ? `p50 ${ratio(sync.result.p50, async.result.p50)} (${sync.result.p50} / ${async.result.p50} ms), ` +
            `p95 ${ratio(sync.result.p95, async.result.p95)} (${sync.result.p95} / ${async.result.p95} ms), ` +
            `${sync.result.rps} / ${async.result.rps} writes/s`
          : 'n/a',
      pass: null,
    });
  }
  return checks;
}

interface UiFigures {
  coldInteractiveMs?: number;
  warmInteractiveMs?: number;
  criticalJsGzipBytes?: number;
  keyboardChangeP95Ms?: number;
  dropP95Ms?: number;
  bigColumnMountMs?: number;
  bigColumnLongestFrameMs?: number;
  paletteSearchP95Ms?: number;
  jsHeapMB?: number;
}

function uiChecks(ui: Record<string, unknown> | null): Check[] {
  if (!ui) return [];
  const u = ui as UiFigures;
  const checks: Check[] = [];
  const add = (
    id: string,
    what: string,
    budget: string,
    measured: number | undefined,
    limit: number,
    unit: string,
  ) =>
    checks.push({
      id,
      what,
      budget,
      measured: measured === undefined ? 'n/a' : `${measured} ${unit}`,
      pass: measured === undefined ? null : measured <= limit,
    });
  add('U1', 'cold load of the L board to board:interactive', '≤ 1,000 ms', u.coldInteractiveMs, 1000, 'ms');
  add(
    'U3',
    'JavaScript on the board route critical path',
    '≤ 200 KB gzip',
    // One decimal and no rounding into the budget: 200.3 KB is over it.
    u.criticalJsGzipBytes === undefined ? undefined : Math.round((u.criticalJsGzipBytes / 1024) * 10) / 10,
    200,
    'KB',
  );
  add('U4', 'keyboard state change to painted frame', 'p95 ≤ 16 ms', u.keyboardChangeP95Ms, 16, 'ms');
  add('U6', '5,000 cards in one column: mount', '≤ 150 ms', u.bigColumnMountMs, 150, 'ms');
  add(
    'U6',
    '5,000 cards in one column: longest frame while scrolling',
    '≤ 50 ms',
    u.bigColumnLongestFrameMs,
    50,
    'ms',
  );
  add('U9', 'command palette search over L', 'p95 ≤ 50 ms', u.paletteSearchP95Ms, 50, 'ms');
  return checks;
}
