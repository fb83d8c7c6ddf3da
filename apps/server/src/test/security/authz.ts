import { ROLE, type Role } from '@kite/shared/domain';
import { type Actor, MEMBER_ROLES, type World } from './world.ts';

/**
 * Who may call a route, as the contract (api.md §0.5 and each route's table) states it. The
 * matrix derives every actor's expected answer from this, so it is written from the contract,
 * not copied from the route's config: a route whose config drifts from it fails.
 */
export type Gate =
  | { kind: 'anyone' }
  | { kind: 'signedIn' }
  | { kind: 'instanceAdmin' }
  | { kind: 'workspace'; role: Role }
  /** `guestOwn`: the route reads or writes one work item, which a guest sees only if they made it. */
  | { kind: 'project'; role: Role; guestOwn: boolean };

export interface RouteCase {
  gate: Gate;
  /** JSON body of every call (the allowed one must succeed with it). */
  body?: (w: World) => unknown;
  /** Send a multipart file instead of JSON: `asset` (a PNG), or the form this makes. */
  multipart?: true | ((w: World) => FormData);
  query?: string;
  /** What the allowed call answers, when it is not a 2xx (a public form answering a bad token). */
  expect?: number;
  /** The allowed call ends its caller's session or account: it runs as a new account of its own. */
  disposable?: true;
  /**
   * The answer covers the whole instance (the console's lists): the canary workspace is part of
   * what the instance admin is shown, so it is not scanned for the canary.
   */
  instanceWide?: true;
  /**
   * A catch-all of a Plane resource Kite lacks: 404 whatever is sent, nothing read or written, so
   * the matrix runs its writes in the shared world and hostile input has nothing to fuzz.
   */
  unsupported?: true;
  /** Answers that a service-level rule gives one actor beyond the gate. */
  except?: Partial<Record<Actor, Outcome>>;
}

export type Outcome = 'allowed' | 401 | 403 | 404;

/** Outsiders of the matrix's workspace: the canary's owner and the instance admin belong to none of it. */
const NOT_IN_WORKSPACE: readonly Actor[] = ['outsider', 'otherAdmin', 'instanceAdmin'];

export function expectedOutcome(route: RouteCase, actor: Actor): Outcome {
  const override = route.except?.[actor];
  if (override !== undefined) return override;
  const { gate } = route;
  if (gate.kind === 'anyone') return 'allowed';
  if (actor === 'anonymous') return 401;
  if (gate.kind === 'signedIn') return 'allowed';
  if (gate.kind === 'instanceAdmin') return actor === 'instanceAdmin' ? 'allowed' : 403;
  if (NOT_IN_WORKSPACE.includes(actor)) return 404;
  const role = MEMBER_ROLES[actor as keyof typeof MEMBER_ROLES];
  if (gate.kind === 'project') {
    if (actor === 'nonProjectMember') return 404;
    // The guest rule hides the item, unless the route's role already turns the guest away.
    if (actor === 'guest' && gate.guestOwn && gate.role <= ROLE.GUEST) return 404;
  }
  return role >= gate.role ? 'allowed' : 403;
}

/** The actor whose call must succeed: the least privileged one the gate lets through. */
export function lowestAllowed(route: RouteCase): Actor {
  const order: Actor[] = ['anonymous', 'outsider', 'guest', 'viewer', 'member', 'admin', 'instanceAdmin'];
  const actor = order.find((a) => expectedOutcome(route, a) === 'allowed');
  if (!actor) throw new Error('a route nobody may call');
  return actor;
}

