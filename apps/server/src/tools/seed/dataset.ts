import { DEFAULT_STATES, STATE_GROUP_COLORS, type StateGroup } from '@kite/shared/domain';
import { Random } from './random.ts';

/**
 * The benchmark dataset of quality.md §1: one workspace of 10 projects, one of them holding
 * `issues` work items, spread like a real team's (done-heavy states, mostly unprioritised,
 * 0–3 assignees, ~1.2 labels, 15 % sub-issues, comments and activity).
 * Pure and deterministic: the same options give the same rows.
 */
export interface DatasetOptions {
  issues: number;
  seed: number;
  /** Creation dates run back a year from here; due dates spread around it. */
  anchor: Date;
  /** Work items in each of the nine smaller projects. */
  smallProjectIssues?: number;
}

export const BENCH_ADMIN = {
  email: 'bench-admin@example.com',
  password: 'kite-bench-Passw0rd!',
  workspaceSlug: 'bench',
  mainProjectIdentifier: 'PLAT',
} as const;

const MEMBER_COUNT = 24;
const PROJECT_COUNT = 10;
const LABEL_NAMES = [
  'bug',
  'feature',
  'improvement',
  'frontend',
  'backend',
  'api',
  'design',
  'docs',
  'performance',
  'security',
  'infra',
  'mobile',
  'tech-debt',
  'customer',
  'research',
];
const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Nils',
  'Olga',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Uma',
  'Victor',
  'Wen',
  'Yusuf',
];
const VERBS = [
  'Fix',
  'Add',
  'Improve',
  'Remove',
  'Refactor',
  'Investigate',
  'Document',
  'Speed up',
  'Redesign',
  'Test',
];
const THINGS = [
  'login redirect',
  'board drag preview',
  'CSV export',
  'webhook retries',
  'label picker',
  'search ranking',
  'date picker',
  'email digest',
  'session expiry',
  'dark theme contrast',
  'sidebar collapse',
  'API pagination',
  'attachment upload',
  'comment mentions',
  'cycle burndown',
  'module progress',
  'keyboard shortcuts',
  'notification badge',
  'estimate points',
  'project settings',
  'invite flow',
  'avatar cropping',
];
const PLACES = [
  'on mobile',
  'in Safari',
  'for guests',
  'at 50k issues',
  'after sign-in',
  'in the peek view',
  'for admins',
  '',
];

/** Seven states, done-heavy: weights are the share of work items in each. */
const STATE_PLAN: readonly { name: string; group: StateGroup; weight: number }[] = [
  { name: 'Backlog', group: 'backlog', weight: 12 },
  { name: 'Todo', group: 'unstarted', weight: 10 },
  { name: 'In Progress', group: 'started', weight: 8 },
  { name: 'In Review', group: 'started', weight: 5 },
  { name: 'Done', group: 'completed', weight: 50 },
  { name: 'Released', group: 'completed', weight: 8 },
  { name: 'Cancelled', group: 'cancelled', weight: 7 },
];
const PRIORITY_WEIGHTS = [
  ['none', 40],
  ['low', 20],
  ['medium', 20],
  ['high', 15],
  ['urgent', 5],
] as const;

const DAY = 86_400_000;

