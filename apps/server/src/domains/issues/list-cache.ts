import type { PreRendered } from '../../platform/http/raw-json.ts';
import { type ChangeEffect, effectOf, type ItemChange, type ListShape } from './list-cache-cells.ts';

/** The NOTIFY channel the migration's triggers name a changed project on (payload: its id, or `*`). */
export const PROJECT_CHANGES_CHANNEL = 'kite_project_changed';
/** A change that may touch every project's lists (a user's name orders assignee groups). */
export const ALL_PROJECTS = '*';

/** Taken before a list's first query; a page read under it is kept only if nothing changed it since. */
export interface FillTicket {
  projectId: string;
  generation: number;
  epoch: number;
  /** The last item change heard (of any project) when the read began. */
  seq: number;
}

/** A rendered list page and what it depends on. */
export interface CachedList {
  page: PreRendered;
  /** Null: any change to the project's items drops it. */
  shape: ListShape | null;
  /** Renders the page again around the same rows with counts read afresh; absent when counts come with the rows. */
  recount?: () => Promise<PreRendered>;
}

export interface CachedEntry {
  list: CachedList;
  /** An item came, went or moved between groups since: the rows hold, the counts must be read again. */
  countsStale: boolean;
}

export interface IssueListCache {
  get(projectId: string, key: string): CachedEntry | undefined;
  /**
   * Resolves true once the changes other processes committed before the call have been heard
   * (`useCatchUp`); false: answer this read from the database.
   */
  caughtUp(): Promise<boolean>;
  /** Where caughtUp asks: the change feed the cache hears other processes through. */
  useCatchUp(check: () => Promise<boolean>): void;
  /** Null while the change feed is down: nothing is read from or kept in the cache then. */
  ticket(projectId: string): FillTicket | null;
  set(ticket: FillTicket, key: string, list: CachedList): void;
  /** A project's lists changed in ways not told item by item (or every project's, with ALL_PROJECTS). */
  invalidate(projectId: string): void;
  /** One work item changed: only the pages it touches go (or keep their rows and recount). */
  itemChanged(projectId: string, change: ItemChange): void;
  /** The change feed is up (changes are heard) or down. */
  setAvailable(up: boolean): void;
  size(): number;
}

/**
 * Item changes remembered for the reads under way, of every project together so that memory stays
 * bounded: a read takes milliseconds, and one that began before the oldest is not kept.
 */
const CHANGE_LOG_LENGTH = 256;

/**
 * Rendered list pages (a board's first page is ~180 KB of JSON that PostgreSQL takes ~3 ms to
 * build) kept per process, least recently used first out. Correctness rests on hearing every
 * change: the database's triggers notify the project's id on commit (from any process), and this
 * process also invalidates right after its own writes, before answering them, so a client reads
 * its own writes. Work-item edits are told item by item with the item's facts before and after,
 * and drop only the pages whose groups they touch (list-cache-cells.ts); a move between groups
 * far from the page keeps the rows and only recounts. A page is kept only if nothing that
 * touches it changed while it was read, so a change committed during the read cannot leave a
 * stale page behind.
 */
