import type { Db } from '../../platform/db/database.ts';
import { archiveStaleIssues, closeStaleIssues, tryAutomationLock } from './automations.repo.ts';

export type AutomationsService = ReturnType<typeof createAutomationsService>;

/** Project automations (api.md §4.2): auto-archive and auto-close, run daily by the scheduler. */
export function createAutomationsService(db: Db) {
  return {
    async run(now = new Date()): Promise<{ archived: number; closed: number; skipped: boolean }> {
      return db.transaction(async (tx) => {
        if (!(await tryAutomationLock(tx))) return { archived: 0, closed: 0, skipped: true };
        // Close first: an item closed today is not old enough to be archived in the same run.
        const closed = await closeStaleIssues(tx, now);
        const archived = await archiveStaleIssues(tx, now);
        return { archived: archived.length, closed: closed.length, skipped: false };
      });
    },
  };
}
