import {
  createProjectBodySchema,
  PROJECT_ORDERINGS,
  type Project,
  paginated,
  updateProjectBodySchema,
  type V1ProjectFeatures,
  v1AddProjectMemberBodySchema,
  v1ListQuerySchema,
  v1MemberSchema,
  v1ProjectFeaturesSchema,
  v1ProjectLiteSchema,
  v1ProjectMemberSchema,
  v1ProjectSchema,
  v1UpdateProjectFeaturesBodySchema,
  v1UpdateProjectMemberBodySchema,
  v1UserMeSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { liteOf, presentV1Member, presentV1ProjectMember, presentV1UserMe } from './v1.presenter.ts';
import {
  orderedBy,
  pageOf,
  V1,
  V1_PROJECT,
  v1Project,
  v1ProjectParams,
  v1SignedIn,
  v1SlugParams,
  v1Workspace,
} from './v1.ts';

const TAGS = ['public api: projects'];
const memberParams = v1ProjectParams.extend({ member_id: z.uuid() });
const isProjectOrdering = (value: string): value is (typeof PROJECT_ORDERINGS)[number] =>
  (PROJECT_ORDERINGS as readonly string[]).includes(value);

/** The project's switches under Plane's v1 names; epics and work-item types Kite does not have. */
function featuresOf(project: Project): V1ProjectFeatures {
  return {
    epics: false,
    modules: project.module_view,
    cycles: project.cycle_view,
    views: project.issue_views_view,
    pages: project.page_view,
    intakes: project.intake_view,
    work_item_types: false,
  };
}

/** The caller, the workspace's members, projects and project members (api.md §15.2). */
export function projectsV1Routes(app: App, { projects, projectMembers, members }: Services) {
  /** The caller's projects in `order_by` order (the service orders by what it knows; the rest here). */
  async function orderedProjects(request: FastifyRequest, orderBy: string | undefined) {
    const order = orderBy ?? '-created_at';
    const all = await projects.list(
      accessOf(request),
      userOf(request),
      isProjectOrdering(order) ? order : 'created_at',
    );
    return isProjectOrdering(order) ? all : orderedBy(all, order);
  }

  /** The workspace's members with their roles. */
  async function workspaceMembers(request: FastifyRequest) {
    const all = await members.list(accessOf(request), userOf(request));
    return all.map((membership) => presentV1Member(membership.member, membership.role));
  }

  /** The project's members as users with their project roles. */
  async function projectMemberList(request: FastifyRequest) {
    const project = projectOf(request);
    const rows = await projectMembers.list(project);
    const lites = await members.userLites(
      accessOf(request),
      userOf(request),
      rows.map((row) => row.member),
    );
    const roleOf = new Map(rows.map((row) => [row.member, row.role]));
    return lites.map((lite) => presentV1Member(lite, roleOf.get(lite.id) ?? 0));
  }

  app.get(
    '/api/v1/users/me/',
    { config: v1SignedIn, schema: { tags: ['public api: users'], response: { 200: v1UserMeSchema } } },
    (request) => presentV1UserMe(userOf(request)),
  );

  app.get(
    `${V1}/members/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: ['public api: users'],
        params: v1SlugParams,
        response: { 200: z.array(v1MemberSchema) },
      },
    },
    (request) => workspaceMembers(request),
  );

  // The same members as a page (Plane's `members-lite/`).
  app.get(
    `${V1}/members-lite/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: ['public api: users'],
        params: v1SlugParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1MemberSchema) },
      },
    },
    async (request) => pageOf(await workspaceMembers(request), request.query),
  );

  app.get(
    `${V1}/projects/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1ProjectSchema) },
      },
    },
    async (request) => pageOf(await orderedProjects(request, request.query.order_by), request.query),
  );

  // The same list with the keys a picker needs.
  const liteKeys = v1ProjectLiteSchema.keyof().options;
  app.get(
    `${V1}/projects-lite/`,
    {
      config: v1Workspace(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1ProjectLiteSchema) },
      },
    },
    async (request) =>
      pageOf(
        (await orderedProjects(request, request.query.order_by)).map((project) => liteOf(project, liteKeys)),
        request.query,
      ),
  );

  app.post(
    `${V1}/projects/`,
    {
      config: v1Workspace(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: v1SlugParams,
        body: createProjectBodySchema,
        response: { 201: v1ProjectSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await projects.create(accessOf(request), userOf(request), request.body)),
  );

  app.get(
    `${V1_PROJECT}/`,
    {
      config: v1Project(ROLE.GUEST, { publicProjectRead: true }),
      schema: { tags: TAGS, params: v1ProjectParams, response: { 200: v1ProjectSchema } },
    },
    (request) => projects.present(projectOf(request), userOf(request)),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${V1_PROJECT}/`,
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        body: updateProjectBodySchema,
        response: { 200: v1ProjectSchema },
      },
      handler: (request) => projects.update(projectOf(request), userOf(request), request.body),
    });
  }

  app.delete(
    `${V1_PROJECT}/`,
    {
      config: v1Project(ROLE.ADMIN, { archivedWritable: true }),
      schema: { tags: TAGS, params: v1ProjectParams },
    },
    async (request, reply) => {
      await projects.remove(projectOf(request), userOf(request).id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${V1_PROJECT}/archive/`,
    { config: v1Project(ROLE.ADMIN), schema: { tags: TAGS, params: v1ProjectParams } },
    async (request, reply) => {
      await projects.archive(projectOf(request), userOf(request));
      return reply.code(204).send();
    },
  );

  app.delete(
    `${V1_PROJECT}/archive/`,
    {
      config: v1Project(ROLE.ADMIN, { archivedWritable: true }),
      schema: { tags: TAGS, params: v1ProjectParams },
    },
    async (request, reply) => {
      await projects.restore(projectOf(request), userOf(request));
      return reply.code(204).send();
    },
  );

  // The project's members as a page (Plane's `project-members-lite/`).
  app.get(
    `${V1_PROJECT}/project-members-lite/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1MemberSchema) },
      },
    },
    async (request) => pageOf(await projectMemberList(request), request.query),
  );

  // The feature switches (Plane's `features/`): anyone in the project reads them, admins change them.
  app.get(
    `${V1_PROJECT}/features/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: TAGS, params: v1ProjectParams, response: { 200: v1ProjectFeaturesSchema } },
    },
    async (request) => featuresOf(await projects.present(projectOf(request), userOf(request))),
  );

  app.patch(
    `${V1_PROJECT}/features/`,
    {
      config: v1Project(ROLE.ADMIN),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        body: v1UpdateProjectFeaturesBodySchema,
        response: { 200: v1ProjectFeaturesSchema },
      },
    },
    async (request) => {
      const { modules, cycles, views, pages, intakes } = request.body;
      const updated = await projects.update(projectOf(request), userOf(request), {
        ...(modules !== undefined ? { module_view: modules } : {}),
        ...(cycles !== undefined ? { cycle_view: cycles } : {}),
        ...(views !== undefined ? { issue_views_view: views } : {}),
        ...(pages !== undefined ? { page_view: pages } : {}),
        ...(intakes !== undefined ? { intake_view: intakes } : {}),
      });
      return featuresOf(updated);
    },
  );

  // Project members, under Plane's two names (the SDK reads `project-members/`).
  for (const family of ['members', 'project-members']) {
    const base = `${V1_PROJECT}/${family}`;

    app.get(
      `${base}/`,
      {
        config: v1Project(ROLE.GUEST),
        schema: { tags: TAGS, params: v1ProjectParams, response: { 200: z.array(v1MemberSchema) } },
      },
      (request) => projectMemberList(request),
    );

    app.post(
      `${base}/`,
      {
        config: v1Project(ROLE.ADMIN),
        schema: {
          tags: TAGS,
          params: v1ProjectParams,
          body: v1AddProjectMemberBodySchema,
          response: { 201: v1ProjectMemberSchema },
        },
      },
      async (request, reply) => {
        const { member, role } = request.body;
        const [added] = await projectMembers.addMany(projectOf(request), userOf(request), [
          { member_id: member, role },
        ]);
        return reply.code(201).send(presentV1ProjectMember(added!));
      },
    );

    app.get(
      `${base}/:member_id/`,
      {
        config: v1Project(ROLE.GUEST),
        schema: { tags: TAGS, params: memberParams, response: { 200: v1ProjectMemberSchema } },
      },
      async (request) =>
        presentV1ProjectMember(await projectMembers.get(projectOf(request), request.params.member_id)),
    );

    app.patch(
      `${base}/:member_id/`,
      {
        config: v1Project(ROLE.ADMIN),
        schema: {
          tags: TAGS,
          params: memberParams,
          body: v1UpdateProjectMemberBodySchema,
          response: { 200: v1ProjectMemberSchema },
        },
      },
      async (request) =>
        presentV1ProjectMember(
          await projectMembers.updateRole(
            projectOf(request),
            userOf(request),
            request.params.member_id,
            request.body.role,
          ),
        ),
    );

    app.delete(
      `${base}/:member_id/`,
      { config: v1Project(ROLE.ADMIN), schema: { tags: TAGS, params: memberParams } },
      async (request, reply) => {
        await projectMembers.remove(projectOf(request), userOf(request), request.params.member_id);
        return reply.code(204).send();
      },
    );
  }
}
