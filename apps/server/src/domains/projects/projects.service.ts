import type { CreateProjectBody, Favorite, Project, UpdateProjectBody } from '@kite/shared/contracts';
import { PROJECT_ADMIN_FIELDS } from '@kite/shared/contracts';
import { IDENTIFIER_MAX_LENGTH, ROLE, sanitizeIdentifier } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { ProjectRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import { sanitizeRichText } from '../../platform/security/html.ts';
import type { MembersService } from '../members/members.service.ts';
import type { StatesService } from '../states/states.service.ts';
import { projectChanges, recordProjectEvent } from './project-events.ts';
import type { ProjectMembersService } from './project-members.service.ts';
import { effectiveProjectRole } from './projects.policy.ts';
import { presentProject } from './projects.presenter.ts';
import {
  activeMemberIds,
  deleteFavorite,
  favoriteProjectIds,
  findLiveByName,
  findProject,
  findProjectIdByIdentifier,
  findProjectWithMembership,
  identifiersLike,
  insertFavorite,
  insertProject,
  listFavoriteProjects,
  listVisibleProjects,
  maxProjectSortOrder,
  softDeleteProject,
  updateProjectRow,
} from './projects.repo.ts';

export type ProjectsService = ReturnType<typeof createProjectsService>;

type Ordering =
  | 'sort_order'
  | 'name'
  | '-name'
  | 'created_at'
  | '-created_at'
  | 'members_length'
  | '-members_length';

const identifierTaken = () =>
  new AppError('conflict', 'A project with this identifier already exists', 'PROJECT_IDENTIFIER_TAKEN');
const nameTaken = () =>
  new AppError('conflict', 'A project with this name already exists', 'PROJECT_NAME_TAKEN');
const projectNotFound = () => new AppError('not_found', 'Project not found');
const invalid = (field: string, message: string) =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields: { [field]: message } });

function cleanIdentifier(raw: string): string {
  const identifier = sanitizeIdentifier(raw);
  if (!identifier) throw invalid('identifier', 'Identifier must contain letters or digits');
  if (identifier.length > IDENTIFIER_MAX_LENGTH) {
    throw invalid('identifier', `Identifier cannot exceed ${IDENTIFIER_MAX_LENGTH} characters`);
  }
  return identifier;
}

export type EstimateLookup = (tx: Executor, projectId: string, estimateId: string) => Promise<boolean>;

