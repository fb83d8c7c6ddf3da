import type { ApiToken } from '@kite/shared/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { ApiTokenStore } from './ApiTokenStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/workspaces/acme/api-tokens/';

function makeToken(id: string, label: string, createdAt: string): ApiToken {
  return {
    id,
    label,
    description: '',
    is_active: true,
    last_used: null,
    expired_at: null,
    token_masked: `plane_api_****${id.padStart(4, '0')}`,
    workspace: 'w1',
    user: 'u1',
    user_type: 0,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

async function loaded() {
  fakeApi.on('GET', PATH, [
    makeToken('t1', 'Old', '2026-01-01T00:00:00.000Z'),
    makeToken('t2', 'New', '2026-03-01T00:00:00.000Z'),
  ]);
  const store = new ApiTokenStore();
  await store.fetch('acme');
  return store;
}

describe('ApiTokenStore', () => {
  beforeEach(() => fakeApi.reset());

  it('lists a workspace’s tokens newest first, and nothing for one not loaded', async () => {
    const store = await loaded();
    expect(store.isLoaded('acme')).toBe(true);
    expect(store.tokensOf('acme').map((t) => t.label)).toEqual(['New', 'Old']);
    expect(store.isLoaded('other')).toBe(false);
    expect(store.tokensOf('other')).toEqual([]);
  });

  it('hands back the full token once and keeps only the masked one', async () => {
    const store = await loaded();
    const full = `plane_api_${'a'.repeat(64)}`;
    fakeApi.on('POST', PATH, { ...makeToken('t3', 'CI', '2026-04-01T00:00:00.000Z'), token: full });
    const created = await store.create('acme', { label: 'CI', description: '', expired_at: null });
    expect(created.token).toBe(full);
    expect(fakeApi.callsTo('POST', PATH)[0]!.body).toEqual({
      label: 'CI',
      description: '',
      expired_at: null,
    });
    const listed = store.tokensOf('acme')[0]!;
    expect(listed.label).toBe('CI');
    expect(listed).not.toHaveProperty('token');
    expect(JSON.stringify(store.tokensOf('acme'))).not.toContain(full);
  });

  it('creates into a workspace it has not loaded yet', async () => {
    const store = new ApiTokenStore();
    fakeApi.on('POST', PATH, { ...makeToken('t9', 'First', '2026-04-01T00:00:00.000Z'), token: 'x' });
    await store.create('acme', { label: 'First' });
    expect(store.tokensOf('acme').map((t) => t.id)).toEqual(['t9']);
  });

  it('passes the server’s refusal of a new token on and lists nothing new', async () => {
    const store = await loaded();
    fakeApi.fail('POST', PATH, 400, 'Invalid request', 'VALIDATION_ERROR');
    await expect(store.create('acme', { label: 'Late', expired_at: '2001-01-01' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(store.tokensOf('acme')).toHaveLength(2);
  });

  it('deletes at once and puts the token back if the server refuses', async () => {
    const store = await loaded();
    fakeApi.on('DELETE', `${PATH}t1/`, null);
    await store.remove('acme', 't1');
    expect(store.tokensOf('acme').map((t) => t.id)).toEqual(['t2']);

    fakeApi.fail('DELETE', `${PATH}t2/`, 404, 'API token not found', 'NOT_FOUND');
    const removing = store.remove('acme', 't2');
    expect(store.tokensOf('acme')).toEqual([]);
    await expect(removing).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(store.tokensOf('acme').map((t) => t.id)).toEqual(['t2']);
  });

  it('forgets everything on reset', async () => {
    const store = await loaded();
    store.reset();
    expect(store.isLoaded('acme')).toBe(false);
  });
});
