import type { Db } from '../../platform/db/database.ts';
import { archiveStaleIssues, closeStaleIssues, tryAutomationLock } from './automations.repo.ts';
import { ALL_PROJECTS } from './list-cache.ts';
import type { ListChanges } from './list-cache-feed.ts';

export type AutomationsService = ReturnType<typeof createAutomationsService>;

/** Project automations (api.md §4.2): auto-archive and auto-close, run daily by the scheduler. */
export function createAutomationsService(db: Db, deps: { listChanges: ListChanges }) {
  return {
    async run(now = new Date()): Promise<{ archived: number; closed: number; skipped: boolean }> {
      const result = await db.transaction(async (tx) => {
        if (!(await tryAutomationLock(tx))) return { archived: 0, closed: 0, skipped: true };
        // Close first: an item closed today is not old enough to be archived in the same run.
        const closed = await closeStaleIssues(tx, now);
        const archived = await archiveStaleIssues(tx, now);
        return { archived: archived.length, closed: closed.length, skipped: false };
      });
      if (result.archived + result.closed > 0) deps.listChanges.changed(ALL_PROJECTS);
      return result;
    },
  };
}
