import {
  paginated,
  v1CreatePageBodySchema,
  v1PageListQuerySchema,
  v1PageSchema,
} from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { z } from 'zod';
import { projectOf, userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { presentV1Page } from './v1.presenter.ts';
import { orderedBy, pageOf, V1_PROJECT, v1Project, v1ProjectParams } from './v1.ts';

const TAGS = ['public api: pages'];
const pageParams = v1ProjectParams.extend({ page_id: z.uuid() });

/**
 * A project's pages as Plane's SDK reads and creates them, through the pages service: its rules
 * decide who sees a private page and who may create one (the internal routes' roles).
 */
export function pagesV1Routes(app: App, { pages }: Services) {
  const base = `${V1_PROJECT}/pages`;

  app.get(
    `${base}/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        querystring: v1PageListQuerySchema,
        response: { 200: paginated(v1PageSchema) },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const { search, order_by } = request.query;
      const all = await pages.list(project, userOf(request), { search });
      const items = all.map((page) => presentV1Page(page, project));
      return pageOf(orderedBy(items, order_by), request.query);
    },
  );

  app.post(
    `${base}/`,
    {
      config: v1Project(ROLE.MEMBER),
      schema: {
        tags: TAGS,
        params: v1ProjectParams,
        body: v1CreatePageBodySchema,
        response: { 201: v1PageSchema },
      },
    },
    async (request, reply) => {
      const project = projectOf(request);
      const page = await pages.create(project, userOf(request), request.body);
      return reply.code(201).send(presentV1Page(page, project));
    },
  );

  app.get(
    `${base}/:page_id/`,
    {
      config: v1Project(ROLE.GUEST),
      schema: { tags: TAGS, params: pageParams, response: { 200: v1PageSchema } },
    },
    async (request) => {
      const project = projectOf(request);
      return presentV1Page(await pages.get(project, userOf(request), request.params.page_id), project);
    },
  );
}
