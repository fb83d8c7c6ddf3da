import {
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
import { z } from 'zod';
import { accessOf, projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { liteOf, presentV1Cycle, presentV1Module } from './v1.presenter.ts';
import { orderedBy, pageOf, V1_PROJECT, v1Project, v1ProjectParams } from './v1.ts';
import { internalListQuery, type V1WorkItems } from './v1-work-items.ts';

const cycleParams = v1ProjectParams.extend({ cycle_id: z.uuid() });
const cycleItemParams = cycleParams.extend({ issue_id: z.uuid() });
const moduleParams = v1ProjectParams.extend({ module_id: z.uuid() });
const moduleItemParams = moduleParams.extend({ issue_id: z.uuid() });

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

/** Cycles and modules with their work items (api.md §15.2), through the cycles and modules services. */
export function planningV1Routes(app: App, { cycles, modules }: Services, items: V1WorkItems) {
  const cycleTags = ['public api: cycles'];
  const moduleTags = ['public api: modules'];
  const cyclesBase = `${V1_PROJECT}/cycles`;
  const oneCycle = `${cyclesBase}/:cycle_id`;

  app.get(
    `${cyclesBase}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: cycleTags,
        params: v1ProjectParams,
        querystring: v1CycleListQuerySchema,
        response: { 200: paginated(v1CycleSchema) },
      },
    },
    async (request) => {
      const { cycle_view, order_by } = request.query;
      const all = await cycles.list(projectOf(request), userOf(request), { cycle_view });
      return pageOf(orderedBy(all.map(presentV1Cycle), order_by), request.query);
    },
  );

  // The same list with fewer keys (Plane's `cycles-lite/`), filtered by `status` when asked.
  app.get(
    `${V1_PROJECT}/cycles-lite/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: cycleTags,
        params: v1ProjectParams,
        querystring: v1CycleLiteQuerySchema,
        response: { 200: paginated(v1CycleLiteSchema) },
      },
    },
    async (request) => {
      const { status, order_by } = request.query;
      const all = await cycles.list(projectOf(request), userOf(request), { cycle_view: status });
      const keys = v1CycleLiteSchema.keyof().options;
      const lites = orderedBy(all.map(presentV1Cycle), order_by).map((cycle) => liteOf(cycle, keys));
      return pageOf(lites, request.query);
    },
  );

  app.post(
    `${cyclesBase}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: cycleTags,
        params: v1ProjectParams,
        body: v1CreateCycleBodySchema,
        response: { 201: v1CycleSchema },
      },
    },
    async (request, reply) => {
      const body = { ...internalCycleBody(request.body), name: request.body.name };
      const cycle = await cycles.create(projectOf(request), userOf(request), body);
      return reply.code(201).send(presentV1Cycle(cycle));
    },
  );

  app.get(
    `${oneCycle}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: cycleTags, params: cycleParams, response: { 200: v1CycleSchema } },
    },
    async (request) =>
      presentV1Cycle(await cycles.get(projectOf(request), userOf(request), request.params.cycle_id)),
  );

  app.patch(
    `${oneCycle}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: cycleTags,
        params: cycleParams,
        body: v1UpdateCycleBodySchema,
        response: { 200: v1CycleSchema },
      },
    },
    async (request) => {
      const body = internalCycleBody(request.body);
      return presentV1Cycle(
        await cycles.update(projectOf(request), userOf(request), request.params.cycle_id, body),
      );
    },
  );

  // P15 here; deleting someone else's cycle needs P20, which the service checks.
  app.delete(
    `${oneCycle}/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: cycleTags, params: cycleParams } },
    async (request, reply) => {
      await cycles.remove(projectOf(request), userOf(request), request.params.cycle_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${oneCycle}/cycle-issues/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: cycleTags,
        params: cycleParams,
        querystring: v1WorkItemQuerySchema,
        response: { 200: paginated(v1WorkItemAnswerSchema) },
      },
    },
    async (request) => {
      const { query } = request;
      const project = projectOf(request);
      const user = userOf(request);
      const answer = await cycles.listIssues(
        project,
        user,
        request.params.cycle_id,
        internalListQuery(query),
      );
      return items.page(accessOf(request), project, user, answer, query);
    },
  );

  app.post(
    `${oneCycle}/cycle-issues/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: cycleTags,
        params: cycleParams,
        body: v1IssueIdsBodySchema,
        response: { 201: z.array(v1PlannedItemSchema) },
      },
    },
    async (request, reply) => {
      const { cycle_id } = request.params;
      const rows = await cycles.addIssues(projectOf(request), userOf(request), cycle_id, request.body.issues);
      return reply.code(201).send(rows.map((row) => ({ id: row.id, cycle: cycle_id, issue: row.issue_id })));
    },
  );

  app.delete(
    `${oneCycle}/cycle-issues/:issue_id/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: cycleTags, params: cycleItemParams } },
    async (request, reply) => {
      const { cycle_id, issue_id } = request.params;
      await cycles.removeIssues(projectOf(request), userOf(request), cycle_id, [issue_id]);
      return reply.code(204).send();
    },
  );

  app.post(
    `${oneCycle}/transfer-issues/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: cycleTags,
        params: cycleParams,
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

  for (const url of [`${oneCycle}/archive/`, `${V1_PROJECT}/archived-cycles/:cycle_id/archive/`]) {
    app.post(
      url,
      { config: v1Project(ROLE.MEMBER), schema: { tags: cycleTags, params: cycleParams } },
      async (request, reply) => {
        await cycles.archive(projectOf(request), request.params.cycle_id);
        return reply.code(204).send();
      },
    );
  }

  app.get(
    `${V1_PROJECT}/archived-cycles/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: cycleTags,
        params: v1ProjectParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1CycleSchema) },
      },
    },
    async (request) => {
      const all = await cycles.listArchived(projectOf(request), userOf(request));
      return pageOf(orderedBy(all.map(presentV1Cycle), request.query.order_by), request.query);
    },
  );

  app.delete(
    `${V1_PROJECT}/archived-cycles/:cycle_id/unarchive/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: cycleTags, params: cycleParams } },
    async (request, reply) => {
      await cycles.restore(projectOf(request), request.params.cycle_id);
      return reply.code(204).send();
    },
  );

  // ——— Modules ———
  const modulesBase = `${V1_PROJECT}/modules`;
  const oneModule = `${modulesBase}/:module_id`;

  app.get(
    `${modulesBase}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: moduleTags,
        params: v1ProjectParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1ModuleSchema) },
      },
    },
    async (request) => {
      const all = await modules.list(projectOf(request), userOf(request), {});
      return pageOf(orderedBy(all.map(presentV1Module), request.query.order_by), request.query);
    },
  );

  app.get(
    `${V1_PROJECT}/modules-lite/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: moduleTags,
        params: v1ProjectParams,
        querystring: v1ListQuerySchema,
        response: { 200: paginated(v1ModuleLiteSchema) },
      },
    },
    async (request) => {
      const all = await modules.list(projectOf(request), userOf(request), {});
      const keys = v1ModuleLiteSchema.keyof().options;
      const ordered = orderedBy(all.map(presentV1Module), request.query.order_by);
      return pageOf(
        ordered.map((module) => liteOf(module, keys)),
        request.query,
      );
    },
  );

  app.post(
    `${modulesBase}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: moduleTags,
        params: v1ProjectParams,
        body: v1CreateModuleBodySchema,
        response: { 201: v1ModuleSchema },
      },
    },
    async (request, reply) => {
      const body = { ...internalModuleBody(request.body), name: request.body.name };
      const module = await modules.create(projectOf(request), userOf(request), body);
      return reply.code(201).send(presentV1Module(module));
    },
  );

  app.get(
    `${oneModule}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: moduleTags, params: moduleParams, response: { 200: v1ModuleSchema } },
    },
    async (request) =>
      presentV1Module(await modules.get(projectOf(request), userOf(request), request.params.module_id)),
  );

  app.patch(
    `${oneModule}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: moduleTags,
        params: moduleParams,
        body: v1UpdateModuleBodySchema,
        response: { 200: v1ModuleSchema },
      },
    },
    async (request) => {
      const body = internalModuleBody(request.body);
      return presentV1Module(
        await modules.update(projectOf(request), userOf(request), request.params.module_id, body),
      );
    },
  );

  // P15 here; deleting someone else's module needs P20, which the service checks.
  app.delete(
    `${oneModule}/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: moduleTags, params: moduleParams } },
    async (request, reply) => {
      await modules.remove(projectOf(request), userOf(request), request.params.module_id);
      return reply.code(204).send();
    },
  );

  app.get(
    `${oneModule}/module-issues/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: moduleTags,
        params: moduleParams,
        querystring: v1WorkItemQuerySchema,
        response: { 200: paginated(v1WorkItemAnswerSchema) },
      },
    },
    async (request) => {
      const { query } = request;
      const project = projectOf(request);
      const user = userOf(request);
      const answer = await modules.listIssues(
        project,
        user,
        request.params.module_id,
        internalListQuery(query),
      );
      return items.page(accessOf(request), project, user, answer, query);
    },
  );

  app.post(
    `${oneModule}/module-issues/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: moduleTags,
        params: moduleParams,
        body: v1IssueIdsBodySchema,
        response: { 201: z.array(v1PlannedItemSchema) },
      },
    },
    async (request, reply) => {
      const { module_id } = request.params;
      const rows = await modules.addIssues(
        projectOf(request),
        userOf(request),
        module_id,
        request.body.issues,
      );
      return reply
        .code(201)
        .send(rows.map((row) => ({ id: row.id, module: module_id, issue: row.issue_id })));
    },
  );

  app.delete(
    `${oneModule}/module-issues/:issue_id/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: moduleTags, params: moduleItemParams } },
    async (request, reply) => {
      const { module_id, issue_id } = request.params;
      await modules.removeIssue(projectOf(request), userOf(request), module_id, issue_id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${oneModule}/archive/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: moduleTags, params: moduleParams } },
    async (request, reply) => {
      await modules.archive(projectOf(request), request.params.module_id);
      return reply.code(204).send();
    },
  );

  for (const url of [`${V1_PROJECT}/archived-modules/`, `${modulesBase}/archived/`]) {
    app.get(
      url,
      {
        config: v1Project(ROLE.GUEST),
        schema: {
          tags: moduleTags,
          params: v1ProjectParams,
          querystring: v1ListQuerySchema,
          response: { 200: paginated(v1ModuleSchema) },
        },
      },
      async (request) => {
        const all = await modules.listArchived(projectOf(request), userOf(request));
        return pageOf(orderedBy(all.map(presentV1Module), request.query.order_by), request.query);
      },
    );
  }

  app.delete(
    `${V1_PROJECT}/archived-modules/:module_id/unarchive/`,
    { config: v1Project(ROLE.MEMBER), schema: { tags: moduleTags, params: moduleParams } },
    async (request, reply) => {
      await modules.restore(projectOf(request), request.params.module_id);
      return reply.code(204).send();
    },
  );
}