export function createIssueListCache(
  options: { maxEntries?: number; maxChars?: number } = {},
): IssueListCache {
  const maxEntries = options.maxEntries ?? 64;
  const maxChars = options.maxChars ?? 2_000_000;
  const entries = new Map<string, { projectId: string } & CachedEntry>();
  const generations = new Map<string, number>();
  const changeLog: { seq: number; projectId: string; change: ItemChange }[] = [];
  let changeSeq = 0;
  let epoch = 0;
  let available = false;
  let catchUp: (() => Promise<boolean>) | undefined;

  const entryKey = (projectId: string, key: string) => `${projectId}\n${key}`;
  const clear = () => {
    epoch++;
    entries.clear();
    generations.clear();
    changeLog.length = 0;
  };
  /** What a change leaves of a page: all of it, its rows (counts to read again), or nothing. */
  const verdict = (list: CachedList, change: ItemChange): 'kept' | 'recount' | 'dropped' => {
    const effect: ChangeEffect = list.shape ? effectOf(list.shape, change) : 'rows';
    if (effect === 'none') return 'kept';
    return effect === 'counts' && list.recount ? 'recount' : 'dropped';
  };

  /** Whether a page read under the ticket is still right: its rows, and whether its counts are. */
  function since(ticket: FillTicket, list: CachedList): 'kept' | 'recount' | 'dropped' {
    if (changeSeq === ticket.seq) return 'kept';
    const first = changeLog[0];
    if (!first || first.seq > ticket.seq + 1) return 'dropped';
    let outcome: 'kept' | 'recount' = 'kept';
    for (const { seq, projectId, change } of changeLog) {
      if (seq <= ticket.seq || projectId !== ticket.projectId) continue;
      const after = verdict(list, change);
      if (after === 'dropped') return after;
      if (after === 'recount') outcome = after;
    }
    return outcome;
  }

  return {
    get(projectId, key) {
      if (!available) return undefined;
      const k = entryKey(projectId, key);
      const entry = entries.get(k);
      if (!entry) return undefined;
      // Least recently used first out: a hit moves to the end.
      entries.delete(k);
      entries.set(k, entry);
      return entry;
    },

    caughtUp: () => (catchUp && available ? catchUp() : Promise.resolve(available)),

    useCatchUp(check) {
      catchUp = check;
    },

    ticket(projectId) {
      if (!available) return null;
      return { projectId, generation: generations.get(projectId) ?? 0, epoch, seq: changeSeq };
    },

    set(ticket, key, list) {
      const { projectId } = ticket;
      if (!available || ticket.epoch !== epoch) return;
      if ((generations.get(projectId) ?? 0) !== ticket.generation) return;
      const outcome = since(ticket, list);
      if (outcome === 'dropped' || list.page.text().length > maxChars) return;
      entries.set(entryKey(projectId, key), { projectId, list, countsStale: outcome === 'recount' });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },

    invalidate(projectId) {
      if (projectId === ALL_PROJECTS) return clear();
      generations.set(projectId, (generations.get(projectId) ?? 0) + 1);
      for (const [k, entry] of entries) if (entry.projectId === projectId) entries.delete(k);
    },

    itemChanged(projectId, change) {
      if (!available) return;
      changeLog.push({ seq: ++changeSeq, projectId, change });
      if (changeLog.length > CHANGE_LOG_LENGTH) changeLog.shift();
      for (const [k, entry] of entries) {
        if (entry.projectId !== projectId) continue;
        const after = verdict(entry.list, change);
        if (after === 'dropped') entries.delete(k);
        else if (after === 'recount') entry.countsStale = true;
      }
    },

    setAvailable(up) {
      // Whatever was kept before the feed went down or came up may have missed a change.
      clear();
      available = up;
    },

    size: () => entries.size,
  };
}

/**
 * A page from the cache, recounted when items moved beyond it, or read and kept when nothing
 * touched it meanwhile. The key holds the day: lists compare dates with today.
 */
export async function readThrough(
  cache: IssueListCache,
  projectId: string,
  parts: Record<string, unknown>,
  read: () => Promise<CachedList>,
): Promise<PreRendered> {
  const key = listCacheKey({ ...parts, day: new Date().toISOString().slice(0, 10) });
  const cached = (await cache.caughtUp()) ? cache.get(projectId, key) : undefined;
  if (cached && !cached.countsStale) return cached.list.page;
  const ticket = cache.ticket(projectId);
  const recount = cached?.list.recount;
  const list = recount ? { ...cached.list, page: await recount() } : await read();
  if (ticket) cache.set(ticket, key, list);
  return list.page;
}

/** One key per distinct list request: the same query in any parameter order is one key. */
export function listCacheKey(parts: Record<string, unknown>): string {
  return JSON.stringify(parts, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