export const anyone = (extra: Omit<RouteCase, 'gate'> = {}): RouteCase => ({
  gate: { kind: 'anyone' },
  ...extra,
});
export const signedIn = (extra: Omit<RouteCase, 'gate'> = {}): RouteCase => ({
  gate: { kind: 'signedIn' },
  ...extra,
});
export const instanceAdmin = (extra: Omit<RouteCase, 'gate'> = {}): RouteCase => ({
  gate: { kind: 'instanceAdmin' },
  ...extra,
});
export const workspace = (role: Role, extra: Omit<RouteCase, 'gate'> = {}): RouteCase => ({
  gate: { kind: 'workspace', role },
  ...extra,
});
export const project = (role: Role, extra: Omit<RouteCase, 'gate'> = {}): RouteCase => ({
  gate: { kind: 'project', role, guestOwn: false },
  ...extra,
});
/** A route about one work item (or its comments, links, files…): the guest rule applies. */
export const item = (role: Role, extra: Omit<RouteCase, 'gate'> = {}): RouteCase => ({
  gate: { kind: 'project', role, guestOwn: true },
  ...extra,
});
export { ROLE };

/** Which of a world's projects a project-scoped id comes from (cross-project swaps use `second`). */
export type Which = 'main' | 'second';

type Resolver = (w: World, which: Which, key: string) => Promise<string> | string;

const isPublic = (key: string) => key.includes('/api/public/');

