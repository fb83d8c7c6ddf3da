import { type QueryTiming, withQueryTiming } from '../db/query-timing.ts';
import type { App } from './types.ts';

interface RequestTiming extends QueryTiming {
  start: number;
  handled: number;
}

/**
 * `Server-Timing: db;dur=…, app;dur=…, ser;dur=…` on every response (SERVER_TIMING=1): database
 * time, the rest of the handler, and serialisation plus sending hooks. The benchmark reads it;
 * it is off by default because it tells clients how the server spends its time.
 */
export function registerServerTiming(app: App): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const timing: RequestTiming = { start: performance.now(), db: 0, handled: 0 };
    (request as { timing?: RequestTiming }).timing = timing;
    withQueryTiming(timing, done);
  });
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const timing = (request as { timing?: RequestTiming }).timing;
    if (timing) timing.handled = performance.now();
    done(null, payload);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const timing = (request as { timing?: RequestTiming }).timing;
    if (timing) {
      const now = performance.now();
      const handled = timing.handled || now;
      const format = (ms: number) => Math.max(0, ms).toFixed(2);
      reply.header(
        'Server-Timing',
        `db;dur=${format(timing.db)}, app;dur=${format(handled - timing.start - timing.db)}, ser;dur=${format(now - handled)}`,
      );
    }
    done(null, payload);
  });
}
