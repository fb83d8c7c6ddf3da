import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { NotificationPreferenceStore } from './NotificationPreferenceStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/users/me/notification-preferences/';
const ALL_ON = {
  property_change: true,
  state_change: true,
  comment: true,
  mention: true,
  issue_completed: true,
};

async function loaded() {
  const store = new NotificationPreferenceStore();
  fakeApi.on('GET', PATH, ALL_ON);
  await store.fetch();
  return store;
}

describe('NotificationPreferenceStore', () => {
  beforeEach(() => fakeApi.reset());

  it('switches a preference at once and sends that key alone', async () => {
    const store = await loaded();
    fakeApi.on('PATCH', PATH, { ...ALL_ON, comment: false });
    const saving = store.set('comment', false);
    expect(store.preferences?.comment).toBe(false);
    expect(await saving).toBe(true);
    expect(fakeApi.callsTo('PATCH', PATH)[0]!.body).toEqual({ comment: false });
  });

  it('switches it back and says why when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    const store = await loaded();
    fakeApi.fail('PATCH', PATH, 500, 'Something went wrong', 'INTERNAL_ERROR');
    expect(await store.set('mention', false)).toBe(false);
    expect(store.preferences).toEqual(ALL_ON);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Something went wrong'));
  });
});
