import type { ResolvedSession } from '../../platform/http/hooks.ts';

/** The NOTIFY channel the database's triggers name on commit when who-may-see-what changed. */
export const ACCESS_CHANGES_CHANNEL = 'kite_access_changed';

/**
 * What a session resolves to (its user and, for a workspace or project route, that membership),
 * kept per process so that a read does not repeat the same five-table lookup on every request.
 *
 * It stays true by forgetting everything on any change to sessions, users, workspaces, projects or
 * memberships: the migration's statement triggers notify `kite_access_changed` on commit to every
 * process, and a process forgets at once after its own writes that may change access, before
 * answering them (so the writer's next request, and the removed member's, see the change). Those
 * tables change seldom next to the reads. While the change feed is down, nothing is kept.
 */
export interface AccessCache {
  /** Taken before the lookup: what it read is kept only if nothing changed meanwhile. */
  ticket(): number | null;
  get(key: string, now: number): ResolvedSession | undefined;
  set(ticket: number | null, key: string, value: ResolvedSession, expiresAt: number): void;
  clear(): void;
  setAvailable(up: boolean): void;
  size(): number;
}

export function createAccessCache(options: { maxEntries?: number; ttlMs?: number } = {}): AccessCache {
  const maxEntries = options.maxEntries ?? 10_000;
  // A backstop only: every change is heard; a lost notification cannot outlive this.
  const ttlMs = options.ttlMs ?? 60_000;
  const entries = new Map<string, { value: ResolvedSession; until: number }>();
  let epoch = 0;
  let available = false;

  const clear = () => {
    epoch++;
    entries.clear();
  };

  return {
    ticket: () => (available ? epoch : null),

    get(key, now) {
      if (!available) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },

    set(ticket, key, value, expiresAt) {
      if (!available || ticket !== epoch) return;
      // Shared by every request of the session from now on: nobody may change it in place.
      const { user, workspace, project } = value;
      const parts = [value, user, workspace, workspace?.workspace, workspace?.membership, project];
      for (const part of [...parts, project?.project, project?.membership]) if (part) Object.freeze(part);
      entries.set(key, { value, until: Math.min(expiresAt, Date.now() + ttlMs) });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },

    clear,

    setAvailable(up) {
      clear();
      available = up;
    },

    size: () => entries.size,
  };
}
