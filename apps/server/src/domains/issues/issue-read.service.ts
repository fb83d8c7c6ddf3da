import type { IssueDetail, IssueParent, IssueRow } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IssueRowDb, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { groupsOf, issueNotFound, isVisible } from './issue-rules.ts';
import type { IssuesDeps } from './issue-writes.ts';
import { presentActivity, presentIssueDetail, presentIssueRow } from './issues.presenter.ts';
import {
  findIssue,
  findIssueForViewer,
  findIssueIdBySequence,
  findIssueInWorkspace,
  issuesWithGroupByIds,
  listIssueActivity,
} from './issues.repo.ts';

export type IssueReadService = ReturnType<typeof createIssueReadService>;

/** One work item's reads: the detail, by key, its parent and history, and the visibility checks others ask for. */
export function createIssueReadService(db: Db, deps: Pick<IssuesDeps, 'states'>) {
  async function visibleIssue(project: ProjectAccess, user: UserRow, issueId: string, draft = false) {
    const issue = await findIssue(db, project.project.id, issueId);
    if (!isVisible(issue, project, user, draft)) throw issueNotFound();
    return issue;
  }

  async function get(
    project: ProjectAccess,
    user: UserRow,
    issueId: string,
    draft = false,
  ): Promise<IssueDetail> {
    const found = await findIssueForViewer(db, project.project.id, issueId, user.id);
    if (!found || !isVisible(found.issue, project, user, draft)) throw issueNotFound();
    const groups = new Map(found.stateGroup ? [[found.issue.state_id, found.stateGroup]] : []);
    return presentIssueDetail(found.issue, groups, { isSubscribed: found.subscribed });
  }

  return {
    get,

    /**
     * Live work items by id as the lists show them, with their creator (the guest rule needs it):
     * what live events carry. Drafts and intake items are left out; gone ones are simply absent.
     */
    async rowsForEvents(ids: string[]): Promise<Map<string, { row: IssueRow; createdBy: string | null }>> {
      const found = await issuesWithGroupByIds(db, ids);
      return new Map(
        found
          .filter(({ issue }) => !issue.is_draft && !issue.is_intake)
          .map(({ issue, group }) => [
            issue.id,
            { row: presentIssueRow(issue, new Map([[issue.state_id, group]])), createdBy: issue.created_by },
          ]),
      );
    },

    /** 404 unless the caller may see the work item (guest rule, drafts); returns it. */
    assertVisible: (project: ProjectAccess, user: UserRow, issueId: string) =>
      visibleIssue(project, user, issueId),

    /** The visibility rule applied to a row already read (inside a transaction). */
    canSee: (project: ProjectAccess, user: UserRow, row: IssueRowDb) => isVisible(row, project, user, false),

    /** A work item by its key's number within a project the caller belongs to ('Issue not found' otherwise). */
    async getBySequence(
      project: ProjectAccess | undefined,
      user: UserRow,
      sequenceId: number,
    ): Promise<IssueDetail> {
      if (!project?.membership) throw issueNotFound();
      const issueId = await findIssueIdBySequence(db, project.project.id, sequenceId);
      if (!issueId) throw issueNotFound();
      return get(project, user, issueId);
    },

    /** A parent work item in brief (`expand=parent`); null when it is gone or not visible to the caller. */
    async parentOf(
      project: ProjectAccess,
      user: UserRow,
      parentId: string | null,
    ): Promise<IssueParent | null> {
      if (!parentId) return null;
      const parent = await findIssue(db, project.project.id, parentId);
      if (!isVisible(parent, project, user, false)) return null;
      const { id, name, sequence_id, project_id, state_id, priority } = parent;
      return { id, name, sequence_id, project_id, state_id, priority };
    },

    /** Property changes of a visible work item (api.md §5.13), oldest first. */
    async activity(project: ProjectAccess, user: UserRow, issueId: string, after?: Date) {
      const issue = await visibleIssue(project, user, issueId);
      const isAdmin = (project.role ?? 0) >= ROLE.ADMIN;
      const rows = await listIssueActivity(db, issueId, after);
      return rows.map(({ activity, actor }) =>
        presentActivity(activity, actor, issue, isAdmin || actor?.id === user.id),
      );
    },

    /** A live, published work item anywhere in the workspace (for relations across projects). */
    async findInWorkspace(tx: Executor, workspaceId: string, issueId: string) {
      const issue = await findIssueInWorkspace(tx, workspaceId, issueId);
      return issue && !issue.is_draft && !issue.is_intake ? issue : undefined;
    },

    /** A live work item of the project, waiting in intake or not (drafts are their creator's alone). */
    async findInProject(tx: Executor, projectId: string, issueId: string) {
      const issue = await findIssue(tx, projectId, issueId);
      return issue && !issue.is_draft ? issue : undefined;
    },

    /** A published project's work item for anonymous visitors (api.md §4.8). */
    async getPublished(projectId: string, issueId: string): Promise<IssueDetail> {
      const issue = await findIssue(db, projectId, issueId);
      if (!issue || issue.is_draft || issue.archived_at || issue.is_intake) throw issueNotFound();
      return presentIssueDetail(issue, groupsOf(await deps.states.rowsOf(db, projectId)), {
        isSubscribed: false,
      });
    },
  };
}
