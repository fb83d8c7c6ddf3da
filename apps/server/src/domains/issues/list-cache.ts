import type { PreRendered } from '../../platform/http/raw-json.ts';

/** The NOTIFY channel the migration's triggers name a changed project on (payload: its id, or `*`). */
export const PROJECT_CHANGES_CHANNEL = 'kite_project_changed';
/** A change that may touch every project's lists (a user's name orders assignee groups). */
export const ALL_PROJECTS = '*';

/** Taken before a list's first query; a page read under it is kept only if nothing changed since. */
export interface FillTicket {
  projectId: string;
  generation: number;
  epoch: number;
}

export interface IssueListCache {
  get(projectId: string, key: string): PreRendered | undefined;
  /** Null while the change feed is down: nothing is read from or kept in the cache then. */
  ticket(projectId: string): FillTicket | null;
  set(ticket: FillTicket, key: string, page: PreRendered): void;
  /** A project's lists changed (or every project's, with ALL_PROJECTS). */
  invalidate(projectId: string): void;
  /** The change feed is up (changes are heard) or down. */
  setAvailable(up: boolean): void;
  size(): number;
}

/**
 * Rendered list pages (a board's first page is ~180 KB of JSON that PostgreSQL takes ~3 ms to
 * build) kept per process, least recently used first out. Correctness rests on hearing every
 * change: the database's triggers notify the project's id on commit (from any process), and this
 * process also invalidates right after its own writes, before answering them, so a client reads
 * its own writes. A page is kept only if its project's generation did not move while it was read,
 * so a change committed during the read cannot leave a stale page behind.
 */
export function createIssueListCache(
  options: { maxEntries?: number; maxChars?: number } = {},
): IssueListCache {
  const maxEntries = options.maxEntries ?? 64;
  const maxChars = options.maxChars ?? 2_000_000;
  const entries = new Map<string, { projectId: string; page: PreRendered }>();
  const generations = new Map<string, number>();
  let epoch = 0;
  let available = false;

  const entryKey = (projectId: string, key: string) => `${projectId}\n${key}`;
  const clear = () => {
    epoch++;
    entries.clear();
    generations.clear();
  };

  return {
    get(projectId, key) {
      if (!available) return undefined;
      const k = entryKey(projectId, key);
      const entry = entries.get(k);
      if (!entry) return undefined;
      // Least recently used first out: a hit moves to the end.
      entries.delete(k);
      entries.set(k, entry);
      return entry.page;
    },

    ticket(projectId) {
      if (!available) return null;
      return { projectId, generation: generations.get(projectId) ?? 0, epoch };
    },

    set(ticket, key, page) {
      const { projectId } = ticket;
      if (!available || ticket.epoch !== epoch) return;
      if ((generations.get(projectId) ?? 0) !== ticket.generation) return;
      if (page.text().length > maxChars) return;
      entries.set(entryKey(projectId, key), { projectId, page });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },

    invalidate(projectId) {
      if (projectId === ALL_PROJECTS) return clear();
      generations.set(projectId, (generations.get(projectId) ?? 0) + 1);
      for (const [k, entry] of entries) if (entry.projectId === projectId) entries.delete(k);
    },

    setAvailable(up) {
      // Whatever was kept before the feed went down or came up may have missed a change.
      clear();
      available = up;
    },

    size: () => entries.size,
  };
}

/** One key per distinct list request: the same query in any parameter order is one key. */
export function listCacheKey(parts: Record<string, unknown>): string {
  return JSON.stringify(parts, (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
