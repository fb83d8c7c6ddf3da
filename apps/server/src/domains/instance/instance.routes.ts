import {
  instanceConfigurationSchema,
  instanceResponseSchema,
  updateInstanceBodySchema,
  updateInstanceConfigurationsBodySchema,
} from '@kite/shared/contracts';
import { z } from 'zod';
import { userOf } from '../../platform/http/hooks.ts';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';
import { presentInstance } from './instance.presenter.ts';

const TAGS = ['instance'];
const instanceAdmin = { auth: 'required' as const, instanceAdmin: true };

export function instanceRoutes(app: App, { instance, config, mailer }: Services) {
  const current = async () => presentInstance(await instance.get(), config, (await mailer()).isSmtp);

  app.get('/api/instances/', { schema: { tags: TAGS, response: { 200: instanceResponseSchema } } }, current);

  app.patch(
    '/api/instances/',
    {
      config: instanceAdmin,
      schema: { tags: TAGS, body: updateInstanceBodySchema, response: { 200: instanceResponseSchema } },
    },
    async (request) => {
      await instance.update(userOf(request), request.body);
      return current();
    },
  );

  app.get(
    '/api/instances/configurations/',
    {
      config: instanceAdmin,
      schema: { tags: TAGS, response: { 200: z.array(instanceConfigurationSchema) } },
    },
    () => instance.listConfigurations(),
  );

  app.patch(
    '/api/instances/configurations/',
    {
      config: instanceAdmin,
      schema: {
        tags: TAGS,
        body: updateInstanceConfigurationsBodySchema,
        response: { 200: z.array(instanceConfigurationSchema) },
      },
    },
    async (request) => {
      await instance.updateConfigurations(userOf(request), request.body);
      return instance.listConfigurations();
    },
  );
}
