import type { Webhook, WebhookLog } from '@kite/shared/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { WebhookStore } from './WebhookStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/workspaces/acme/webhooks/';

export function makeWebhook(
  id: string,
  url: string,
  createdAt: string,
  extra: Partial<Webhook> = {},
): Webhook {
  return {
    id,
    url,
    is_active: true,
    project: false,
    issue: true,
    cycle: false,
    module: false,
    issue_comment: false,
    intake_issue: false,
    secret_key_masked: `plane_wh_****${id.padStart(4, '0')}`,
    version: 'v1',
    workspace: 'w1',
    created_at: createdAt,
    updated_at: createdAt,
    created_by: 'u1',
    updated_by: 'u1',
    ...extra,
  };
}

function makeLog(id: string, attempt: number): WebhookLog {
  return {
    id,
    webhook: 'h1',
    event_type: 'issue',
    action: 'updated',
    delivery_id: 'd1',
    attempt,
    request_method: 'POST',
    request_headers: {},
    request_body: '{}',
    response_status: 200,
    response_headers: {},
    response_body: '',
    error: null,
    duration_ms: 12,
    next_retry_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

function page(results: WebhookLog[], next: boolean, total: number) {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    next_cursor: '25:1:0',
    prev_cursor: '25:-1:1',
    next_page_results: next,
    prev_page_results: false,
    count: results.length,
    total_pages: 2,
    total_results: total,
    extra_stats: null,
    results,
  };
}

async function loaded() {
  fakeApi.on('GET', PATH, [
    makeWebhook('h1', 'https://old.example/hook', '2026-01-01T00:00:00.000Z'),
    makeWebhook('h2', 'https://new.example/hook', '2026-03-01T00:00:00.000Z'),
  ]);
  const store = new WebhookStore();
  await store.fetch('acme');
  return store;
}

describe('WebhookStore', () => {
  beforeEach(() => fakeApi.reset());

  it('lists a workspace’s webhooks newest first, and nothing for one not loaded', async () => {
    const store = await loaded();
    expect(store.isLoaded('acme')).toBe(true);
    expect(store.webhooksOf('acme').map((h) => h.id)).toEqual(['h2', 'h1']);
    expect(store.isLoaded('other')).toBe(false);
    expect(store.webhooksOf('other')).toEqual([]);
  });

  it('hands the secret of a new webhook back once and keeps only the masked form', async () => {
    const store = await loaded();
    const created = {
      ...makeWebhook('h3', 'https://x.example', '2026-04-01T00:00:00.000Z'),
      secret_key: 'plane_wh_full',
    };
    fakeApi.on('POST', PATH, created);
    const answer = await store.create('acme', { url: 'https://x.example', issue: true });
    expect(answer.secret_key).toBe('plane_wh_full');
    expect(fakeApi.callsTo('POST', PATH)[0]!.body).toEqual({ url: 'https://x.example', issue: true });
    const kept = store.get('acme', 'h3')!;
    expect(kept).not.toHaveProperty('secret_key');
    expect(store.webhooksOf('acme')[0]!.id).toBe('h3');
  });

  it('regenerates a secret, returning it and keeping the new mask', async () => {
    const store = await loaded();
    fakeApi.on('POST', `${PATH}h1/regenerate/`, {
      ...makeWebhook('h1', 'https://old.example/hook', '2026-01-01T00:00:00.000Z', {
        secret_key_masked: 'plane_wh_****beef',
      }),
      secret_key: 'plane_wh_new',
    });
    const answer = await store.regenerate('acme', 'h1');
    expect(answer.secret_key).toBe('plane_wh_new');
    expect(store.get('acme', 'h1')).toMatchObject({ secret_key_masked: 'plane_wh_****beef' });
    expect(store.get('acme', 'h1')).not.toHaveProperty('secret_key');
  });

  it('toggles at once and puts the webhook back when the server refuses', async () => {
    const store = await loaded();
    let release!: () => void;
    fakeApi.on(
      'PATCH',
      `${PATH}h1/`,
      () =>
        new Promise((_, reject) => {
          release = () => reject(new ApiError(403, 'Forbidden', 'FORBIDDEN'));
        }),
    );
    const pending = store.update('acme', 'h1', { is_active: false });
    expect(store.get('acme', 'h1')!.is_active).toBe(false);
    await Promise.resolve();
    await Promise.resolve();
    release();
    await expect(pending).rejects.toThrow('Forbidden');
    expect(store.get('acme', 'h1')!.is_active).toBe(true);
  });

  it('keeps the saved webhook the server answers with', async () => {
    const store = await loaded();
    fakeApi.on(
      'PATCH',
      `${PATH}h1/`,
      makeWebhook('h1', 'https://moved.example/', '2026-01-01T00:00:00.000Z', { cycle: true }),
    );
    await store.update('acme', 'h1', { url: 'https://moved.example/', cycle: true });
    expect(store.get('acme', 'h1')).toMatchObject({ url: 'https://moved.example/', cycle: true });
  });

  it('deletes at once and puts it back if the server refuses', async () => {
    const store = await loaded();
    fakeApi.fail('DELETE', `${PATH}h1/`, 500, 'Boom', 'INTERNAL');
    await expect(store.remove('acme', 'h1')).rejects.toThrow('Boom');
    expect(store.get('acme', 'h1')).toBeDefined();
    fakeApi.on('DELETE', `${PATH}h1/`, null);
    await store.remove('acme', 'h1');
    expect(store.get('acme', 'h1')).toBeUndefined();
  });

  it('reads the delivery log newest first, then the next page on demand', async () => {
    const store = await loaded();
    fakeApi.on('GET', `${PATH}h1/logs/`, (_body, path) =>
      path.includes('cursor=')
        ? page([makeLog('l3', 1)], false, 3)
        : page([makeLog('l1', 3), makeLog('l2', 2)], true, 3),
    );
    await store.fetchLogs('acme', 'h1');
    expect(store.logsOf('h1')).toMatchObject({ total: 3, nextCursor: '25:1:0' });
    await store.fetchLogs('acme', 'h1', { more: true });
    expect(store.logsOf('h1')!.logs.map((l) => l.id)).toEqual(['l1', 'l2', 'l3']);
    expect(store.logsOf('h1')!.nextCursor).toBeNull();
    expect(fakeApi.callsTo('GET', `${PATH}h1/logs/`).map((c) => c.path)).toEqual([
      `${PATH}h1/logs/?per_page=25`,
      `${PATH}h1/logs/?per_page=25&cursor=25%3A1%3A0`,
    ]);
  });

  it('forgets everything on reset', async () => {
    const store = await loaded();
    store.reset();
    expect(store.isLoaded('acme')).toBe(false);
  });
});
