import { issueRights, ROLE, sortOrderBetween } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { IssueRowDb, StateRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';

/** The rules every part of the issues service applies the same way: who sees and may change an item. */

export const issueNotFound = () => new AppError('not_found', 'Issue not found');
/** A work item waiting in intake changes through the intake (its own rules: who may edit what, when). */
export const waitingInIntake = () =>
  new AppError('bad_request', 'This work item is waiting in intake: change it from the intake');
export const archivedReadOnly = () => new AppError('bad_request', 'Archived work items are read-only');
export const notPermitted = () =>
  new AppError('forbidden', 'You do not have permission to perform this action');
export const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });

/** The sort order of the first item of an empty column. */
export const FIRST_SORT_ORDER = 65535;

/** A place after `max` (the last sort order of a state's column), or the first place of an empty one. */
export function sortOrderAfter(max: number | null): number {
  const sortOrder = sortOrderBetween(max, null);
  return Number.isFinite(sortOrder) ? sortOrder : FIRST_SORT_ORDER;
}

/** Guests see only the issues they created unless the project lets them see everything. */
export function onlyCreatedBy(project: ProjectAccess, user: UserRow): string | null {
  const role = project.role ?? 0;
  return role <= ROLE.GUEST && !project.project.guest_view_all_features ? user.id : null;
}

/** Drafts are seen only by their creator, and only through the drafts endpoints (`draft: true`). */
export function isVisible(
  issue: IssueRowDb | undefined,
  project: ProjectAccess,
  user: UserRow,
  draft: boolean,
): issue is IssueRowDb {
  if (!issue || issue.is_draft !== draft) return false;
  if (draft) return issue.created_by === user.id;
  const creatorOnly = onlyCreatedBy(project, user);
  return !creatorOnly || issue.created_by === creatorOnly;
}

/** Who may change this work item, and whether it can change: 404 unseen, 403 others' as a guest, 400 archived. */
export function assertWritable(
  issue: IssueRowDb | undefined,
  project: ProjectAccess,
  user: UserRow,
  draft: boolean,
  fromIntake = false,
): asserts issue is IssueRowDb {
  if (!isVisible(issue, project, user, draft)) throw issueNotFound();
  if (!issueRights(issue, { userId: user.id, role: project.role ?? 0 }).canEdit) throw notPermitted();
  if (issue.archived_at) throw archivedReadOnly();
  if (issue.is_intake && !fromIntake) throw waitingInIntake();
}

/** Bulk writes pick items from lists: items waiting in intake are in none, so not found here. */
export function assertPickable(
  issue: IssueRowDb | undefined,
  project: ProjectAccess,
  user: UserRow,
): asserts issue is IssueRowDb {
  if (!isVisible(issue, project, user, false) || issue.is_intake) throw issueNotFound();
}

export function groupsOf(states: Pick<StateRow, 'id' | 'group'>[]): Map<string, string> {
  return new Map(states.map((s) => [s.id, s.group]));
}

/** The subscription rows' scope of a work item. */
export const subscriptionScope = (row: IssueRowDb) => ({
  workspace_id: row.workspace_id,
  project_id: row.project_id,
  issue_id: row.id,
});
