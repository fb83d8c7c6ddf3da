import type { IssueDetail, ListIssuesQuery } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { StatesService } from '../states/states.service.ts';
import { recordIssueChanges } from './issue-activity.ts';
import { lockIssue, updateIssueRow } from './issues.repo.ts';
import type { IssuesService } from './issues.service.ts';

export type ArchiveService = ReturnType<typeof createArchiveService>;

/** Only work items in completed or cancelled states can be archived (api.md §5.14). */
export function createArchiveService(db: Db, deps: { issues: IssuesService; states: StatesService }) {
  async function setArchived(project: ProjectAccess, user: UserRow, issueId: string, archive: boolean) {
    const p = project.project;
    await deps.issues.assertVisible(project, user, issueId);
    return db.transaction(async (tx) => {
      const current = await lockIssue(tx, p.id, issueId);
      if (!current) throw new AppError('not_found', 'Issue not found');
      if (archive) {
        const state = await deps.states.find(tx, p.id, current.state_id);
        if (!state || !['completed', 'cancelled'].includes(state.group)) {
          throw new AppError(
            'bad_request',
            'Only work items in completed or cancelled states can be archived',
            'ARCHIVE_NOT_ALLOWED',
          );
        }
      }
      const row = await updateIssueRow(tx, p.id, issueId, {
        archived_at: archive ? new Date() : null,
        updated_by: user.id,
      });
      await recordIssueChanges(tx, user.id, current, row);
      return row;
    });
  }

  return {
    async archive(project: ProjectAccess, user: UserRow, issueId: string) {
      const row = await setArchived(project, user, issueId, true);
      return { archived_at: row.archived_at!.toISOString() };
    },

    /** All or nothing: every work item must be completed or cancelled. */
    async archiveMany(project: ProjectAccess, user: UserRow, issueIds: string[]) {
      const p = project.project;
      const archivedAt = new Date();
      await db.transaction(async (tx) => {
        const states = await deps.states.rowsOf(tx, p.id);
        const closed = new Set(
          states.filter((s) => ['completed', 'cancelled'].includes(s.group)).map((s) => s.id),
        );
        const refused: string[] = [];
        const rows = [];
        for (const issueId of new Set(issueIds)) {
          const current = await lockIssue(tx, p.id, issueId);
          if (!current || !deps.issues.canSee(project, user, current)) {
            throw new AppError('not_found', 'Issue not found');
          }
          if (!closed.has(current.state_id)) refused.push(issueId);
          rows.push(current);
        }
        if (refused.length > 0) {
          throw new AppError(
            'bad_request',
            'Only work items in completed or cancelled states can be archived',
            'ARCHIVE_NOT_ALLOWED',
            {
              fields: Object.fromEntries(refused.map((id) => [id, 'Not in a completed or cancelled state'])),
            },
          );
        }
        for (const current of rows) {
          const row = await updateIssueRow(tx, p.id, current.id, {
            archived_at: archivedAt,
            updated_by: user.id,
          });
          await recordIssueChanges(tx, user.id, current, row);
        }
      });
      return { archived_at: archivedAt.toISOString() };
    },

    async restore(project: ProjectAccess, user: UserRow, issueId: string): Promise<void> {
      await setArchived(project, user, issueId, false);
    },

    async getArchived(project: ProjectAccess, user: UserRow, issueId: string): Promise<IssueDetail> {
      const detail = await deps.issues.get(project, user, issueId);
      if (!detail.archived_at) throw new AppError('not_found', 'Issue not found');
      return detail;
    },

    list: (project: ProjectAccess, user: UserRow, query: ListIssuesQuery) =>
      deps.issues.list(project, user, query, 'archived'),
  };
}
