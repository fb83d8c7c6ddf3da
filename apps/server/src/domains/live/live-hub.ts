import { randomUUID } from 'node:crypto';
import type { ChangeFeed } from '../../platform/db/change-feed.ts';
import type { Database, Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import {
  accessChangedBy,
  mayReceive,
  type ParsedEvent,
  parseEvent,
  REPLAY_WINDOW_MS,
  type StoredEvent,
  type Visibility,
  wireEventId,
} from './live-events.policy.ts';
import { eventsAfter, eventTime, latestEventId } from './live-events.repo.ts';

/** Where processes tell each other that events were committed (the rows are read from the outbox). */
export const LIVE_CHANNEL = 'kite_live_events';

/** Events are read in pages of this many. */
const PAGE = 500;
/**
 * Transactions commit out of id order: each read looks this many ids back and skips what it has
 * already sent, so an event committed late behind a newer one is not missed.
 */
const LOOK_BACK = 200;
/** With subscribers, the outbox is read at least this often (events of background jobs). */
const POLL_MS = 1000;

/** One socket's subscription to one workspace. */
export interface Subscription {
  readonly workspaceId: string;
  visibility: Visibility;
  send(message: object): void;
  /**
   * Reads the subscriber's access again (a membership or project changed): updates `visibility`,
   * or ends the subscription when the workspace is no longer theirs.
   */
  refresh?(): Promise<void>;
  /** Events up to this id were committed before it subscribed (set by the hub). */
  after?: number;
}

/** A change of who may see what in a workspace, for one user (`userId`) or everyone (null). */
export interface AccessChange {
  workspaceId: string;
  /** The project it concerns; null: every project of the workspace (a workspace role). */
  projectId: string | null;
  userId: string | null;
}

/** Another holder of open sockets whose rights follow memberships (page collaboration). */
export interface AccessWatcher {
  /** The workspaces it has sockets in: their events are read even without subscriptions. */
  workspaceIds(): Iterable<string>;
  changed(change: AccessChange): Promise<void>;
}

export type LiveHub = ReturnType<typeof createLiveHub>;

/**
 * The live event feed of one app process (api.md §16.1). Writes announce themselves (`poke`, and
 * NOTIFY to the other processes); the hub then reads the committed events after its cursor from
 * the outbox — once per process, whoever listens — builds each message once, and sends it to the
 * subscribers allowed to read its object. Access watchers hear the membership and project changes
 * among those events, as the subscriptions do.
 */
export function createLiveHub(deps: {
  db: Db;
  database: Pick<Database, 'kind' | 'raw' | 'listen'>;
  issues: Pick<IssuesService, 'rowsForEvents'>;
  projectMembers: Pick<ProjectMembersService, 'visibilityOf'>;
}) {
  const origin = randomUUID();
  const byWorkspace = new Map<string, Set<Subscription>>();
  const watchers: AccessWatcher[] = [];
  let cursor = 0;
  const sent = new Set<number>();
  let running: Promise<void> | null = null;
  let rerun = false;
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let feed: ChangeFeed | undefined;
  let notifyTimer: NodeJS.Timeout | undefined;

  /** Messages of these events, built once; a message per subscriber allowed to read its object. */
  async function deliver(events: StoredEvent[], to: (workspaceId: string) => Iterable<Subscription>) {
    const parsed = events.map(parseEvent).filter((e): e is ParsedEvent => e !== undefined);
    if (parsed.length === 0) return;
    const issueIds = [...new Set(parsed.map((e) => e.issueId).filter((id): id is string => id !== null))];
    const issues = await deps.issues.rowsForEvents(issueIds);
    for (const event of parsed) {
      await refreshAccess(event, to(event.workspaceId));
      let data: object = { id: event.objectId };
      if (event.entity === 'issue') {
        if (event.type !== 'deleted') {
          const found = issues.get(event.objectId);
          // Gone (or a draft) since: its own later event says so.
          if (!found) continue;
          data = found.row;
        }
      } else {
        // Until each entity carries its GET object: what changed, and the work item it belongs to.
        data = {
          id: event.objectId,
          ...(event.issueId ? { issue_id: event.issueId } : {}),
          ...(event.type === 'deleted' ? {} : { changes: event.changes }),
        };
      }
      const message = {
        type: event.type,
        event_id: wireEventId(event.eventId),
        workspace_id: event.workspaceId,
        project_id: event.projectId,
        entity: event.entity,
        id: event.objectId,
        data,
        actor_id: event.actorId,
        at: event.at,
      };
      for (const subscription of to(event.workspaceId)) {
        if (event.eventId <= (subscription.after ?? 0)) continue;
        if (mayReceive(subscription.visibility, event, (id) => issues.get(id)?.createdBy)) {
          subscription.send(message);
        }
      }
    }
  }

  /** Subscriptions whose access the event may have changed read it again before it is sent. */
  async function refreshAccess(event: ParsedEvent, subscriptions: Iterable<Subscription>) {
    const changed = accessChangedBy(event);
    if (!changed) return;
    const affected = [...subscriptions].filter(
      (s) => s.refresh && (changed === 'workspace' || s.visibility.userId === changed.user),
    );
    await Promise.all(
      affected.map((s) =>
        s.refresh!().catch((error) => console.error('live events: re-reading access failed', error)),
      ),
    );
  }

  /** Watchers hear each access change among newly committed events, once per process. */
  async function tellWatchers(events: StoredEvent[]) {
    if (watchers.length === 0) return;
    for (const event of events) {
      const parsed = parseEvent(event);
      const changed = parsed && accessChangedBy(parsed);
      if (!changed) continue;
      const change: AccessChange = {
        workspaceId: parsed.workspaceId,
        projectId: parsed.projectId,
        userId: changed === 'workspace' ? null : changed.user,
      };
      await Promise.all(
        watchers.map((watcher) =>
          watcher
            .changed(change)
            .catch((error) => console.error('live events: an access watcher failed', error)),
        ),
      );
    }
  }

  function workspacesToRead(): string[] {
    const ids = new Set(byWorkspace.keys());
    for (const watcher of watchers) for (const id of watcher.workspaceIds()) ids.add(id);
    return [...ids];
  }

  async function readNew(): Promise<void> {
    const workspaceIds = workspacesToRead();
    if (workspaceIds.length === 0) return;
    const since = new Date(Date.now() - REPLAY_WINDOW_MS);
    for (;;) {
      const rows = await eventsAfter(deps.db, workspaceIds, Math.max(0, cursor - LOOK_BACK), since, PAGE);
      const fresh = rows.filter((row) => !sent.has(row.id));
      await tellWatchers(fresh);
      await deliver(fresh, (workspaceId) => byWorkspace.get(workspaceId) ?? []);
      for (const row of rows) {
        sent.add(row.id);
        if (row.id > cursor) cursor = row.id;
      }
      for (const id of sent) if (id <= cursor - LOOK_BACK) sent.delete(id);
      if (rows.length < PAGE || fresh.length === 0) return;
    }
  }

  /** Reads what was committed since the last read; concurrent calls coalesce into one more read. */
  function pump(): Promise<void> {
    if (running) {
      rerun = true;
      return running;
    }
    running = readNew()
      .catch((error) => console.error('live events: reading the outbox failed', error))
      .finally(() => {
        running = null;
        if (rerun) {
          rerun = false;
          void pump();
        }
      });
    return running;
  }

  function schedule() {
    timer ??= setTimeout(() => {
      timer = undefined;
      void pump();
    }, 2);
  }

  return {
    async start() {
      cursor = await latestEventId(deps.db);
      feed = await deps.database.listen(LIVE_CHANNEL, {
        onChange: (from) => {
          if (from !== origin) schedule();
        },
        onStatus: () => schedule(),
      });
      poller = setInterval(() => {
        if (workspacesToRead().length > 0) void pump();
      }, POLL_MS);
      poller.unref();
    },

    /** This process committed events: read them now, and tell the other processes. */
    poke() {
      schedule();
      if (deps.database.kind !== 'postgres') return;
      notifyTimer ??= setTimeout(() => {
        notifyTimer = undefined;
        deps.database
          .raw('select pg_notify($1, $2)', [LIVE_CHANNEL, origin])
          .catch((error) => console.error('live events: announcing failed', error));
      }, 2);
    },

    /** What the user may see in the workspace now. */
    async visibilityOf(access: WorkspaceAccess, user: UserRow): Promise<Visibility> {
      const { roles, ownOnlyProjectIds } = await deps.projectMembers.visibilityOf(access, user);
      return {
        userId: user.id,
        projectIds: new Set(Object.keys(roles)),
        ownOnlyProjectIds: new Set(ownOnlyProjectIds),
      };
    },

    /**
     * Adds a subscription; with `lastEventId`, first replays what it missed (or answers `resync`
     * when that is older than the replay window or unknown). Live events arriving meanwhile wait
     * and follow the replay, so nothing is missed or reordered.
     */
    async subscribe(subscription: Subscription, lastEventId?: number): Promise<void> {
      if (lastEventId === undefined) {
        subscription.after = await latestEventId(deps.db);
        this.add(subscription);
        return;
      }
      subscription.after = lastEventId;
      const held: object[] = [];
      const live: Subscription = {
        workspaceId: subscription.workspaceId,
        after: lastEventId,
        get visibility() {
          return subscription.visibility;
        },
        send: (message) => held.push(message),
      };
      this.add(live);
      const at = await eventTime(deps.db, subscription.workspaceId, lastEventId);
      if (!at || Date.now() - at.getTime() > REPLAY_WINDOW_MS) {
        subscription.send({ type: 'resync' });
      } else {
        const seen = new Set<string>();
        for (let after = lastEventId; ; ) {
          const rows = await eventsAfter(deps.db, [subscription.workspaceId], after, at, PAGE);
          await deliver(rows, () => [
            {
              ...subscription,
              send: (message) => {
                seen.add((message as { event_id: string }).event_id);
                subscription.send(message);
              },
            },
          ]);
          // What was replayed is not sent again by the live reads that follow.
          if (rows.length > 0) subscription.after = Math.max(subscription.after ?? 0, rows.at(-1)!.id);
          if (rows.length < PAGE) break;
          after = rows.at(-1)!.id;
        }
        held.splice(0, held.length, ...held.filter((m) => !seen.has((m as { event_id: string }).event_id)));
      }
      this.remove(live);
      this.add(subscription);
      for (const message of held) subscription.send(message);
    },

    add(subscription: Subscription) {
      const set = byWorkspace.get(subscription.workspaceId) ?? new Set<Subscription>();
      set.add(subscription);
      byWorkspace.set(subscription.workspaceId, set);
    },

    remove(subscription: Subscription) {
      const set = byWorkspace.get(subscription.workspaceId);
      set?.delete(subscription);
      if (set?.size === 0) byWorkspace.delete(subscription.workspaceId);
    },

    /** Tells the watcher of access changes in the workspaces it names, from now on. */
    watchAccess(watcher: AccessWatcher) {
      watchers.push(watcher);
    },

    /** Reads and sends everything committed so far (tests, shutdown). */
    async flush() {
      while (running) await running;
      await pump();
    },

    async close() {
      clearTimeout(timer);
      clearTimeout(notifyTimer);
      clearInterval(poller);
      byWorkspace.clear();
      watchers.length = 0;
      await running;
      await feed?.close();
    },
  };
}
