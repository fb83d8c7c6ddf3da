import {
  type DisplayFilters,
  FILTER_KEYS,
  type Filters,
  type ListIssuesQuery,
  UNTITLED_VIEW,
  type UpdateViewBody,
} from '@kite/shared/contracts';
import { type ViewFacts, viewRights } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { checkFilterParams, isOrderBy } from '../issues/issue-query.ts';
import type { FilterIds } from './views.repo.ts';

/**
 * The rules of saved views (api.md §8), free of the database, as the API refuses them. The rights
 * themselves are `viewRights` in the shared domain, the one definition the web shows too.
 */

export type ViewState = ViewFacts;

const forbidden = (message: string) => new AppError('forbidden', message);
export const viewLocked = () => new AppError('bad_request', 'View is locked', 'VIEW_LOCKED');

/** A blank name becomes `Untitled` (spec §5). */
export const viewName = (name: string): string => (name.trim() === '' ? UNTITLED_VIEW : name.trim());

/** A private view exists for its owner alone: everyone else, admins included, gets 404. */
export const canSee = (view: ViewState, userId: string): boolean =>
  viewRights(view, { userId, role: 0 }).canView;

/**
 * Why an edit is refused, if it is, in the contract's order (403 before 400): only the owner changes
 * `access` or `is_locked`; others need the admin role (and see only public views); a locked view
 * takes nothing but its lock flag, and only its owner changes that.
 */
export function editRefusal(view: ViewState, userId: string, role: number, body: UpdateViewBody) {
  const rights = viewRights(view, { userId, role });
  const changesAccess = body.access !== undefined && body.access !== view.access;
  const changesLock = body.is_locked !== undefined && body.is_locked !== view.is_locked;
  if ((changesAccess && !rights.canChangeAccess) || (changesLock && !rights.canLock)) {
    return forbidden("Only the view's owner can change its access or lock");
  }
  if (!rights.editRight) return forbidden("Only the view's owner or an admin can edit it");
  const sent = Object.entries(body).filter(([, value]) => value !== undefined);
  if (view.is_locked && sent.some(([key]) => key !== 'is_locked')) return viewLocked();
  return null;
}

/** The owner or an admin deletes a view; a locked one must be unlocked first. */
export function deleteRefusal(view: ViewState, userId: string, role: number) {
  if (!viewRights(view, { userId, role }).deleteRight) {
    return forbidden("Only the view's owner or an admin can delete it");
  }
  return view.is_locked ? viewLocked() : null;
}

/** A view's filters as the issue list's legacy params: each list joined by commas, empty ones left out. */
export function filterParams(filters: Filters): ListIssuesQuery {
  const query: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const values = (filters[key] ?? []).map((v) => v.trim()).filter((v) => v !== '');
    if (values.length > 0) query[key] = values.join(',');
  }
  return query;
}

/** `fields` for filters the issue list would refuse (a malformed id, priority, state group or date term). */
export function filterErrors(filters: Filters): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(filterParams(filters))) {
    try {
      checkFilterParams({ [key]: value });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      fields[`filters.${key}`] = error.message;
    }
  }
  return fields;
}

const ids = (values: string[] | null) =>
  (values ?? []).map((v) => v.trim()).filter((v) => v !== '' && v !== 'None' && v !== 'null');

/** The ids a view's filters name, by kind (call after `filterErrors` found none: they are uuids). */
export function filterIds(filters: Filters): FilterIds {
  return {
    state: ids(filters.state),
    labels: ids(filters.labels),
    cycle: ids(filters.cycle),
    module: ids(filters.module),
    project: ids(filters.project),
    users: [
      ...new Set([
        ...ids(filters.assignees),
        ...ids(filters.created_by),
        ...ids(filters.subscriber),
        ...ids(filters.mentions),
      ]),
    ],
  };
}

/** The keys of `filters` naming one of these ids, as `fields` (`filters.labels`: …). */
export function foreignIdErrors(filters: Filters, foreign: Set<string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    if (ids(filters[key]).some((id) => foreign.has(id))) {
      fields[`filters.${key}`] = 'Names something that is not in this project or workspace';
    }
  }
  return fields;
}

/**
 * The list query of a view's items: the request's §5.2 params, with the view's order, `type` and
 * `sub_issue` where the request leaves them out. Grouping is never taken from the view: a request
 * without `group_by` asks for a flat page (the "load more of one group" call of §5.2).
 */
export function viewListQuery(display: DisplayFilters, request: ListIssuesQuery): ListIssuesQuery {
  const sent = Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined && v !== ''));
  return {
    ...(isOrderBy(display.order_by) && { order_by: display.order_by }),
    ...(display.type && { type: display.type }),
    sub_issue: display.sub_issue ? 'true' : 'false',
    ...sent,
  };
}