export function createProjectsService(
  db: Db,
  deps: { members: MembersService; projectMembers: ProjectMembersService; states: StatesService },
) {
  let estimateExists: EstimateLookup = async () => false;

  async function present(row: ProjectRow, user: UserRow, memberRole: number | null): Promise<Project> {
    const [members, favorites] = await Promise.all([
      activeMemberIds(db, [row.id]),
      favoriteProjectIds(db, user.id, row.workspace_id),
    ]);
    return presentProject(row, {
      memberRole,
      isFavorite: favorites.has(row.id),
      members: members.get(row.id) ?? [],
    });
  }

  async function assertWorkspaceMember(tx: Executor, workspaceId: string, userId: string, field: string) {
    if (!(await deps.members.findMembership(tx, workspaceId, userId))) {
      throw invalid(field, 'Must be a member of the workspace');
    }
  }

  async function rethrowConflicts<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const detail = String(
        (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ??
          (error as { constraint?: string }).constraint ??
          '',
      );
      throw detail.includes('name') ? nameTaken() : identifierTaken();
    }
  }

  async function setArchived(project: ProjectAccess, user: UserRow, archivedAt: Date | null) {
    const before = project.project;
    return db.transaction(async (tx) => {
      const row = await updateProjectRow(tx, before.workspace_id, before.id, {
        archived_at: archivedAt,
        updated_by: user.id,
      });
      await recordProjectEvent(tx, 'updated', row, user.id, projectChanges(before, row));
      return row;
    });
  }

  return {
    /** Resolves the caller's view of a project for the access hook. */
    async access(access: WorkspaceAccess, projectId: string): Promise<ProjectAccess | undefined> {
      const found = await findProjectWithMembership(
        db,
        access.workspace.id,
        projectId,
        access.membership.member_id,
      );
      if (!found) return undefined;
      return {
        project: found.project,
        membership: found.membership,
        role: effectiveProjectRole(access.membership.role, found.membership?.role ?? null),
      };
    },

    /** The caller's access to a project named by its identifier (work item keys such as WEB-12). */
    async accessByIdentifier(
      access: WorkspaceAccess,
      identifier: string,
    ): Promise<ProjectAccess | undefined> {
      const projectId = await findProjectIdByIdentifier(db, access.workspace.id, identifier.toUpperCase());
      return projectId ? this.access(access, projectId) : undefined;
    },

    present: (project: ProjectAccess, user: UserRow) => present(project.project, user, project.role),

    async list(access: WorkspaceAccess, user: UserRow, orderBy: Ordering): Promise<Project[]> {
      const rows = await listVisibleProjects(
        db,
        access.workspace.id,
        user.id,
        access.membership.role >= ROLE.VIEWER,
      );
      const ids = rows.map((r) => r.project.id);
      const [members, favorites] = await Promise.all([
        activeMemberIds(db, ids),
        favoriteProjectIds(db, user.id, access.workspace.id),
      ]);
      const projects = rows.map((r) =>
        presentProject(r.project, {
          memberRole: effectiveProjectRole(access.membership.role, r.membership?.role ?? null),
          isFavorite: favorites.has(r.project.id),
          members: members.get(r.project.id) ?? [],
        }),
      );
      const direction = orderBy.startsWith('-') ? -1 : 1;
      const key = orderBy.replace(/^-/, '');
      const value = (p: Project): number | string =>
        key === 'name'
          ? p.name.toLowerCase()
          : key === 'members_length'
            ? p.total_members
            : key === 'sort_order'
              ? p.sort_order
              : p.created_at;
      return projects.sort((a, b) => {
        const x = value(a);
        const y = value(b);
        return (x < y ? -1 : x > y ? 1 : 0) * direction || a.created_at.localeCompare(b.created_at);
      });
    },

    async create(access: WorkspaceAccess, user: UserRow, body: CreateProjectBody): Promise<Project> {
      const identifier = cleanIdentifier(body.identifier);
      const workspaceId = access.workspace.id;
      const row = await rethrowConflicts(() =>
        db.transaction(async (tx) => {
          if ((await identifiersLike(tx, workspaceId, identifier)).length > 0) throw identifierTaken();
          if (await findLiveByName(tx, workspaceId, body.name)) throw nameTaken();
          if (body.project_lead)
            await assertWorkspaceMember(tx, workspaceId, body.project_lead, 'project_lead');
          const sortOrder = ((await maxProjectSortOrder(tx, workspaceId)) ?? 0) + 10000;
          const project = await insertProject(tx, {
            workspace_id: workspaceId,
            name: body.name,
            identifier,
            description: body.description ?? '',
            network: body.network ?? 2,
            project_lead_id: body.project_lead ?? null,
            logo_props: body.logo_props ?? {},
            emoji: body.emoji ?? null,
            cover_image: body.cover_image ?? null,
            timezone: body.timezone ?? access.workspace.timezone,
            cycle_view: body.cycle_view ?? true,
            module_view: body.module_view ?? true,
            issue_views_view: body.issue_views_view ?? true,
            page_view: body.page_view ?? true,
            intake_view: body.intake_view ?? false,
            sort_order: sortOrder,
            created_by: user.id,
            updated_by: user.id,
          });
          // The creator and the lead start as project admins, whatever their workspace role.
          for (const memberId of new Set([user.id, body.project_lead ?? user.id])) {
            await deps.projectMembers.add(tx, {
              workspace_id: workspaceId,
              project_id: project.id,
              member_id: memberId,
              role: ROLE.ADMIN,
              created_by: user.id,
              updated_by: user.id,
            });
          }
          await deps.states.seedDefaults(tx, project, user.id);
          await recordProjectEvent(tx, 'created', project, user.id);
          return project;
        }),
      );
      return present(row, user, ROLE.ADMIN);
    },

    async update(project: ProjectAccess, user: UserRow, body: UpdateProjectBody): Promise<Project> {
      const sentAdminField = PROJECT_ADMIN_FIELDS.some(
        (field) => field in body && (body as Record<string, unknown>)[field] !== undefined,
      );
      if (sentAdminField && (project.role ?? 0) < ROLE.ADMIN) {
        throw new AppError('forbidden', 'Only project admins can change these settings');
      }
      const p = project.project;
      const {
        identifier,
        project_lead,
        default_assignee,
        default_state,
        estimate,
        inbox_view,
        intake_view,
        ...rest
      } = body;
      const row = await rethrowConflicts(() =>
        db.transaction(async (tx) => {
          const values: Partial<ProjectRow> = { ...rest, updated_by: user.id };
          if (rest.description_html !== undefined) {
            values.description_html = sanitizeRichText(rest.description_html);
          }
          if (identifier !== undefined) {
            values.identifier = cleanIdentifier(identifier);
            const taken = await identifiersLike(tx, p.workspace_id, values.identifier);
            if (values.identifier !== p.identifier && taken.length > 0) throw identifierTaken();
          }
          if (
            rest.name !== undefined &&
            rest.name !== p.name &&
            (await findLiveByName(tx, p.workspace_id, rest.name))
          ) {
            throw nameTaken();
          }
          if (project_lead !== undefined) {
            if (project_lead) await assertWorkspaceMember(tx, p.workspace_id, project_lead, 'project_lead');
            values.project_lead_id = project_lead;
          }
          if (default_assignee !== undefined) {
            if (default_assignee)
              await assertWorkspaceMember(tx, p.workspace_id, default_assignee, 'default_assignee');
            values.default_assignee_id = default_assignee;
          }
          if (default_state !== undefined) {
            if (default_state) {
              const state = await deps.states.find(tx, p.id, default_state);
              if (state?.group !== 'cancelled') {
                throw invalid('default_state', 'Must be a cancelled state of this project');
              }
            }
            values.default_state_id = default_state;
          }
          if (estimate !== undefined) {
            if (estimate && !(await estimateExists(tx, p.id, estimate))) {
              throw invalid('estimate', 'Must be an estimate of this project');
            }
            values.estimate_id = estimate;
          }
          const intake = intake_view ?? inbox_view;
          if (intake !== undefined) values.intake_view = intake;
          const updated = await updateProjectRow(tx, p.workspace_id, p.id, values);
          await recordProjectEvent(tx, 'updated', updated, user.id, projectChanges(p, updated));
          return updated;
        }),
      );
      return present(row, user, project.role);
    },

    /** A live (not deleted) project of the workspace, archived or not; for domains that hold a project id. */
    findLive: (tx: Executor, workspaceId: string, projectId: string) =>
      findProject(tx, workspaceId, projectId),

    /** Publishing sets the board's anchor on the project (publish) and clears it (unpublish). */
    async setAnchor(tx: Executor, project: ProjectRow, anchor: string | null): Promise<ProjectRow> {
      return updateProjectRow(tx, project.workspace_id, project.id, { anchor });
    },

    /** The estimates domain tells whether an estimate belongs to a project (it depends on projects, not back). */
    setEstimateLookup(lookup: EstimateLookup): void {
      estimateExists = lookup;
    },

    /** Deleting the project's active estimate leaves the project without one (others change nothing). */
    async clearEstimate(tx: Executor, project: ProjectRow, estimateId: string): Promise<void> {
      const current = await findProject(tx, project.workspace_id, project.id);
      if (current?.estimate_id === estimateId) {
        await updateProjectRow(tx, project.workspace_id, project.id, { estimate_id: null });
      }
    },

    async remove(project: ProjectAccess, actorId: string | null = null): Promise<void> {
      await db.transaction(async (tx) => {
        await softDeleteProject(tx, project.project.workspace_id, project.project.id);
        await recordProjectEvent(tx, 'deleted', project.project, actorId);
      });
    },

    /** Archives the project; webhooks and open tabs hear of it as `project.updated` (`archived_at`). */
    async archive(project: ProjectAccess, user: UserRow): Promise<{ archived_at: string }> {
      const row = await setArchived(project, user, new Date());
      return { archived_at: row.archived_at!.toISOString() };
    },

    async restore(project: ProjectAccess, user: UserRow): Promise<void> {
      await setArchived(project, user, null);
    },

    async checkIdentifier(access: WorkspaceAccess, name: string) {
      const identifier = sanitizeIdentifier(name);
      const identifiers = identifier ? await identifiersLike(db, access.workspace.id, identifier) : [];
      return { exists: identifiers.length, identifiers };
    },

    async favorites(access: WorkspaceAccess, user: UserRow): Promise<Favorite[]> {
      const rows = await listFavoriteProjects(db, user.id, access.workspace.id);
      return rows.map(({ favorite, name }) => ({
        id: favorite.id,
        entity_type: 'project' as const,
        entity_identifier: favorite.entity_identifier,
        project_id: favorite.project_id,
        name,
        created_at: favorite.created_at.toISOString(),
      }));
    },

    /** Favoriting needs membership of the project (P5); others get 404. */
    async addFavorite(access: WorkspaceAccess, user: UserRow, projectId: string): Promise<Favorite> {
      const project = await this.access(access, projectId);
      if (!project?.membership) throw projectNotFound();
      const row = await insertFavorite(db, {
        workspace_id: access.workspace.id,
        user_id: user.id,
        entity_type: 'project',
        entity_identifier: projectId,
        project_id: projectId,
      });
      if (!row) throw new AppError('conflict', 'The project is already a favorite', 'ALREADY_EXISTS');
      return {
        id: row.id,
        entity_type: 'project',
        entity_identifier: projectId,
        project_id: projectId,
        name: project.project.name,
        created_at: row.created_at.toISOString(),
      };
    },

    async removeFavorite(project: ProjectAccess, user: UserRow): Promise<void> {
      await deleteFavorite(db, user.id, 'project', project.project.id);
    },

    /** Joins public projects with the caller's own workspace role; private or unknown ids are 404. */
    async joinPublic(access: WorkspaceAccess, user: UserRow, projectIds: string[]) {
      return db.transaction(async (tx) => {
        const joined = [];
        for (const projectId of new Set(projectIds)) {
          const project = await findProject(tx, access.workspace.id, projectId);
          if (project?.network !== 2) throw projectNotFound();
          joined.push(
            await deps.projectMembers.add(tx, {
              workspace_id: access.workspace.id,
              project_id: projectId,
              member_id: user.id,
              role: access.membership.role,
              created_by: user.id,
              updated_by: user.id,
            }),
          );
        }
        return joined;
      });
    },
  };
}
