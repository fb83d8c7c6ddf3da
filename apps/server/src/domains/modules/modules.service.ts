import type {
  CreateModuleBody,
  CreateModuleLinkBody,
  Favorite,
  IssueDetail,
  ListIssuesQuery,
  Module,
  ModuleLink,
  ModuleListQuery,
  UpdateModuleBody,
  UpdateUserPropertiesBody,
} from '@kite/shared/contracts';
import {
  ARCHIVABLE_MODULE_STATUSES,
  MODULE_STATUSES,
  moduleRights,
  nextPlanningSortOrder,
} from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, sqlArray } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { ModuleRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import { sanitizeRichText } from '../../platform/security/html.ts';
import {
  addProjectFavorite,
  listProjectFavorites,
  removeProjectFavorite,
} from '../favorites/favorites.repo.ts';
import { dateTerms } from '../issues/issue-query.ts';
import type { IssuesService } from '../issues/issues.service.ts';
import { checkLinkUrl } from '../issues/links.service.ts';
import { planningAnalytics } from '../planning/planning-analytics.ts';
import { moduleChanges, recordPlanningEvent } from '../planning/planning-events.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { UserPropertiesService } from '../user-properties/user-properties.service.ts';
import { presentModule, presentModuleLink } from './modules.presenter.ts';
import {
  deleteLink,
  findLink,
  findModule,
  findModuleByName,
  insertLink,
  insertModule,
  issueIdsInModule,
  linksOf,
  listModules,
  lockModulesOf,
  minModuleSortOrder,
  softDeleteModule,
  updateLinkRow,
  updateModuleRow,
} from './modules.repo.ts';

export type ModulesService = ReturnType<typeof createModulesService>;

const moduleNotFound = () => new AppError('not_found', 'Module not found');
const linkNotFound = () => new AppError('not_found', 'Link not found');
const invalid = (fields: Record<string, string>) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
const nameTaken = () =>
  new AppError('conflict', 'A module with this name already exists in the project', 'MODULE_NAME_TAKEN');
/** An archived module takes no writes but its restore (its items may still leave it from the item's side). */
const archivedReadOnly = () => new AppError('bad_request', 'Archived modules are read-only');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A comma list of uuids from a query parameter; a malformed one is a 400. */
function idList(raw: string, param: string): string[] {
  const ids = raw
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (ids.some((id) => !UUID.test(id)))
    throw new AppError('bad_request', `Invalid value for ${param}`, 'INVALID_FILTER');
  return ids;
}

/** The module list's filters (api.md §7) as conditions over `m`. */
function filtersOf(query: ModuleListQuery, userId: string): SQL[] {
  const where: SQL[] = [];
  if (query.search) where.push(sql`m.name ilike ${`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (query.status) {
    const statuses = query.status.split(',').map((s) => s.trim());
    if (statuses.some((s) => !(MODULE_STATUSES as readonly string[]).includes(s))) {
      throw new AppError('bad_request', 'Invalid value for status', 'INVALID_FILTER');
    }
    where.push(sql`m.status = any(${sqlArray(statuses, 'text')})`);
  }
  if (query.lead) where.push(sql`m.lead_id = any(${sqlArray(idList(query.lead, 'lead'), 'uuid')})`);
  if (query.members) where.push(sql`m.member_ids && ${sqlArray(idList(query.members, 'members'), 'uuid')}`);
  where.push(...dateTerms(query.start_date, sql`m.start_date`, 'start_date'));
  where.push(...dateTerms(query.target_date, sql`m.target_date`, 'target_date'));
  if (query.favorites === 'true') {
    where.push(
      sql`exists (select 1 from user_favorites f where f.user_id = ${userId} and f.entity_type = 'module' and f.entity_identifier = m.id)`,
    );
  }
  return where;
}

export function createModulesService(
  db: Db,
  deps: {
    issues: IssuesService;
    projectMembers: ProjectMembersService;
    userProperties: UserPropertiesService;
  },
) {
  /** Archives or restores, telling webhooks of the change (archiving and restoring name no actor). */
  async function setArchivedAt(module: ModuleRow, archivedAt: Date | null) {
    await db.transaction(async (tx) => {
      await updateModuleRow(tx, module.project_id, module.id, { archived_at: archivedAt });
      await recordPlanningEvent(
        tx,
        'module',
        'updated',
        module,
        null,
        moduleChanges(module, { ...module, archived_at: archivedAt }),
      );
    });
  }

  async function liveModule(tx: Executor, project: ProjectAccess, moduleId: string): Promise<ModuleRow> {
    const row = await findModule(tx, project.project.id, moduleId);
    if (!row) throw moduleNotFound();
    return row;
  }

  async function withLinks(rows: Awaited<ReturnType<typeof listModules>>): Promise<Module[]> {
    const links = await linksOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) =>
      presentModule(
        row,
        links.filter((l) => l.module_id === row.id),
      ),
    );
  }

  async function one(project: ProjectAccess, user: UserRow, moduleId: string, archived?: boolean) {
    const rows = await listModules(db, {
      projectIds: [project.project.id],
      userId: user.id,
      where: [sql`m.id = ${moduleId}`],
      archived,
    });
    const [module] = await withLinks(rows);
    if (!module) throw moduleNotFound();
    return module;
  }

  /** Dates in order; lead and members active members of the project. */
  async function checkFields(
    tx: Executor,
    projectId: string,
    body: UpdateModuleBody,
    current?: ModuleRow,
  ): Promise<void> {
    const fields: Record<string, string> = {};
    const start = body.start_date !== undefined ? body.start_date : (current?.start_date ?? null);
    const target = body.target_date !== undefined ? body.target_date : (current?.target_date ?? null);
    if (start && target && start > target) fields.target_date = 'Start date cannot exceed target date';
    if (body.lead_id || body.member_ids?.length) {
      const roles = await deps.projectMembers.activeRoles(tx, projectId);
      if (body.lead_id && !roles.has(body.lead_id))
        fields.lead_id = 'The lead must be a member of this project';
      if (body.member_ids?.some((id) => !roles.has(id))) {
        fields.member_ids = 'Members must be members of this project';
      }
    }
    if (Object.keys(fields).length > 0) throw invalid(fields);
  }

  /** Writes a module's columns from a body (rich text sanitised, members deduplicated). */
  function columnsOf(body: UpdateModuleBody) {
    return {
      ...body,
      ...(body.description_html !== undefined && {
        description_html: sanitizeRichText(body.description_html),
      }),
      ...(body.member_ids !== undefined && { member_ids: [...new Set(body.member_ids)] }),
    };
  }

  async function rethrowConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  return {
    async list(project: ProjectAccess, user: UserRow, query: ModuleListQuery): Promise<Module[]> {
      const rows = await listModules(db, {
        projectIds: [project.project.id],
        userId: user.id,
        where: filtersOf(query, user.id),
        orderBy: query.order_by,
      });
      return withLinks(rows);
    },

    /** Modules of every project the caller belongs to (`GET {ws}/modules/`). */
    async listWorkspace(access: WorkspaceAccess, user: UserRow): Promise<Module[]> {
      const projectIds = Object.keys(await deps.projectMembers.rolesOf(access, user));
      return withLinks(await listModules(db, { projectIds, userId: user.id }));
    },

    async listArchived(project: ProjectAccess, user: UserRow): Promise<Module[]> {
      return withLinks(
        await listModules(db, { projectIds: [project.project.id], userId: user.id, archived: true }),
      );
    },

    /** A module, archived or not. */
    async get(project: ProjectAccess, user: UserRow, moduleId: string): Promise<Module> {
      const row = await liveModule(db, project, moduleId);
      return one(project, user, moduleId, !!row.archived_at);
    },

    getArchived: (project: ProjectAccess, user: UserRow, moduleId: string) =>
      one(project, user, moduleId, true),

    async create(project: ProjectAccess, user: UserRow, body: CreateModuleBody): Promise<Module> {
      const p = project.project;
      const id = await rethrowConflicts(() =>
        db.transaction(async (tx) => {
          await lockModulesOf(tx, p.id);
          await checkFields(tx, p.id, body);
          if (await findModuleByName(tx, p.id, body.name)) throw nameTaken();
          const row = await insertModule(tx, {
            ...columnsOf(body),
            name: body.name,
            workspace_id: p.workspace_id,
            project_id: p.id,
            sort_order: body.sort_order ?? nextPlanningSortOrder(await minModuleSortOrder(tx, p.id)),
            created_by: user.id,
            updated_by: user.id,
          });
          await recordPlanningEvent(tx, 'module', 'created', row, user.id);
          return row.id;
        }),
      );
      return one(project, user, id);
    },

    async update(project: ProjectAccess, user: UserRow, moduleId: string, body: UpdateModuleBody) {
      const p = project.project;
      await rethrowConflicts(() =>
        db.transaction(async (tx) => {
          await lockModulesOf(tx, p.id);
          const current = await liveModule(tx, project, moduleId);
          if (current.archived_at) throw archivedReadOnly();
          await checkFields(tx, p.id, body, current);
          if (body.name !== undefined && (await findModuleByName(tx, p.id, body.name, moduleId)))
            throw nameTaken();
          await updateModuleRow(tx, p.id, moduleId, { ...columnsOf(body), updated_by: user.id });
          const after = await liveModule(tx, project, moduleId);
          await recordPlanningEvent(tx, 'module', 'updated', after, user.id, moduleChanges(current, after));
        }),
      );
      return one(project, user, moduleId);
    },

    /** Project admins and the module's creator may delete it; its work items leave it. */
    async remove(project: ProjectAccess, user: UserRow, moduleId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const module = await liveModule(tx, project, moduleId);
        if (!moduleRights(module, { userId: user.id, role: project.role ?? 0 }).canDelete) {
          throw new AppError('forbidden', 'Only the creator or a project admin can delete a module');
        }
        await deps.issues.detachModule(tx, project.project.id, moduleId);
        await softDeleteModule(tx, project.project.id, moduleId);
        await recordPlanningEvent(tx, 'module', 'deleted', module, user.id);
      });
    },

    /** The module's work items through the issue list itself. */
    /** The caller's own filters and display settings of this module's items (api.md §4.7). */
    async userProperties(project: ProjectAccess, user: UserRow, moduleId: string) {
      await liveModule(db, project, moduleId);
      return deps.userProperties.getForPlanning(project, user, { moduleId });
    },

    async updateUserProperties(
      project: ProjectAccess,
      user: UserRow,
      moduleId: string,
      body: UpdateUserPropertiesBody,
    ) {
      await liveModule(db, project, moduleId);
      return deps.userProperties.updateForPlanning(project, user, { moduleId }, body);
    },

    async listIssues(project: ProjectAccess, user: UserRow, moduleId: string, query: ListIssuesQuery) {
      await liveModule(db, project, moduleId);
      return deps.issues.list(project, user, { ...query, module: moduleId });
    },

    async addIssues(project: ProjectAccess, user: UserRow, moduleId: string, issueIds: string[]) {
      const module = await liveModule(db, project, moduleId);
      if (module.archived_at) throw archivedReadOnly();
      const rows = await deps.issues.changeModules(project, user, issueIds, { add: [moduleId] });
      // The membership lives on the work item: its id names the link.
      return rows.map((row) => ({ id: row.id, module_id: moduleId, issue_id: row.id }));
    },

    async removeIssue(project: ProjectAccess, user: UserRow, moduleId: string, issueId: string) {
      const module = await liveModule(db, project, moduleId);
      if (module.archived_at) throw archivedReadOnly();
      if ((await issueIdsInModule(db, project.project.id, moduleId, [issueId])).length === 0) {
        throw new AppError('not_found', 'Issue not found');
      }
      await deps.issues.changeModules(project, user, [issueId], { remove: [moduleId] });
    },

    /** `POST {i}/modules/`: the item joins `modules` and leaves `removed_modules`. */
    async setIssueModules(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      change: { modules: string[]; removed_modules: string[] },
    ): Promise<IssueDetail> {
      try {
        await deps.issues.changeModules(project, user, [issueId], {
          add: change.modules,
          remove: change.removed_modules,
        });
      } catch (error) {
        // The issues service names its own key; this body calls the list `modules`.
        const fields =
          error instanceof AppError ? (error.extra?.fields as Record<string, string>) : undefined;
        if (fields?.module_ids) throw invalid({ modules: fields.module_ids });
        throw error;
      }
      return deps.issues.get(project, user, issueId);
    },

    async archive(project: ProjectAccess, moduleId: string): Promise<{ archived_at: string }> {
      const module = await liveModule(db, project, moduleId);
      if (!(ARCHIVABLE_MODULE_STATUSES as readonly string[]).includes(module.status)) {
        throw new AppError(
          'bad_request',
          'Only completed or cancelled modules can be archived',
          'ARCHIVE_NOT_ALLOWED',
        );
      }
      const archivedAt = module.archived_at ?? new Date();
      await setArchivedAt(module, archivedAt);
      return { archived_at: archivedAt.toISOString() };
    },

    async restore(project: ProjectAccess, moduleId: string): Promise<void> {
      await setArchivedAt(await liveModule(db, project, moduleId), null);
    },

    /** The burndown from the start to the target date (by items or points), and the split of its items. */
    async analytics(project: ProjectAccess, moduleId: string, type: 'issues' | 'points', now = new Date()) {
      const module = await liveModule(db, project, moduleId);
      return planningAnalytics(db, {
        project: project.project,
        of: { kind: 'module', id: moduleId },
        start: module.start_date,
        end: module.target_date,
        type,
        now,
      });
    },

    async links(project: ProjectAccess, moduleId: string): Promise<ModuleLink[]> {
      await liveModule(db, project, moduleId);
      return (await linksOf(db, [moduleId])).map(presentModuleLink);
    },

    async addLink(project: ProjectAccess, user: UserRow, moduleId: string, body: CreateModuleLinkBody) {
      const module = await liveModule(db, project, moduleId);
      if (module.archived_at) throw archivedReadOnly();
      const row = await insertLink(db, {
        workspace_id: project.project.workspace_id,
        project_id: project.project.id,
        module_id: moduleId,
        url: checkLinkUrl(body.url),
        title: body.title ?? '',
        metadata: body.metadata ?? {},
        created_by: user.id,
        updated_by: user.id,
      });
      return presentModuleLink(row);
    },

    async updateLink(
      project: ProjectAccess,
      user: UserRow,
      moduleId: string,
      linkId: string,
      body: Partial<CreateModuleLinkBody>,
    ) {
      const module = await liveModule(db, project, moduleId);
      if (module.archived_at) throw archivedReadOnly();
      if (!(await findLink(db, moduleId, linkId))) throw linkNotFound();
      const row = await updateLinkRow(db, moduleId, linkId, {
        ...body,
        ...(body.url !== undefined && { url: checkLinkUrl(body.url) }),
        updated_by: user.id,
      });
      return presentModuleLink(row);
    },

    async removeLink(project: ProjectAccess, moduleId: string, linkId: string): Promise<void> {
      const module = await liveModule(db, project, moduleId);
      if (module.archived_at) throw archivedReadOnly();
      if (!(await findLink(db, moduleId, linkId))) throw linkNotFound();
      await deleteLink(db, moduleId, linkId);
    },

    favorites: (project: ProjectAccess, user: UserRow): Promise<Favorite[]> =>
      listProjectFavorites(db, user.id, project.project.id, 'module'),

    async addFavorite(project: ProjectAccess, user: UserRow, moduleId: string): Promise<Favorite> {
      const module = await liveModule(db, project, moduleId);
      const favorite = await addProjectFavorite(db, {
        workspace_id: project.project.workspace_id,
        project_id: project.project.id,
        user_id: user.id,
        type: 'module',
        entity: module,
      });
      if (!favorite) throw new AppError('conflict', 'The module is already a favorite', 'ALREADY_EXISTS');
      return favorite;
    },

    async removeFavorite(project: ProjectAccess, user: UserRow, moduleId: string): Promise<void> {
      await liveModule(db, project, moduleId);
      await removeProjectFavorite(db, user.id, 'module', moduleId);
    },
  };
}
