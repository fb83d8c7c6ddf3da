import type { IssueRow } from '@kite/shared/contracts';
import { ROLE, STATE_GROUPS } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { StatesService } from '../states/states.service.ts';
import { recordIssueChanges } from './issue-activity.ts';
import { presentIssueRow } from './issues.presenter.ts';
import { adjustSubIssueCount, ancestorIds, listChildren, lockIssue, updateIssueRow } from './issues.repo.ts';
import type { IssuesService } from './issues.service.ts';

export type SubIssuesService = ReturnType<typeof createSubIssuesService>;

export function createSubIssuesService(db: Db, deps: { issues: IssuesService; states: StatesService }) {
  async function answer(project: ProjectAccess, parentId: string) {
    const states = await deps.states.rowsOf(db, project.project.id);
    const groups = new Map(states.map((s) => [s.id, s.group]));
    const children = await listChildren(db, project.project.id, parentId);
    const sub_issues: IssueRow[] = children.map((c) => presentIssueRow(c, groups));
    const state_distribution: Record<string, string[]> = Object.fromEntries(STATE_GROUPS.map((g) => [g, []]));
    for (const child of sub_issues) state_distribution[child.state__group]?.push(child.id);
    return { sub_issues, state_distribution };
  }

  return {
    async list(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      return answer(project, issueId);
    },

    /** Makes each given work item a child of this one; refuses itself, cycles and other projects. */
    async add(project: ProjectAccess, user: UserRow, issueId: string, childIds: string[]) {
      if ((project.role ?? 0) < ROLE.MEMBER) throw new AppError('forbidden', 'You do not have permission');
      const p = project.project;
      const parent = await deps.issues.assertVisible(project, user, issueId);
      const invalid = (message: string) =>
        new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { sub_issue_ids: message },
        });
      // Items waiting in intake join no hierarchy until they are accepted.
      if (parent.is_intake) throw invalid('A work item waiting in intake cannot take sub-issues');
      await db.transaction(async (tx) => {
        const ancestors = await ancestorIds(tx, issueId);
        for (const childId of new Set(childIds)) {
          if (childId === issueId) throw invalid('A work item cannot be its own sub-issue');
          if (ancestors.includes(childId))
            throw invalid('A work item cannot be a sub-issue of its descendant');
          const child = await lockIssue(tx, p.id, childId);
          if (!child || child.is_intake) throw invalid('Sub-issues must be work items of this project');
          if (child.parent_id === issueId) continue;
          const row = await updateIssueRow(tx, p.id, childId, { parent_id: issueId, updated_by: user.id });
          if (child.parent_id) await adjustSubIssueCount(tx, child.parent_id, -1);
          await adjustSubIssueCount(tx, issueId, 1);
          await recordIssueChanges(tx, user.id, child, row);
        }
      });
      return answer(project, issueId);
    },
  };
}
