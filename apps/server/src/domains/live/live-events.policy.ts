/** The rules of live events (api.md §16.1), free of the database and the sockets. */

export type LiveEntity =
  | 'project'
  | 'issue'
  | 'issue_comment'
  | 'intake_issue'
  | 'cycle'
  | 'module'
  | 'workspace_member'
  | 'project_member';
export type LiveType = 'created' | 'updated' | 'deleted';

/** Outbox topics' entity part → the contract's entity names. */
const ENTITIES: Record<string, LiveEntity> = {
  project: 'project',
  issue: 'issue',
  comment: 'issue_comment',
  intake_issue: 'intake_issue',
  cycle: 'cycle',
  module: 'module',
  workspace_member: 'workspace_member',
  project_member: 'project_member',
};

/** The payload key that names each entity's object. */
const ID_KEYS: Record<LiveEntity, string> = {
  project: 'project_id',
  issue: 'issue_id',
  issue_comment: 'comment_id',
  intake_issue: 'intake_issue_id',
  cycle: 'cycle_id',
  module: 'module_id',
  // A membership is named by its user (one membership per user and workspace or project).
  workspace_member: 'user_id',
  project_member: 'user_id',
};

/** How long missed events can be replayed to a reconnecting client. */
export const REPLAY_WINDOW_MS = 60 * 60 * 1000;

/** A committed change as the outbox holds it, read for the live feed. */
export interface StoredEvent {
  id: number;
  workspace_id: string;
  topic: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
}

/** What an event is about, once parsed; undefined for topics the feed does not carry. */
export interface ParsedEvent {
  eventId: number;
  workspaceId: string;
  projectId: string | null;
  entity: LiveEntity;
  type: LiveType;
  objectId: string;
  /** The work item the object belongs to (itself, or a comment's): the guest rule reads its creator. */
  issueId: string | null;
  actorId: string | null;
  at: string;
  changes: Record<string, unknown>;
}

export function parseEvent(event: StoredEvent): ParsedEvent | undefined {
  const [kind, verb] = event.topic.split('.');
  const entity = ENTITIES[kind ?? ''];
  if (!entity || (verb !== 'created' && verb !== 'updated' && verb !== 'deleted')) return undefined;
  const payload = event.payload;
  const text = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : null);
  const objectId = text(ID_KEYS[entity]);
  if (!objectId) return undefined;
  return {
    eventId: event.id,
    workspaceId: event.workspace_id,
    projectId: text('project_id'),
    entity,
    type: verb,
    objectId,
    issueId: entity === 'issue' ? objectId : text('issue_id'),
    actorId: text('actor_id'),
    at: new Date(event.created_at).toISOString(),
    changes: (payload.changes as Record<string, unknown> | undefined) ?? {},
  };
}

/** What a subscriber may see: their projects, and those where they see only what they created. */
export interface Visibility {
  userId: string;
  projectIds: ReadonlySet<string>;
  ownOnlyProjectIds: ReadonlySet<string>;
}

/**
 * Whether the subscriber may hear of the event (api.md §16.1: only what they may read): events of
 * projects they are not in are never sent; where they see only their own items (a guest), only
 * events about items they created. `creatorOf` gives a work item's creator (undefined: unknown,
 * as for a deleted item, which a guest then does not hear of).
 */
/**
 * Whose subscriptions must re-check their access before the event is delivered: a membership's
 * user (`user`), everyone in the workspace when a project appears, goes or changes who sees what
 * (`workspace`), or nobody.
 */
export function accessChangedBy(event: ParsedEvent): { user: string } | 'workspace' | null {
  if (event.entity === 'workspace_member' || event.entity === 'project_member')
    return { user: event.objectId };
  if (event.entity !== 'project') return null;
  if (event.type !== 'updated') return 'workspace';
  return 'guest_view_all_features' in event.changes ? 'workspace' : null;
}

export function mayReceive(
  visibility: Visibility,
  event: ParsedEvent,
  creatorOf: (issueId: string) => string | null | undefined,
): boolean {
  // Every member may list the workspace's members.
  if (event.entity === 'workspace_member') return true;
  if (!event.projectId || !visibility.projectIds.has(event.projectId)) return false;
  if (!visibility.ownOnlyProjectIds.has(event.projectId)) return true;
  if (['project', 'project_member', 'cycle', 'module'].includes(event.entity)) return true;
  return event.issueId !== null && creatorOf(event.issueId) === visibility.userId;
}

/** `event_id` on the wire: the outbox id, zero-padded so that it also sorts as text. */
export const wireEventId = (id: number): string => String(id).padStart(15, '0');

export function parseWireEventId(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{1,18}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}
