import {
  type ListIssuesQuery,
  paginated,
  transferIssuesBodySchema,
  transferIssuesResponseSchema,
  type V1UpdateCycleBody,
  type V1UpdateModuleBody,
  v1CreateCycleBodySchema,
  v1CreateModuleBodySchema,
  v1CycleListQuerySchema,
  v1CycleLiteQuerySchema,
  v1CycleLiteSchema,
  v1CycleSchema,
  v1IssueIdsBodySchema,
  v1ListQuerySchema,
  v1ModuleLiteSchema,
  v1ModuleSchema,
  v1PlannedItemSchema,
  v1UpdateCycleBodySchema,
  v1UpdateModuleBodySchema,
  v1WorkItemAnswerSchema,
  v1WorkItemQuerySchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../../platform/db/schema.ts';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App, ProjectAccess } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { liteOf, presentV1Cycle, presentV1Module } from './v1.presenter.ts';
import { orderedBy, pageOf, V1_PROJECT, type V1PageParams, v1Project, v1ProjectParams } from './v1.ts';
import { internalListQuery, type V1WorkItems } from './v1-work-items.ts';

/** The v1 cycle body in the internal keys: `owned_by` is `owned_by_id` there. */
function internalCycleBody({ owned_by, ...same }: V1UpdateCycleBody) {
  return { ...same, ...(owned_by !== undefined ? { owned_by_id: owned_by } : {}) };
}

/** The v1 module body in the internal keys: `lead` and `members` are `lead_id` and `member_ids`. */
function internalModuleBody({ lead, members, ...same }: V1UpdateModuleBody) {
  return {
    ...same,
    ...(lead !== undefined ? { lead_id: lead } : {}),
    ...(members !== undefined ? { member_ids: members } : {}),
  };
}

type ListQuery = V1PageParams & { order_by?: string };

/**
 * What the public API serves alike for cycles and modules (api.md §15.2): their list, lite list,
 * one item, create, change, delete, work items in and out, archive, archived list and restore.
 * Each kind says its schemas, how its v1 keys map to the service's, and its service calls.
 */
interface PlanningKindV1<Item, V1Item extends object> {
  /** `cycle` or `module`: names the paths (`cycles/`, `cycle-issues/`, `archived-cycles/`), the id parameter and the planned row's key. */
  kind: 'cycle' | 'module';
  /** The whole item's answer (its type stays loose here: fastify would check it against `present`'s). */
  schema: z.ZodType;
  /** The `-lite` list's item: a pick of the whole item's keys. */
  liteSchema: z.ZodObject;
  listQuery: z.ZodType<ListQuery>;
  liteQuery: z.ZodType<ListQuery>;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  present: (item: Item) => V1Item;
  /** The live list; `lite` says which of the two list routes asks. */
  list: (project: ProjectAccess, user: UserRow, query: ListQuery, lite: boolean) => Promise<Item[]>;
  listArchived: (project: ProjectAccess, user: UserRow) => Promise<Item[]>;
  get: (project: ProjectAccess, user: UserRow, id: string) => Promise<Item>;
  create: (project: ProjectAccess, user: UserRow, body: never) => Promise<Item>;
  update: (project: ProjectAccess, user: UserRow, id: string, body: never) => Promise<Item>;
  remove: (project: ProjectAccess, user: UserRow, id: string) => Promise<void>;
  listIssues: (project: ProjectAccess, user: UserRow, id: string, query: ListIssuesQuery) => Promise<unknown>;
  addIssues: (
    project: ProjectAccess,
    user: UserRow,
    id: string,
    issueIds: string[],
  ) => Promise<{ id: string; issue_id: string }[]>;
  removeIssue: (project: ProjectAccess, user: UserRow, id: string, issueId: string) => Promise<unknown>;
  archive: (project: ProjectAccess, id: string) => Promise<unknown>;
  restore: (project: ProjectAccess, id: string) => Promise<void>;
  /** Where an archive is asked for, and where the archived list is read (Plane has two of one or the other). */
  archiveUrls: string[];
  archivedListUrls: string[];
}

function planningKindRoutes<Item, V1Item extends object>(
  app: App,
  k: PlanningKindV1<Item, V1Item>,
  items: V1WorkItems,
) {
  const tags = [`public api: ${k.kind}s`];
  const idKey = `${k.kind}_id`;
  const params = v1ProjectParams.extend({ [idKey]: z.uuid() });
  const itemParams = params.extend({ issue_id: z.uuid() });
  const base = `${V1_PROJECT}/${k.kind}s`;
  const one = `${base}/:${idKey}`;
  const paramOf = (request: FastifyRequest, key: string) =>
    (request.params as Record<string, string>)[key] as string;
  const idOf = (request: FastifyRequest) => paramOf(request, idKey);
  const liteKeys = k.liteSchema.keyof().options as (keyof V1Item)[];
  const listAnswer = async (all: Item[], query: ListQuery, lite: boolean) => {
    const ordered = orderedBy(all.map(k.present), query.order_by);
    return pageOf(lite ? ordered.map((item) => liteOf(item, liteKeys)) : ordered, query);
  };

  for (const [url, lite] of [
    [`${base}/`, false],
    [`${V1_PROJECT}/${k.kind}s-lite/`, true],
  ] as const) {
    app.get(
      url,
      {
        config: v1Project(ROLE.GUEST),
        schema: {
          tags,
          params: v1ProjectParams,
          querystring: lite ? k.liteQuery : k.listQuery,
          response: { 200: paginated(lite ? k.liteSchema : k.schema) },
        },
      },
      async (request) => {
        const query = request.query as ListQuery;
        return listAnswer(await k.list(projectOf(request), userOf(request), query, lite), query, lite);
      },
    );
  }

  app.post(
    `${base}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: { tags, params: v1ProjectParams, body: k.createBody, response: { 201: k.schema } },
    },
    async (request, reply) => {
      const item = await k.create(projectOf(request), userOf(request), request.body as never);
      return reply.code(201).send(k.present(item));
    },
  );

  app.get(
    `${one}/`,
    { config: v1Project(ROLE.GUEST), schema: { tags, params, response: { 200: k.schema } } },
    async (request) => k.present(await k.get(projectOf(request), userOf(request), idOf(request))),
  );

  app.patch(
    `${one}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: { tags, params, body: k.updateBody, response: { 200: k.schema } },
    },
    async (request) =>
      k.present(await k.update(projectOf(request), userOf(request), idOf(request), request.body as never)),
  );

  // P15 here; deleting someone else's cycle or module needs P20, which the service checks.
  app.delete(
    `${one}/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags, params } },
    async (request, reply) => {
      await k.remove(projectOf(request), userOf(request), idOf(request));
      return reply.code(204).send();
    },
  );

  app.get(
    `${one}/${k.kind}-issues/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags,
        params,
        querystring: v1WorkItemQuerySchema,
        response: { 200: paginated(v1WorkItemAnswerSchema) },
      },
    },
    async (request) => {
      const { query } = request;
      const project = projectOf(request);
      const user = userOf(request);
      const answer = await k.listIssues(project, user, idOf(request), internalListQuery(query));
      return items.page(accessOf(request), project, user, answer, query);
    },
  );

  app.post(
    `${one}/${k.kind}-issues/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: { tags, params, body: v1IssueIdsBodySchema, response: { 201: z.array(v1PlannedItemSchema) } },
    },
    async (request, reply) => {
      const id = idOf(request);
      const rows = await k.addIssues(projectOf(request), userOf(request), id, request.body.issues);
      return reply.code(201).send(rows.map((row) => ({ id: row.id, [k.kind]: id, issue: row.issue_id })));
    },
  );

  app.delete(
    `${one}/${k.kind}-issues/:issue_id/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags, params: itemParams } },
    async (request, reply) => {
      await k.removeIssue(projectOf(request), userOf(request), idOf(request), paramOf(request, 'issue_id'));
      return reply.code(204).send();
    },
  );

  for (const url of k.archiveUrls) {
    app.post(url, { config: v1Project(ROLE.MEMBER), schema: { tags, params } }, async (request, reply) => {
      await k.archive(projectOf(request), idOf(request));
      return reply.code(204).send();
    });
  }

  for (const url of k.archivedListUrls) {
    app.get(
      url,
      {
        config: v1Project(ROLE.GUEST),
        schema: {
          tags,
          params: v1ProjectParams,
          querystring: v1ListQuerySchema,
          response: { 200: paginated(k.schema) },
        },
      },
      async (request) =>
        listAnswer(await k.listArchived(projectOf(request), userOf(request)), request.query, false),
    );
  }

  app.delete(
    `${V1_PROJECT}/archived-${k.kind}s/:${idKey}/unarchive/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags, params } },
    async (request, reply) => {
      await k.restore(projectOf(request), idOf(request));
      return reply.code(204).send();
    },
  );
}

/** Cycles and modules with their work items (api.md §15.2), through the cycles and modules services. */
export function planningV1Routes(app: App, { cycles, modules }: Services, items: V1WorkItems) {
  planningKindRoutes(
    app,
    {
      kind: 'cycle',
      schema: v1CycleSchema,
      liteSchema: v1CycleLiteSchema,
      listQuery: v1CycleListQuerySchema,
      liteQuery: v1CycleLiteQuerySchema,
      createBody: v1CreateCycleBodySchema,
      updateBody: v1UpdateCycleBodySchema,
      present: presentV1Cycle,
      // The lite list filters by Plane's `status`, the full one by `cycle_view`.
      list: (project, user, query, lite) => {
        const q = query as z.infer<typeof v1CycleLiteQuerySchema> & z.infer<typeof v1CycleListQuerySchema>;
        return cycles.list(project, user, { cycle_view: lite ? q.status : q.cycle_view });
      },
      listArchived: cycles.listArchived,
      get: cycles.get,
      create: (project, user, body: z.infer<typeof v1CreateCycleBodySchema>) =>
        cycles.create(project, user, { ...internalCycleBody(body), name: body.name }),
      update: (project, user, id, body: V1UpdateCycleBody) =>
        cycles.update(project, user, id, internalCycleBody(body)),
      remove: cycles.remove,
      listIssues: cycles.listIssues,
      addIssues: cycles.addIssues,
      removeIssue: (project, user, id, issueId) => cycles.removeIssues(project, user, id, [issueId]),
      archive: cycles.archive,
      restore: cycles.restore,
      archiveUrls: [
        `${V1_PROJECT}/cycles/:cycle_id/archive/`,
        `${V1_PROJECT}/archived-cycles/:cycle_id/archive/`,
      ],
      archivedListUrls: [`${V1_PROJECT}/archived-cycles/`],
    },
    items,
  );

  // Only cycles hand their unfinished work items on.
  app.post(
    `${V1_PROJECT}/cycles/:cycle_id/transfer-issues/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: ['public api: cycles'],
        params: v1ProjectParams.extend({ cycle_id: z.uuid() }),
        body: transferIssuesBodySchema,
        response: { 200: transferIssuesResponseSchema },
      },
    },
    (request) =>
      cycles.transfer(
        projectOf(request),
        userOf(request),
        request.params.cycle_id,
        request.body.new_cycle_id,
      ),
  );

  planningKindRoutes(
    app,
    {
      kind: 'module',
      schema: v1ModuleSchema,
      liteSchema: v1ModuleLiteSchema,
      listQuery: v1ListQuerySchema,
      liteQuery: v1ListQuerySchema,
      createBody: v1CreateModuleBodySchema,
      updateBody: v1UpdateModuleBodySchema,
      present: presentV1Module,
      list: (project, user) => modules.list(project, user, {}),
      listArchived: modules.listArchived,
      get: modules.get,
      create: (project, user, body: z.infer<typeof v1CreateModuleBodySchema>) =>
        modules.create(project, user, { ...internalModuleBody(body), name: body.name }),
      update: (project, user, id, body: V1UpdateModuleBody) =>
        modules.update(project, user, id, internalModuleBody(body)),
      remove: modules.remove,
      listIssues: modules.listIssues,
      addIssues: modules.addIssues,
      removeIssue: modules.removeIssue,
      archive: modules.archive,
      restore: modules.restore,
      archiveUrls: [`${V1_PROJECT}/modules/:module_id/archive/`],
      archivedListUrls: [`${V1_PROJECT}/archived-modules/`, `${V1_PROJECT}/modules/archived/`],
    },
    items,
  );
}