/** The value of each path parameter, by name, in a world: every id names an existing object. */
const PARAMS: Record<string, Resolver> = {
  slug: (w) => w.slug,
  // The intake's routes need the project's intake switched on.
  project_id: (w, which, key) =>
    /\/(inbox|intake)-issues\/|\/(intakes|inboxes)\//.test(key)
      ? w.intakeProjectId(which)
      : w.projectId(which),
  // The work item's id, as Plane's paths name an intake item.
  intake_issue_id: async (w, which) => (await w.intakeItem(which)).issue.id,
  issue_id: async (w, which, key) => {
    if (key.includes('/issue-drafts/')) return (await w.draft(which)).id;
    if (key.endsWith('/archive/') || key.endsWith('/unarchive/')) {
      return key.startsWith('POST') ? (await w.doneIssue(which)).id : (await w.archivedIssue(which)).id;
    }
    return (await w.issue(which)).id;
  },
  comment_id: async (w, which) => (await w.comment(which)).id,
  label_id: async (w, which) => (await w.label(which)).id,
  state_id: async (w, which) => (await w.state(which)).id,
  link_id: async (w, which, key) =>
    key.includes('/module-links/') ? (await w.moduleLink(which)).id : (await w.link(which)).id,
  module_id: async (w, which, key) => {
    if (key.includes('archived-modules') || (key.startsWith('DELETE') && key.endsWith('/archive/'))) {
      return (await w.module(which, 'archived')).id;
    }
    if (key.endsWith('/archive/')) return (await w.module(which, 'completed')).id;
    const module = await w.module(which);
    // Taking an item out of a module needs one in it.
    if (/\/(module-)?issues\/:issue_id\//.test(key)) await w.inModule(which, module.id);
    return module.id;
  },
  attachment_id: async (w, which) => (await w.attachment(which)).id,
  related_issue_id: async (w, which) => (await w.related(which)).id,
  estimate_id: async (w, which) => (await w.estimate(which)).id,
  cycle_id: async (w, which, key) => {
    // Archiving (also through the public API's `archived-cycles/…/archive/`) takes a completed cycle.
    if (key.startsWith('POST') && key.endsWith('/archive/')) return (await w.cycle(which, 'completed')).id;
    if (key.includes('archived-cycles') || (key.startsWith('DELETE') && key.endsWith('/archive/'))) {
      return (await w.cycle(which, 'archived')).id;
    }
    if (key.endsWith('/archive/')) return (await w.cycle(which, 'completed')).id;
    const cycle = await w.cycle(which);
    // Taking an item out of a cycle needs one in it.
    if (key.includes('/cycle-issues/:issue_id/')) await w.inCycle(which, cycle.id);
    return cycle.id;
  },
  view_id: async (w, which, key) =>
    (await w.view(key.includes('/projects/:project_id/') ? which : 'workspace')).id,
  // Restoring takes an archived page.
  page_id: async (w, which, key) =>
    (await w.page(which, key.startsWith('DELETE') && key.endsWith('/archive/') ? 'archived' : 'active')).id,
  image_id: async (w, which) => (await w.pageImage(which)).id,
  favorite_id: async (w) => (await w.favorite()).id,
  notification_id: async (w) => (await w.notification()).id,
  point_id: (w, which) => w.estimatePoint(which),
  board_id: async (w, which) => (await w.deployBoard(which)).id,
  anchor: async (w, which) => (await w.deployBoard(which)).anchor,
  member_id: (w, which, key) =>
    key.includes('/projects/:project_id/')
      ? w.projectMemberId(which)
      : (w.memberships.member ?? w.memberships.admin!),
  user_id: (w, _which, key) => (key.includes('/issue-subscribers/') ? w.subscriber() : w.memberUserId),
  reaction: (w, _which, key) => (key.includes('/comments/') ? w.commentReaction() : w.issueReaction()),
  invitation_id: async (w) => (await w.invitation()).id,
  export_id: async (w) => (await w.exportRequest()).id,
  import_id: async (w, which) => (await w.csvImport(which)).id,
  key: async (w) => `${(await w.project()).identifier}-${(await w.issue()).sequence_id}`,
  token_id: async (w) => (await w.apiToken()).id,
  dashboard_id: async (w) => (await w.dashboard()).id,
  widget_id: async (w) => (await w.dashboard()).widgets[0]!.id,
  webhook_id: async (w) => (await w.webhook()).id,
  activity_id: async (w, which) => (await w.activity(which)).id,
  // Kite's fixed roles have the same ids everywhere (the project's member role).
  role_id: () => '6b697465-726f-4c65-8001-000000000015',
  // The GitHub webhook's sync: the world links no repository (that needs GitHub), so an unknown one.
  sync_id: () => '00000000-0000-4000-8000-00000000feed',
  uidb64: () => 'bm9ib2R5',
  provider: () => 'oidc',
  account_id: () => '00000000-0000-4000-8000-0000000acc01',
  token: () => 'not-a-token',
};

/** Parameters that name an object of one project (swapped for the second project's). */
export const PROJECT_SCOPED = new Set([
  'issue_id',
  'comment_id',
  'label_id',
  'state_id',
  'link_id',
  'attachment_id',
  'related_issue_id',
  'estimate_id',
  'cycle_id',
  'module_id',
  'view_id',
  'point_id',
  'board_id',
  'member_id',
  'intake_issue_id',
  'activity_id',
  'page_id',
  'image_id',
  'import_id',
]);

/** Parameters that are not ids of the caller's workspace objects (nothing to swap). */
const NOT_IDS = new Set([
  'reaction',
  'uidb64',
  'token',
  'anchor',
  'sync_id',
  'provider',
  'account_id',
  // Kite's fixed roles belong to no workspace.
  'role_id',
]);

export function paramNames(url: string): string[] {
  return [...url.matchAll(/:([a-z_0-9]+)/g)].map((m) => m[1]!);
}

export function swappable(url: string): string[] {
  return paramNames(url).filter((name) => !NOT_IDS.has(name));
}

/** The route's path in `w`, every parameter taken from `which` project unless `from` names another source. */
export async function pathIn(
  url: string,
  key: string,
  w: World,
  which: Which = 'main',
  from: Partial<Record<string, () => Promise<string>>> = {},
): Promise<string> {
  let path = url;
  for (const name of paramNames(url)) {
    const resolve = PARAMS[name];
    if (!resolve) throw new Error(`no value for path parameter :${name} (add it to PARAMS)`);
    const value = await (from[name]?.() ?? resolve(w, which, key));
    path = path.replace(`:${name}`, encodeURIComponent(value));
  }
  return path;
}

export function resolverFor(name: string): Resolver {
  return PARAMS[name]!;
}

export { isPublic };