export interface SeedUser {
  id: string;
  email: string;
  username: string;
  display_name: string;
  first_name: string;
  last_name: string;
}
export interface SeedProject {
  id: string;
  name: string;
  identifier: string;
  default_state_id: string;
  member_ids: string[];
}
export interface SeedState {
  id: string;
  project_id: string;
  name: string;
  group: StateGroup;
  color: string;
  sequence: number;
  default: boolean;
}
export interface SeedLabel {
  id: string;
  project_id: string;
  name: string;
  color: string;
  sort_order: number;
}
export interface SeedIssue {
  id: string;
  project_id: string;
  sequence_id: number;
  name: string;
  description_html: string;
  description_stripped: string;
  priority: string;
  state_id: string;
  sort_order: number;
  start_date: string | null;
  target_date: string | null;
  completed_at: Date | null;
  parent_id: string | null;
  label_ids: string[];
  assignee_ids: string[];
  cycle_id: string | null;
  module_ids: string[];
  sub_issues_count: number;
  created_at: Date;
  created_by: string;
}
export interface SeedComment {
  id: string;
  project_id: string;
  issue_id: string;
  actor_id: string;
  comment_html: string;
  comment_stripped: string;
  created_at: Date;
}
export interface SeedActivity {
  project_id: string;
  issue_id: string;
  actor_id: string;
  verb: string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  comment: string;
  created_at: Date;
}
export interface SeedCycle {
  id: string;
  project_id: string;
  name: string;
  start_date: string;
  end_date: string;
  sort_order: number;
}
export interface SeedModule {
  id: string;
  project_id: string;
  name: string;
  status: string;
  sort_order: number;
}
export interface Dataset {
  workspaceId: string;
  adminId: string;
  users: SeedUser[];
  projects: SeedProject[];
  states: SeedState[];
  labels: SeedLabel[];
  cycles: SeedCycle[];
  modules: SeedModule[];
  issues: SeedIssue[];
  comments: SeedComment[];
  activities: SeedActivity[];
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function generateDataset(options: DatasetOptions): Dataset {
  const rng = new Random(options.seed);
  const anchor = options.anchor.getTime();
  const users: SeedUser[] = [];
  for (let i = 0; i <= MEMBER_COUNT; i++) {
    const first = i === 0 ? 'Bench' : FIRST_NAMES[(i - 1) % FIRST_NAMES.length]!;
    const last = i === 0 ? 'Admin' : `Member${i}`;
    users.push({
      id: rng.uuid(),
      email: i === 0 ? BENCH_ADMIN.email : `member${i}@example.com`,
      username: i === 0 ? 'bench-admin' : `member${i}`,
      display_name: i === 0 ? 'bench-admin' : `${first.toLowerCase()}${i}`,
      first_name: first,
      last_name: last,
    });
  }
  const admin = users[0]!;
  const workspaceId = rng.uuid();

  const projects: SeedProject[] = [];
  const states: SeedState[] = [];
  const labels: SeedLabel[] = [];
  const issues: SeedIssue[] = [];
  const comments: SeedComment[] = [];
  const activities: SeedActivity[] = [];
  const smallIssues = options.smallProjectIssues ?? 100;

  for (let p = 0; p < PROJECT_COUNT; p++) {
    const main = p === 0;
    const projectId = rng.uuid();
    const members = main ? users : [admin, ...rng.sample(users.slice(1), rng.int(4, 9))];
    const projectStates = STATE_PLAN.map((plan, index) => ({
      id: rng.uuid(),
      project_id: projectId,
      name: plan.name,
      group: plan.group,
      color: STATE_GROUP_COLORS[plan.group],
      sequence: (index + 1) * 15000,
      default: plan.name === DEFAULT_STATES.find((s) => s.default)?.name,
    }));
    states.push(...projectStates);
    const projectLabels = LABEL_NAMES.map((name, index) => ({
      id: rng.uuid(),
      project_id: projectId,
      name,
      color: `#${((rng.next() * 0xffffff) >>> 0).toString(16).padStart(6, '0')}`,
      sort_order: 65535 + index * 10000,
    }));
    labels.push(...projectLabels);
    projects.push({
      id: projectId,
      name: main ? 'Platform' : `Project ${p + 1}`,
      identifier: main ? BENCH_ADMIN.mainProjectIdentifier : `P${p + 1}`,
      default_state_id: projectStates.find((s) => s.default)!.id,
      member_ids: members.map((m) => m.id),
    });

    const count = main ? options.issues : smallIssues;
    const nextSortOrder = new Map<string, number>();
    const parents: SeedIssue[] = [];
    const stateWeights = projectStates.map((s, i) => [s, STATE_PLAN[i]!.weight] as const);
    for (let n = 1; n <= count; n++) {
      const state = rng.weighted(stateWeights);
      const createdAt = anchor - 365 * DAY + Math.floor(((n - 0.5) / count) * 364 * DAY);
      const creator = rng.pick(members);
      const sortOrder = (nextSortOrder.get(state.id) ?? 65535) + 10000;
      nextSortOrder.set(state.id, sortOrder);
      const labelCount = rng.weighted([
        [0, 20],
        [1, 45],
        [2, 30],
        [3, 5],
      ] as const);
      const assigneeCount = rng.weighted([
        [0, 25],
        [1, 50],
        [2, 18],
        [3, 7],
      ] as const);
      const parent = parents.length > 0 && rng.chance(0.15) ? rng.pick(parents) : null;
      const hasTarget = rng.chance(0.6);
      const target = hasTarget ? anchor + rng.int(-60, 90) * DAY : null;
      const start = target !== null && rng.chance(0.6) ? target - rng.int(1, 21) * DAY : null;
      const done = state.group === 'completed';
      const name = `${rng.pick(VERBS)} ${rng.pick(THINGS)} ${rng.pick(PLACES)}`.trim();
      const issue: SeedIssue = {
        id: rng.uuid(),
        project_id: projectId,
        sequence_id: n,
        name,
        description_html: `<p>${name}. Steps and notes for #${n}.</p>`,
        description_stripped: `${name}. Steps and notes for #${n}.`,
        priority: rng.weighted(PRIORITY_WEIGHTS),
        state_id: state.id,
        sort_order: sortOrder,
        start_date: start === null ? null : isoDate(start),
        target_date: target === null ? null : isoDate(target),
        completed_at: done ? new Date(createdAt + rng.int(1, 30) * DAY) : null,
        parent_id: parent?.id ?? null,
        label_ids: rng.sample(projectLabels, labelCount).map((l) => l.id),
        assignee_ids: rng.sample(members.slice(1), assigneeCount).map((m) => m.id),
        cycle_id: null,
        module_ids: [],
        sub_issues_count: 0,
        created_at: new Date(createdAt),
        created_by: creator.id,
      };
      if (parent) parent.sub_issues_count += 1;
      else parents.push(issue);
      issues.push(issue);

      activities.push({
        project_id: projectId,
        issue_id: issue.id,
        actor_id: creator.id,
        verb: 'created',
        field: null,
        old_value: null,
        new_value: null,
        comment: 'created the work item',
        created_at: issue.created_at,
      });
      if (state.id !== projects[p]!.default_state_id) {
        activities.push({
          project_id: projectId,
          issue_id: issue.id,
          actor_id: rng.pick(members).id,
          verb: 'updated',
          field: 'state',
          old_value: projects[p]!.default_state_id,
          new_value: state.id,
          comment: 'changed the state',
          created_at: new Date(createdAt + DAY),
        });
      }
      const commentCount = rng.weighted([
        [0, 60],
        [1, 25],
        [2, 10],
        [4, 5],
      ] as const);
      for (let c = 0; c < commentCount; c++) {
        const text = `Looked into this: ${rng.pick(THINGS)} ${rng.pick(PLACES)}`.trim();
        comments.push({
          id: rng.uuid(),
          project_id: projectId,
          issue_id: issue.id,
          actor_id: rng.pick(members).id,
          comment_html: `<p>${text}</p>`,
          comment_stripped: text,
          created_at: new Date(createdAt + (c + 1) * 3_600_000),
        });
      }
    }
  }
  const { cycles, modules } = planWork(options.seed, anchor, projects, issues);
  return {
    workspaceId,
    adminId: admin.id,
    users,
    projects,
    states,
    labels,
    cycles,
    modules,
    issues,
    comments,
    activities,
  };
}

const CYCLE_WEEKS = 2;
/** Two-week cycles from half a year back to a month ahead: past ones completed, one current, some upcoming. */
const CYCLES_BACK = 12;
const CYCLES_AHEAD = 2;
const MODULE_NAMES = [
  'Onboarding',
  'Billing',
  'Search',
  'Mobile',
  'Reporting',
  'Integrations',
  'Security',
  'Performance',
];
const MODULE_STATUSES = ['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled'];

/**
 * Each project's cycles and modules, and the work items in them: an item created during a cycle
 * is in it half the time; most items are in one module, some in two. A random stream of its own,
 * so the rest of the dataset is the same with or without them.
 */
function planWork(seed: number, anchor: number, projects: SeedProject[], issues: SeedIssue[]) {
  const rng = new Random(seed + 7919);
  const cycles: SeedCycle[] = [];
  const modules: SeedModule[] = [];
  const span = CYCLE_WEEKS * 7 * DAY;
  // The current cycle started up to a week ago.
  const currentStart = anchor - 3 * DAY;
  for (const project of projects) {
    const projectCycles: SeedCycle[] = [];
    for (let c = -CYCLES_BACK; c <= CYCLES_AHEAD; c++) {
      const start = currentStart + c * span;
      projectCycles.push({
        id: rng.uuid(),
        project_id: project.id,
        name: `Sprint ${c + CYCLES_BACK + 1}`,
        start_date: isoDate(start),
        end_date: isoDate(start + span - DAY),
        sort_order: 65535 - (c + CYCLES_BACK) * 10000,
      });
    }
    cycles.push(...projectCycles);
    const projectModules = MODULE_NAMES.map((name, m) => ({
      id: rng.uuid(),
      project_id: project.id,
      name,
      status: MODULE_STATUSES[m % MODULE_STATUSES.length]!,
      sort_order: 65535 - m * 10000,
    }));
    modules.push(...projectModules);
    for (const issue of issues) {
      if (issue.project_id !== project.id) continue;
      const created = issue.created_at.getTime();
      const cycle = projectCycles.find(
        (c) => created >= Date.parse(c.start_date) && created < Date.parse(c.start_date) + span,
      );
      if (cycle && rng.chance(0.5)) issue.cycle_id = cycle.id;
      const moduleCount = rng.weighted([
        [0, 30],
        [1, 60],
        [2, 10],
      ] as const);
      issue.module_ids = rng.sample(projectModules, moduleCount).map((m) => m.id);
    }
  }
  return { cycles, modules };
}
