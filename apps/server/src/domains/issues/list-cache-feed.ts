import { randomUUID } from 'node:crypto';
import { bounded } from '../../platform/async/bounded.ts';
import type { Database } from '../../platform/db/database.ts';
import type { IssueRowDb } from '../../platform/db/schema.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { ALL_PROJECTS, type IssueListCache, PROJECT_CHANGES_CHANNEL } from './list-cache.ts';
import { factsOf, type ItemChange } from './list-cache-cells.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_PAYLOAD_BYTES = 7900;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Tells every process's list cache that a project's lists changed. */
export interface ListChanges {
  /** This process's name in its announcements, so that it does not act on its own again. */
  readonly origin: string;
  /** This process's cache forgets the project's pages now; the other processes hear of it shortly. */
  changed(projectId: string): void;
  /** One work item changed (its facts before and after): caches drop only the pages it touches. */
  itemChanged(projectId: string, change: ItemChange): void;
  /** Sends what is waiting; resolves once it is out (a write's answer waits for it). */
  flush(): Promise<void>;
}

/** How long a write's answer waits for its announcement before it goes anyway. */
const ANNOUNCE_WAIT_MS = 1_000;

/**
 * Work-item writes are announced by the app after they commit, not by a trigger: a transaction
 * that notifies holds a database-wide lock through its commit (PostgreSQL serialises notifying
 * commits to keep the queue in commit order), which would make every write wait for the one
 * before it to reach the disk. Here the changes go out in one statement of their own, committed
 * without waiting for the disk or a standby (a notification is not data: losing its commit record
 * in a crash loses nothing), and a write's answer waits for it (`flush`), so that a client that
 * reads through another node right after its answer finds that node's cache told. Writes that
 * come while one announcement is on the wire go out together in the next; changes made outside
 * a request (jobs) go out after a few milliseconds. One process (PGlite) has no one to tell.
 */
export function createListChanges(
  cache: IssueListCache,
  database: Pick<Database, 'kind' | 'raw'>,
  options: { delayMs?: number; onError?: (error: unknown) => void } = {},
): ListChanges {
  const delayMs = options.delayMs ?? 2;
  const origin = randomUUID();
  const onError = options.onError ?? ((error) => console.error('announcing list changes failed', error));
  let pending = new Set<string>();
  let pendingItems: string[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function announce(): Promise<void> {
    const payloads = pending.has(ALL_PROJECTS)
      ? [`${ALL_PROJECTS} ${origin}`]
      : [...[...pending].map((id) => `${id} ${origin}`), ...pendingItems];
    pending = new Set();
    pendingItems = [];
    if (payloads.length === 0) return Promise.resolve();
    return database
      .raw(
        `select set_config('synchronous_commit', 'off', true), pg_notify($1, payload)
           from unnest($2::text[]) as payload`,
        [PROJECT_CHANGES_CHANNEL, payloads],
      )
      .then(() => undefined, onError);
  }
  function start(): Promise<void> {
    sending = announce().finally(() => {
      sending = null;
    });
    return sending;
  }
  /** Sends what is waiting now, or with the next statement if one is on the wire. */
  function send(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (queued) return queued;
    if (pending.size === 0 && pendingItems.length === 0) return sending ?? Promise.resolve();
    if (!sending) return start();
    queued = sending.then(() => {
      queued = null;
      return start();
    });
    return queued;
  }
  const later = () => {
    timer ??= setTimeout(send, delayMs);
  };

  return {
    origin,
    changed(projectId) {
      cache.invalidate(projectId);
      if (database.kind !== 'postgres') return;
      pending.add(projectId);
      later();
    },
    itemChanged(projectId, change) {
      cache.itemChanged(projectId, change);
      if (database.kind !== 'postgres') return;
      const payload = `${projectId} ${origin} ${JSON.stringify(change)}`;
      // NOTIFY takes under 8,000 bytes; an item with hundreds of labels is announced as its project.
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) pending.add(projectId);
      else pendingItems.push(payload);
      later();
    },
    flush: send,
  };
}

/**
 * Tells the list caches of one work item's committed change (its row before and after; null when
 * it was made or deleted). A parent's sub-item count changes with it, which the item's own facts
 * do not say: then the project's lists all go.
 */
export function tellItemChange(
  listChanges: ListChanges,
  projectId: string,
  before: IssueRowDb | null,
  after: IssueRowDb | null,
): void {
  const parentOf = (row: IssueRowDb | null) => row?.parent_id ?? null;
  if (parentOf(before) !== parentOf(after)) {
    listChanges.changed(projectId);
    return;
  }
  listChanges.itemChanged(projectId, {
    id: (after ?? before)!.id,
    before: before && factsOf(before),
    after: after && factsOf(after),
  });
}

/**
 * Keeps the list cache true: it hears the changes other processes announce and the database's
 * triggers send (states, labels, members, cycles, modules, …), and this process's own writes
 * invalidate before they are answered, so the writer's next read sees them. Another node's write
 * reaches this one's cache with the notification, within milliseconds.
 */
export async function connectIssueListCache(app: App, services: Services): Promise<void> {
  const { issueListCache: cache, listChanges, database } = services;
  const feed = await services.database.listen(PROJECT_CHANGES_CHANNEL, {
    onChange: (payload) => {
      const change = parseAnnouncement(payload);
      if (change.origin === listChanges.origin) return;
      if (change.item) cache.itemChanged(change.projectId, change.item);
      else cache.invalidate(change.projectId);
    },
    onStatus: (up) => cache.setAvailable(up),
  });
  if (database.kind === 'postgres') cache.useCatchUp(() => feed.caughtUp());
  app.addHook('onClose', async () => {
    await listChanges.flush();
    await feed.close();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    // Routes whose service tells its changes item by item (`listChangesTold`) are left to it.
    if (!READS.has(request.method) && !request.routeOptions.config.listChangesTold) {
      const projectId = (request.params as { project_id?: string } | undefined)?.project_id;
      // A path's project id that is no uuid names no project (and may hold bytes NOTIFY refuses).
      if (projectId === undefined) listChanges.changed(ALL_PROJECTS);
      else if (UUID.test(projectId)) listChanges.changed(projectId);
    }
    // The announcement, or the wait's bound if the database does not answer (the write stands).
    if (!READS.has(request.method)) await bounded(listChanges.flush(), ANNOUNCE_WAIT_MS, () => undefined);
    return payload;
  });
}

/**
 * `<project>` from a trigger, `<project> <origin>` from an app process, and `<project> <origin>
 * <item change as JSON>` for one work item's change.
 */
export function parseAnnouncement(payload: string): {
  projectId: string;
  origin?: string;
  item?: ItemChange;
} {
  const [projectId = '', origin, ...rest] = payload.split(' ');
  if (rest.length === 0) return { projectId, origin };
  try {
    return { projectId, origin, item: JSON.parse(rest.join(' ')) as ItemChange };
  } catch {
    return { projectId, origin };
  }
}
