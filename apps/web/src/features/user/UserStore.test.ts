import { reaction } from 'mobx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { applyTheme, isDarkApplied } from '../../lib/theme.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProfile, makeUser } from '../../test/fixtures.ts';
import { mergeProfile, UserStore } from './UserStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

/** A signed-in store whose theme drives <html class="dark">, as main.tsx wires it. */
function signedInStore(profile = makeProfile({ theme: { theme: 'light' } })) {
  const store = new UserStore();
  store.setSignedIn(makeUser());
  store.profile = profile;
  const stop = reaction(() => store.theme, applyTheme, { fireImmediately: true });
  return { store, stop };
}

describe('UserStore', () => {
  beforeEach(() => fakeApi.reset());

  it('applies a profile change at once and keeps the server answer', async () => {
    const { store, stop } = signedInStore();
    let resolve!: (value: unknown) => void;
    fakeApi.on('PATCH', '/api/users/me/profile/', () => new Promise((r) => (resolve = r)));

    const saving = store.setTheme('dark');
    expect(store.theme).toBe('dark');
    expect(isDarkApplied()).toBe(true);
    expect(fakeApi.callsTo('PATCH', '/api/users/me/profile/')[0]?.body).toEqual({ theme: { theme: 'dark' } });

    resolve(makeProfile({ theme: { theme: 'dark' }, role: 'from server' }));
    await saving;
    expect(store.profile?.role).toBe('from server');
    stop();
  });

  it('rolls the theme back (store and page) when the server refuses', async () => {
    const { store, stop } = signedInStore();
    expect(isDarkApplied()).toBe(false);
    fakeApi.fail(
      'PATCH',
      '/api/users/me/profile/',
      400,
      'Failed to update user profile theme',
      'VALIDATION_ERROR',
    );

    const saving = store.setTheme('dark');
    expect(isDarkApplied()).toBe(true);
    await expect(saving).rejects.toBeInstanceOf(ApiError);
    expect(store.theme).toBe('light');
    expect(store.profile?.theme).toEqual({ theme: 'light' });
    expect(isDarkApplied()).toBe(false);
    stop();
  });

  it('rolls back an account change when the server refuses', async () => {
    const { store, stop } = signedInStore();
    fakeApi.fail('PATCH', '/api/users/me/', 400, 'Display name is required', 'VALIDATION_ERROR');
    const saving = store.updateMe({ first_name: 'Grace' });
    expect(store.user?.first_name).toBe('Grace');
    await expect(saving).rejects.toThrow('Display name is required');
    expect(store.user?.first_name).toBe('Ada');
    stop();
  });

  it('merges onboarding steps and theme keys like the server', () => {
    const profile = makeProfile({
      theme: { theme: 'dark', palette: 'x' },
      onboarding_step: { profile_complete: true, workspace_create: false },
    });
    const merged = mergeProfile(profile, {
      onboarding_step: { workspace_create: true },
      theme: { theme: 'light' },
    });
    expect(merged.onboarding_step).toEqual({ profile_complete: true, workspace_create: true });
    expect(merged.theme).toEqual({ theme: 'light', palette: 'x' });
  });

  it('asks for the session once, however many screens want it', async () => {
    fakeApi
      .on('GET', '/api/users/session/', { is_authenticated: true, user: makeUser() })
      .on('GET', '/api/users/me/profile/', makeProfile());
    const store = new UserStore();
    const [a, b] = await Promise.all([store.ensureSession(), store.ensureSession()]);
    await store.ensureSession();
    expect(a?.email).toBe('ada@example.com');
    expect(b).toBe(a);
    expect(fakeApi.callsTo('GET', '/api/users/session/')).toHaveLength(1);
    expect(store.profile?.id).toBe('p1');
  });

  it('finishes onboarding by storing the last workspace, then marking the user onboarded', async () => {
    const { store, stop } = signedInStore();
    fakeApi
      .on('PATCH', '/api/users/me/profile/', (body) => mergeProfile(makeProfile(), body as object))
      .on('PATCH', '/api/users/me/onboard/', makeProfile({ is_onboarded: true, last_workspace_id: 'w1' }));
    await store.finishOnboarding('w1');
    expect(fakeApi.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PATCH /api/users/me/profile/',
      'PATCH /api/users/me/onboard/',
    ]);
    expect(fakeApi.calls[0]?.body).toEqual({ last_workspace_id: 'w1' });
    expect(fakeApi.calls[1]?.body).toEqual({ is_onboarded: true });
    expect(store.profile?.is_onboarded).toBe(true);
    stop();
  });
});
