import { type DashboardWithWidgets, WIDGET_KEYS } from '@kite/shared/contracts';
import { runFirstPageAfterChange } from './first-page-after-change.ts';
import { type LoadOptions, type LoadResult, type RequestSpec, runLoad } from './load.ts';
import { runFanOut } from './realtime.ts';
import type { TimedReadsOptions } from './timed-reads.ts';

export const WORKSPACE = 'bench';
const ADMIN = { email: 'bench-admin@example.com', password: 'kite-bench-Passw0rd!' };

/** A signed-in session as a browser has it: session cookie, CSRF cookie and header. */
export interface Session {
  headers: Record<string, string>;
  writeHeaders: Record<string, string>;
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((line) => line.split(';')[0]!);
}

export async function signIn(baseUrl: string): Promise<Session> {
  const csrf = await fetch(`${baseUrl}/auth/get-csrf-token/`);
  const csrfCookie = cookiesOf(csrf).find((c) => c.startsWith('csrftoken='))!;
  const token = csrfCookie.split('=')[1]!;
  const res = await fetch(`${baseUrl}/auth/sign-in/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token, Cookie: csrfCookie },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = [csrfCookie, ...cookiesOf(res).filter((c) => !c.startsWith('csrftoken='))].join('; ');
  // What a browser sends: compressed answers, JSON.
  const headers = { Cookie: cookie, Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate, br' };
  return { headers, writeHeaders: { ...headers, 'X-CSRFToken': token, 'Content-Type': 'application/json' } };
}

interface Fixture {
  projectBase: string;
  stateIds: string[];
  labelIds: string[];
  memberIds: string[];
  issueIds: string[];
}

async function getJson<T>(baseUrl: string, session: Session, path: string): Promise<T> {
  const res = await fetch(baseUrl + path, { headers: session.headers });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Ids the scenarios draw from: the big project, its states, labels, members and 1,000 work items. */
export async function loadFixture(baseUrl: string, session: Session): Promise<Fixture> {
  const projects = await getJson<{ id: string; identifier: string }[]>(
    baseUrl,
    session,
    `/api/workspaces/${WORKSPACE}/projects/`,
  );
  const project = projects.find((p) => p.identifier === 'PLAT')!;
  const projectBase = `/api/workspaces/${WORKSPACE}/projects/${project.id}`;
  const states = await getJson<{ id: string }[]>(baseUrl, session, `${projectBase}/states/`);
  const labels = await getJson<{ id: string }[]>(baseUrl, session, `${projectBase}/issue-labels/`);
  const members = await getJson<{ member: string | { id: string }; member_id?: string }[]>(
    baseUrl,
    session,
    `${projectBase}/members/`,
  );
  const issueIds: string[] = [];
  for (let page = 0; page < 10; page++) {
    const list = await getJson<{ results: { id: string }[] }>(
      baseUrl,
      session,
      `${projectBase}/issues/?per_page=100&cursor=100:${page * 5}:0`,
    );
    issueIds.push(...list.results.map((r) => r.id));
  }
  return {
    projectBase,
    stateIds: states.map((s) => s.id),
    labelIds: labels.map((l) => l.id),
    memberIds: members.map((m) => m.member_id ?? (typeof m.member === 'string' ? m.member : m.member.id)),
    issueIds,
  };
}

export interface ScenarioRun {
  id: string;
  label: string;
  result: LoadResult;
}

export interface ApiSuiteOptions {
  seconds: number;
  warmupSeconds: number;
  /** Connection counts for the throughput runs. */
  connections: { detail: number; writes: number; mixed: number; board: number };
  /** Run only these scenario ids (all when empty). */
  only: Set<string>;
  /** A11: sequential reads, each after a write (and again without). */
  afterChange: TimedReadsOptions;
}

/** Picks items in a fixed rotation, so every run asks for the same things in the same order. */
function rotation<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/** A1–A6, A8, A9 and A11 of quality.md §1 against one running server. */
export async function runApiSuite(
  baseUrl: string,
  session: Session,
  options: ApiSuiteOptions,
  log: (line: string) => void,
): Promise<ScenarioRun[]> {
  const f = await loadFixture(baseUrl, session);
  const runs: ScenarioRun[] = [];
  /** Whether `--only` leaves this scenario in. */
  const wanted = (id: string) => options.only.size === 0 || options.only.has(id);
  const run = async (id: string, label: string, spec: RequestSpec, connections: number, write = false) => {
    if (!wanted(id)) return;
    const load: LoadOptions = {
      baseUrl,
      headers: write ? session.writeHeaders : session.headers,
      connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
    };
    const result = await runLoad(spec, load);
    runs.push({ id, label, result });
    log(
      `${id.padEnd(10)} c=${String(connections).padEnd(3)} p50 ${result.p50} ms  p95 ${result.p95} ms  ` +
        `${result.rps} req/s  errors ${result.errors + result.non2xx}  ${label}`,
    );
  };

  const board = `${f.projectBase}/issues/?group_by=state_id&per_page=30&order_by=sort_order`;
  await run('A1', 'kanban first page, group_by=state_id, 30 per group, with counts', { path: board }, 1);
  await run('A1', 'kanban first page under concurrency', { path: board }, options.connections.board);
  // The same board grouped by cycle and by module (every cycle / module a group, plus None).
  for (const [id, key] of [
    ['A1-cycle', 'cycle_id'],
    ['A1-module', 'issue_module__module_id'],
  ] as const) {
    const grouped = `${f.projectBase}/issues/?group_by=${key}&per_page=30&order_by=sort_order`;
    await run(id, `kanban first page, group_by=${key}, 30 per group, with counts`, { path: grouped }, 1);
  }

  const nextIssue = rotation(f.issueIds);
  await run(
    'A3',
    'issue detail',
    { path: '', setup: () => ({ path: `${f.projectBase}/issues/${nextIssue()}/` }) },
    1,
  );
  await run(
    'A3',
    'issue detail under concurrency',
    { path: '', setup: () => ({ path: `${f.projectBase}/issues/${nextIssue()}/` }) },
    options.connections.detail,
  );

  const nextAssignee = rotation(f.memberIds.slice(1));
  const nextLabel = rotation(f.labelIds);
  await run(
    'A4',
    'flat list page 1 (100), filtered by assignee + label',
    {
      path: '',
      setup: () => ({
        path: `${f.projectBase}/issues/?per_page=100&assignees=${nextAssignee()}&labels=${nextLabel()}&cursor=100:0:0`,
      }),
    },
    1,
  );
  await run(
    'A4',
    'flat list page 400 (100 per page, unfiltered: the filtered set has fewer pages)',
    { path: `${f.projectBase}/issues/?per_page=100&cursor=100:399:0` },
    1,
  );

  // quality.md A9: one analytics chart (x-axis × segment) over the whole workspace, and each widget
  // of the home dashboard.
  for (const [x, segment] of [
    ['state_id', 'priority'],
    ['labels__id', 'assignees__id'],
    ['created_at__week', 'state__group'],
  ] as const) {
    await run(
      'A9',
      `workspace analytics, x_axis=${x} segment=${segment}`,
      { path: `/api/workspaces/${WORKSPACE}/analytics/?x_axis=${x}&segment=${segment}&y_axis=issue_count` },
      1,
    );
  }
  if (wanted('A9')) {
    const home = `/api/workspaces/${WORKSPACE}/dashboard/`;
    const { dashboard } = await getJson<DashboardWithWidgets>(
      baseUrl,
      session,
      `${home}?dashboard_type=home`,
    );
    for (const widget of WIDGET_KEYS) {
      await run(
        'A9',
        `home dashboard widget ${widget}`,
        { path: `${home}${dashboard.id}/?widget_key=${widget}` },
        1,
      );
    }
  }

  const nextState = rotation(f.stateIds);
  const stateChange = () => ({
    method: 'PATCH' as const,
    path: `${f.projectBase}/issues/${nextIssue()}/`,
    body: JSON.stringify({ state_id: nextState() }),
  });
  await run(
    'A5',
    'state change (activity + outbox)',
    { method: 'PATCH', path: '', setup: stateChange },
    1,
    true,
  );
  await run(
    'A5',
    'state change under concurrency',
    { method: 'PATCH', path: '', setup: stateChange },
    options.connections.writes,
    true,
  );

  if (wanted('A6')) {
    const fan = await runFanOut(baseUrl, session, { sockets: 20, seconds: options.seconds });
    const label = 'realtime: a work-item edit heard by 20 subscribed sockets';
    // In the load table's terms: "requests" are deliveries, "errors" deliveries never heard.
    const result: LoadResult = {
      connections: fan.sockets,
      seconds: options.seconds,
      requests: fan.deliveries,
      rps: Math.round(fan.changes / options.seconds),
      p50: fan.p50,
      p95: fan.p95,
      p99: fan.p99,
      errors: fan.missed,
      non2xx: 0,
      failures: {},
      bytesPerRequest: 0,
      serverTiming: null,
    };
    runs.push({ id: 'A6', label, result });
    log(
      `${'A6'.padEnd(10)} s=${fan.sockets}  p50 ${fan.p50} ms  p95 ${fan.p95} ms  ${fan.changes} changes, ` +
        `${fan.deliveries} deliveries, missed ${fan.missed}  ${label}`,
    );
  }

  let created = 0;
  const mixed = () => {
    const roll = Math.random();
    if (roll < 0.35) return { path: board };
    if (roll < 0.5) return { path: `${f.projectBase}/issues/?per_page=100&assignees=${nextAssignee()}` };
    if (roll < 0.7) return { path: `${f.projectBase}/issues/${nextIssue()}/` };
    if (roll < 0.8) return { path: `${f.projectBase}/search-issues/?search=${encodeURIComponent('login')}` };
    if (roll < 0.95) return stateChange();
    created += 1;
    return {
      method: 'POST' as const,
      path: `${f.projectBase}/issues/`,
      body: JSON.stringify({ name: `Bench created ${created}`, priority: 'low' }),
    };
  };
  await run(
    'A8',
    'mixed: 50% board/list, 20% detail, 10% search, 15% update, 5% create',
    { path: '', setup: mixed },
    options.connections.mixed,
    true,
  );

  runs.push(
    ...(await runFirstPageAfterChange(baseUrl, session, f.projectBase, wanted, options.afterChange, log)),
  );
  return runs;
}
