import {
  type CreateViewBody,
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
  type Favorite,
  type ListIssuesQuery,
  type UpdateViewBody,
  VIEW_ACCESS,
  type View,
  type ViewListQuery,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { IssueViewRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import {
  addProjectFavorite,
  listProjectFavorites,
  removeFavoritesOf,
  removeOthersFavorites,
  removeProjectFavorite,
} from '../favorites/favorites.repo.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import { mergeProperties } from '../user-properties/user-properties.policy.ts';
import { type PropertyObjects, propertyObjects } from '../user-properties/user-properties.presenter.ts';
import {
  canSee,
  deleteRefusal,
  editRefusal,
  filterErrors,
  filterIds,
  filterParams,
  foreignIdErrors,
  viewListQuery,
  viewName,
} from './views.policy.ts';
import { presentView } from './views.presenter.ts';
import {
  findView,
  idsOutsideScope,
  insertView,
  listViews,
  softDeleteView,
  updateViewRow,
  type ViewScope,
} from './views.repo.ts';

export type ViewsService = ReturnType<typeof createViewsService>;

/** Where a request's views live: a project it reached through the project hook, or its workspace. */
export type ViewPlace =
  | { kind: 'project'; project: ProjectAccess }
  | { kind: 'workspace'; access: WorkspaceAccess };

const scopeOf = (place: ViewPlace): ViewScope =>
  place.kind === 'project'
    ? { workspaceId: place.project.project.workspace_id, projectId: place.project.project.id }
    : { workspaceId: place.access.workspace.id, projectId: null };

/** The caller's role where the view lives: the effective project role, or the workspace role. */
const roleIn = (place: ViewPlace): number =>
  place.kind === 'project' ? (place.project.role ?? 0) : place.access.membership.role;

const viewNotFound = () => new AppError('not_found', 'View not found');

export function createViewsService(db: Db, deps: { issues: IssuesService }) {
  /** A live view of the place that the user may see (404 otherwise, a private view of another included). */
  async function visibleView(
    tx: Executor,
    place: ViewPlace,
    user: UserRow,
    viewId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<IssueViewRow> {
    const row = await findView(tx, scopeOf(place), viewId, options);
    if (!row || !canSee(row, user.id)) throw viewNotFound();
    return row;
  }

  async function one(place: ViewPlace, user: UserRow, viewId: string): Promise<View> {
    const [row] = await listViews(db, scopeOf(place), user.id, { viewId });
    if (!row) throw viewNotFound();
    return presentView(row);
  }

  /**
   * The sent objects merged into the current ones and validated by the user-properties schemas; the
   * filters, when sent, must also read as the issue list's filters and name only objects of the
   * view's project (or workspace).
   */
  async function checkedObjects(
    tx: Executor,
    place: ViewPlace,
    current: PropertyObjects,
    body: CreateViewBody,
  ): Promise<Partial<PropertyObjects>> {
    const merged = mergeProperties(current, body);
    if (!merged.filters) return merged;
    let fields = filterErrors(merged.filters);
    if (Object.keys(fields).length === 0) {
      const foreign = await idsOutsideScope(tx, scopeOf(place), filterIds(merged.filters));
      fields = foreignIdErrors(merged.filters, foreign);
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
    }
    return merged;
  }

  return {
    /** Public views and the caller's private ones, newest change first unless `order_by` says otherwise. */
    async list(place: ViewPlace, user: UserRow, query: ViewListQuery): Promise<View[]> {
      const rows = await listViews(db, scopeOf(place), user.id, {
        search: query.search?.trim(),
        orderBy: query.order_by,
      });
      return rows.map(presentView);
    },

    get: (place: ViewPlace, user: UserRow, viewId: string): Promise<View> => one(place, user, viewId),

    async create(place: ViewPlace, user: UserRow, body: CreateViewBody): Promise<View> {
      const defaults: PropertyObjects = {
        filters: DEFAULT_FILTERS,
        display_filters: DEFAULT_DISPLAY_FILTERS,
        display_properties: DEFAULT_DISPLAY_PROPERTIES,
      };
      const objects = { ...defaults, ...(await checkedObjects(db, place, defaults, body)) };
      const scope = scopeOf(place);
      const row = await insertView(db, {
        workspace_id: scope.workspaceId,
        project_id: scope.projectId,
        name: viewName(body.name ?? ''),
        description: body.description ?? '',
        ...objects,
        access: body.access ?? VIEW_ACCESS.PUBLIC,
        logo_props: body.logo_props ?? {},
        owned_by: user.id,
        created_by: user.id,
        updated_by: user.id,
      });
      return one(place, user, row.id);
    },

    /**
     * PATCH and PUT: the owner, or an admin for a public view; only the owner changes `access` and
     * `is_locked`; a locked view takes nothing but its unlocking. Turning private drops the others'
     * favorites of it.
     */
    async update(place: ViewPlace, user: UserRow, viewId: string, body: UpdateViewBody): Promise<View> {
      await db.transaction(async (tx) => {
        const view = await visibleView(tx, place, user, viewId, { forUpdate: true });
        const refusal = editRefusal(view, user.id, roleIn(place), body);
        if (refusal) throw refusal;
        const objects = await checkedObjects(tx, place, propertyObjects(view), body);
        await updateViewRow(tx, viewId, {
          ...objects,
          ...(body.name !== undefined && { name: viewName(body.name) }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.access !== undefined && { access: body.access }),
          ...(body.is_locked !== undefined && { is_locked: body.is_locked }),
          ...(body.logo_props !== undefined && { logo_props: body.logo_props }),
          ...(body.sort_order !== undefined && { sort_order: body.sort_order }),
          updated_by: user.id,
        });
        if (body.access === VIEW_ACCESS.PRIVATE && view.access !== VIEW_ACCESS.PRIVATE) {
          await removeOthersFavorites(tx, 'view', viewId, view.owned_by);
        }
      });
      return one(place, user, viewId);
    },

    /** The owner or an admin; a locked view must be unlocked first. Its favorites go with it. */
    async remove(place: ViewPlace, user: UserRow, viewId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const view = await visibleView(tx, place, user, viewId, { forUpdate: true });
        const refusal = deleteRefusal(view, user.id, roleIn(place));
        if (refusal) throw refusal;
        await softDeleteView(tx, viewId);
        await removeFavoritesOf(tx, 'view', viewId);
      });
    },

    /**
     * The view's work items: the issue list itself (project or workspace), the view's filters AND-ed
     * with the request's, the request's display params over the view's.
     */
    async listIssues(place: ViewPlace, user: UserRow, viewId: string, request: ListIssuesQuery) {
      const view = await visibleView(db, place, user, viewId);
      const objects = propertyObjects(view);
      const query = viewListQuery(objects.display_filters, request);
      const saved = filterParams(objects.filters);
      return place.kind === 'project'
        ? deps.issues.list(place.project, user, query, 'normal', saved)
        : deps.issues.listWorkspace(place.access, user, query, saved);
    },

    favorites: (project: ProjectAccess, user: UserRow): Promise<Favorite[]> =>
      listProjectFavorites(db, user.id, project.project.id, 'view'),

    async addFavorite(place: ViewPlace, user: UserRow, viewId: string): Promise<Favorite> {
      const view = await visibleView(db, place, user, viewId);
      const scope = scopeOf(place);
      const favorite = await addProjectFavorite(db, {
        workspace_id: scope.workspaceId,
        project_id: scope.projectId,
        user_id: user.id,
        type: 'view',
        entity: view,
      });
      if (!favorite) throw new AppError('conflict', 'The view is already a favorite', 'ALREADY_EXISTS');
      return favorite;
    },

    async removeFavorite(place: ViewPlace, user: UserRow, viewId: string): Promise<void> {
      await visibleView(db, place, user, viewId);
      await removeProjectFavorite(db, user.id, 'view', viewId);
    },
  };
}
