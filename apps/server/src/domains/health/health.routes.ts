import { healthSchema } from '@kite/shared/contracts';
import { z } from 'zod';
import type { App } from '../../platform/http/types.ts';
import type { Services } from '../../services.ts';

const TAGS = ['service'];

export function healthRoutes(app: App, services: Services) {
  app.get('/api/health/', { schema: { tags: TAGS, response: { 200: healthSchema } } }, () => ({
    status: 'ok',
  }));

  app.get(
    '/api/ready/',
    {
      schema: {
        tags: TAGS,
        response: { 200: healthSchema, 503: z.object({ status: z.string(), error: z.string() }) },
      },
    },
    async (_request, reply) => {
      if (services.lifecycle.shuttingDown) {
        return reply
          .code(503)
          .header('Retry-After', '5')
          .send({ status: 'unavailable', error: 'Shutting down' });
      }
      try {
        await services.database.ping();
        return { status: 'ready' };
      } catch {
        return reply
          .code(503)
          .header('Retry-After', '5')
          .send({ status: 'unavailable', error: 'Database unavailable' });
      }
    },
  );
}
