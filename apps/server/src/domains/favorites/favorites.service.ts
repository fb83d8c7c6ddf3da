import type { CreateFavoriteBody, Favorite } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import type { CyclesService } from '../cycles/cycles.service.ts';
import type { ModulesService } from '../modules/modules.service.ts';
import type { ProjectsService } from '../projects/projects.service.ts';
import type { ViewsService } from '../views/views.service.ts';
import { listWorkspaceFavorites, removeFavoriteById } from './favorites.repo.ts';

export type FavoritesService = ReturnType<typeof createFavoritesService>;

/**
 * The workspace's favorites list (`{ws}/user-favorites/`, api.md §8): every kind of object in one
 * place. Adding one goes through the owning domain's own favorite rule (visibility, liveness, 409).
 */
export function createFavoritesService(
  db: Db,
  deps: { projects: ProjectsService; cycles: CyclesService; modules: ModulesService; views: ViewsService },
) {
  return {
    list: (access: WorkspaceAccess, user: UserRow): Promise<Favorite[]> =>
      listWorkspaceFavorites(db, access.workspace.id, user.id),

    async add(access: WorkspaceAccess, user: UserRow, body: CreateFavoriteBody): Promise<Favorite> {
      const { entity_type: type, entity_identifier: id, project_id: projectId } = body;
      if (type === 'project') return deps.projects.addFavorite(access, user, id);
      // Pages are not built yet: no id can name one.
      if (type === 'page') throw new AppError('not_found', 'Page not found');
      if (type === 'view' && !projectId)
        return deps.views.addFavorite({ kind: 'workspace', access }, user, id);
      if (!projectId) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { project_id: `Required for a ${type}` },
        });
      }
      const project = await deps.projects.access(access, projectId);
      if (!project?.membership) throw new AppError('not_found', 'Project not found');
      if (project.project.archived_at) {
        throw new AppError('bad_request', 'Archived projects are read-only', 'PROJECT_ARCHIVED');
      }
      if (type === 'cycle') return deps.cycles.addFavorite(project, user, id);
      if (type === 'module') return deps.modules.addFavorite(project, user, id);
      return deps.views.addFavorite({ kind: 'project', project }, user, id);
    },

    /** Only the caller's own favorite: anyone else's id is not found. */
    async remove(access: WorkspaceAccess, user: UserRow, favoriteId: string): Promise<void> {
      if (!(await removeFavoriteById(db, access.workspace.id, user.id, favoriteId))) {
        throw new AppError('not_found', 'Favorite not found');
      }
    },
  };
}
