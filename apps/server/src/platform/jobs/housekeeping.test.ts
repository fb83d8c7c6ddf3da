import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { pruneFinishedRows } from './housekeeping.ts';

let t: TestApp;
let workspaceId: string;
beforeAll(async () => {
  t = await startTestApp();
  const owner = await signUp(t);
  workspaceId = (await createWorkspace(owner)).id;
});
afterAll(() => t?.close());

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('housekeeping', () => {
  it('deletes old finished events, deliveries, logs and rate windows, and keeps pending and recent ones', async () => {
    const raw = t.database.raw.bind(t.database);
    await raw(
      `insert into outbox (workspace_id, topic, payload, processed_at) values
         ($1, 'old.handled', '{}', $2), ($1, 'recent.handled', '{}', $3), ($1, 'old.pending', '{}', null)`,
      [workspaceId, ago(8), ago(1)],
    );
    await raw(`update outbox set created_at = $1 where topic = 'old.pending'`, [ago(40)]);
    const [hook] = await raw<{ id: string }>(
      `insert into webhooks (workspace_id, url, secret_encrypted, secret_last4) values ($1, 'https://example.com/h', 'x', 'abcd') returning id`,
      [workspaceId],
    );
    await raw(
      `insert into webhook_deliveries (workspace_id, webhook_id, event_type, action, body, status, updated_at) values
         ($1, $2, 'issue', 'created', 'old delivered', 'delivered', $3),
         ($1, $2, 'issue', 'created', 'old failed', 'failed', $3),
         ($1, $2, 'issue', 'created', 'old pending', 'pending', $3),
         ($1, $2, 'issue', 'created', 'recent delivered', 'delivered', $4)`,
      [workspaceId, hook!.id, ago(31), ago(2)],
    );
    await raw(
      `insert into webhook_logs (workspace_id, webhook_id, delivery_id, event_type, action, attempt,
         request_headers, request_body, response_headers, duration_ms, created_at) values
         ($1, $2, gen_random_uuid(), 'issue', 'created', 1, '{}', 'old', '{}', 5, $3),
         ($1, $2, gen_random_uuid(), 'issue', 'created', 1, '{}', 'recent', '{}', 5, $4)`,
      [workspaceId, hook!.id, ago(31), ago(2)],
    );

    await raw(
      `insert into api_rate_windows (token_id, window_start, hits) values
         (gen_random_uuid(), now() - interval '2 hours', 60), (gen_random_uuid(), now() - interval '10 minutes', 3)`,
    );

    expect(await pruneFinishedRows(t.database.db)).toEqual({
      outbox: 1,
      deliveries: 2,
      logs: 1,
      idempotencyKeys: 0,
      rateWindows: 1,
    });
    const topics = await raw<{ topic: string }>(
      `select topic from outbox where workspace_id = $1 order by topic`,
      [workspaceId],
    );
    // The owner's joining the workspace is a recent event too: kept.
    expect(topics.map((r) => r.topic)).toEqual(['old.pending', 'recent.handled', 'workspace_member.created']);
    const bodies = await raw<{ body: string }>(`select body from webhook_deliveries order by body`);
    expect(bodies.map((r) => r.body)).toEqual(['old pending', 'recent delivered']);
    const logs = await raw<{ request_body: string }>(`select request_body from webhook_logs`);
    expect(logs.map((r) => r.request_body)).toEqual(['recent']);
    // Nothing left to prune: a second run deletes nothing.
    const windows = await raw<{ hits: number }>(`select hits from api_rate_windows`);
    expect(windows.map((r) => r.hits)).toEqual([3]);
    expect(await pruneFinishedRows(t.database.db)).toEqual({
      outbox: 0,
      deliveries: 0,
      logs: 0,
      idempotencyKeys: 0,
      rateWindows: 0,
    });
  });
});
