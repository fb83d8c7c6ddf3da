import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
  type IssueDisplayProperties,
  type UpdateUserPropertiesBody,
  type UserProperties,
} from '@kite/shared/contracts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserPropertiesRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import { mergeProperties } from './user-properties.policy.ts';
import {
  type PropertyObjects,
  presentIssueDisplayProperties,
  presentUserProperties,
  propertyObjects,
} from './user-properties.presenter.ts';
import {
  findUserProperties,
  insertUserPropertiesIfMissing,
  type PropertiesScope,
  updateUserPropertiesRow,
} from './user-properties.repo.ts';

export type UserPropertiesService = ReturnType<typeof createUserPropertiesService>;

export function createUserPropertiesService(db: Db) {
  /** The caller's row for the scope, created with the defaults on first use. */
  async function ensure(
    tx: Executor,
    workspaceId: string,
    userId: string,
    where: PropertiesScope,
    options: { forUpdate?: boolean } = {},
  ): Promise<UserPropertiesRow> {
    const found = await findUserProperties(tx, workspaceId, userId, where, options);
    if (found) return found;
    await insertUserPropertiesIfMissing(tx, {
      workspace_id: workspaceId,
      project_id: where.projectId,
      cycle_id: where.cycleId ?? null,
      module_id: where.moduleId ?? null,
      user_id: userId,
      filters: DEFAULT_FILTERS,
      display_filters: DEFAULT_DISPLAY_FILTERS,
      display_properties: DEFAULT_DISPLAY_PROPERTIES,
    });
    return (await findUserProperties(tx, workspaceId, userId, where, options))!;
  }

  /** Read-merge-write under a row lock, so concurrent PATCHes of different keys both land. */
  function update(
    workspaceId: string,
    userId: string,
    where: PropertiesScope,
    body: UpdateUserPropertiesBody,
    bodyKeys?: Partial<Record<keyof PropertyObjects, string>>,
  ) {
    return db.transaction(async (tx) => {
      const row = await ensure(tx, workspaceId, userId, where, { forUpdate: true });
      const merged = mergeProperties(propertyObjects(row), body, bodyKeys);
      if (Object.keys(merged).length === 0) return row;
      return updateUserPropertiesRow(tx, workspaceId, row.id, merged);
    });
  }

  return {
    async getForProject(project: ProjectAccess, user: UserRow): Promise<UserProperties> {
      const { workspace_id, id } = project.project;
      return presentUserProperties(await ensure(db, workspace_id, user.id, { projectId: id }));
    },

    async updateForProject(
      project: ProjectAccess,
      user: UserRow,
      body: UpdateUserPropertiesBody,
    ): Promise<UserProperties> {
      const { workspace_id, id } = project.project;
      return presentUserProperties(await update(workspace_id, user.id, { projectId: id }, body));
    },

    /**
     * A cycle's or a module's own settings (`{p}/cycles/{id}/user-properties/`); the caller checks
     * that the cycle or module is a live one of the project.
     */
    async getForPlanning(
      project: ProjectAccess,
      user: UserRow,
      of: { cycleId: string } | { moduleId: string },
    ): Promise<UserProperties> {
      const { workspace_id, id } = project.project;
      return presentUserProperties(await ensure(db, workspace_id, user.id, { projectId: id, ...of }));
    },

    async updateForPlanning(
      project: ProjectAccess,
      user: UserRow,
      of: { cycleId: string } | { moduleId: string },
      body: UpdateUserPropertiesBody,
    ): Promise<UserProperties> {
      const { workspace_id, id } = project.project;
      return presentUserProperties(await update(workspace_id, user.id, { projectId: id, ...of }, body));
    },

    /** The workspace-level row (project null) behind the global views. */
    async getForWorkspace(access: WorkspaceAccess, user: UserRow): Promise<UserProperties> {
      return presentUserProperties(await ensure(db, access.workspace.id, user.id, { projectId: null }));
    },

    async updateForWorkspace(
      access: WorkspaceAccess,
      user: UserRow,
      body: UpdateUserPropertiesBody,
    ): Promise<UserProperties> {
      return presentUserProperties(await update(access.workspace.id, user.id, { projectId: null }, body));
    },

    /** `issue-display-properties` is the project row's `display_properties` under another name. */
    async getDisplayProperties(project: ProjectAccess, user: UserRow): Promise<IssueDisplayProperties> {
      const { workspace_id, id } = project.project;
      return presentIssueDisplayProperties(await ensure(db, workspace_id, user.id, { projectId: id }));
    },

    async setDisplayProperties(
      project: ProjectAccess,
      user: UserRow,
      properties: Record<string, unknown>,
    ): Promise<IssueDisplayProperties> {
      const { workspace_id, id } = project.project;
      const row = await update(
        workspace_id,
        user.id,
        { projectId: id },
        { display_properties: properties },
        { display_properties: 'properties' },
      );
      return presentIssueDisplayProperties(row);
    },
  };
}
