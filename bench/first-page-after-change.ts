import type { ScenarioRun, Session } from './api.ts';
import { type TimedReadsOptions, timeReads } from './timed-reads.ts';

/** The id every A11 run's id starts with: `--only A11` runs them all. */
export const A11 = 'A11';

interface Planned {
  id: string;
  total_issues?: number;
}

async function listOf(baseUrl: string, session: Session, path: string): Promise<Planned[]> {
  const res = await fetch(baseUrl + path, { headers: session.headers });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Planned[] | { results: Planned[] };
  return Array.isArray(body) ? body : body.results;
}

const fullest = (items: Planned[]) =>
  [...items].sort((a, b) => (b.total_issues ?? 0) - (a.total_issues ?? 0))[0];

/**
 * quality.md A11's pages as the web app asks for them: the board by state (30 a group), the board
 * by state × priority (10 a cell), the flat list (100), and the boards by state of the fullest
 * cycle and module (the current cycle is half as full: it is half over).
 */
async function pagesOf(baseUrl: string, session: Session, projectBase: string) {
  const board = 'group_by=state_id&per_page=30&order_by=sort_order';
  const cycle = fullest(await listOf(baseUrl, session, `${projectBase}/cycles/`));
  const module = fullest(await listOf(baseUrl, session, `${projectBase}/modules/`));
  if (!cycle || !module) throw new Error('A11: the bench project has no cycle or no module');
  return [
    { id: `${A11}-kanban`, what: 'kanban (group_by=state_id)', path: `${projectBase}/issues/?${board}` },
    {
      id: `${A11}-state-priority`,
      what: 'state × priority (sub_group_by=priority)',
      path: `${projectBase}/issues/?group_by=state_id&sub_group_by=priority&per_page=10&order_by=sort_order`,
    },
    {
      id: `${A11}-flat`,
      what: 'flat list page 1 of 100',
      path: `${projectBase}/issues/?per_page=100&order_by=sort_order&cursor=100:0:0`,
    },
    {
      id: `${A11}-cycle`,
      what: `fullest cycle's kanban (${cycle.total_issues ?? '?'} items)`,
      path: `${projectBase}/cycles/${cycle.id}/cycle-issues/?${board}`,
    },
    {
      id: `${A11}-module`,
      what: `fullest module's kanban (${module.total_issues ?? '?'} items)`,
      path: `${projectBase}/modules/${module.id}/issues/?${board}`,
    },
  ];
}

export const AFTER_CHANGE = 'right after a priority change of an item it shows';
export const CACHED = 'read again, nothing changed (cached)';

/**
 * quality.md A11: each page read right after a write to one of the items it shows, and, for
 * comparison, the same page read again with no write between (served from the list cache).
 */
export async function runFirstPageAfterChange(
  baseUrl: string,
  session: Session,
  projectBase: string,
  wanted: (id: string) => boolean,
  options: TimedReadsOptions,
  log: (line: string) => void,
): Promise<ScenarioRun[]> {
  const runs: ScenarioRun[] = [];
  for (const page of await pagesOf(baseUrl, session, projectBase)) {
    if (!wanted(page.id) && !wanted(A11)) continue;
    for (const changeFirst of [true, false]) {
      const result = await timeReads(baseUrl, session, page, projectBase, changeFirst, options);
      const label = `first page, ${page.what}, ${changeFirst ? AFTER_CHANGE : CACHED}`;
      runs.push({ id: page.id, label, result });
      log(
        `${page.id.padEnd(10)} n=${String(result.requests).padEnd(3)} p50 ${result.p50} ms  p95 ${result.p95} ms  ` +
          `p99 ${result.p99} ms  ${label}`,
      );
    }
  }
  return runs;
}
