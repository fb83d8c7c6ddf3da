import type { Profile, UpdateProfileBody } from '@kite/shared/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { INSTANCE, makeInvitation, makeProfile, makeUser, makeWorkspace } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { mergeProfile } from '../user/UserStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

/** A server that remembers the profile, so each step sees what the previous one stored. */
function serveNewAccount() {
  let profile: Profile = makeProfile();
  const workspace = makeWorkspace({ id: 'w9', name: 'Moon', slug: 'moon' });
  let workspaces: (typeof workspace)[] = [];
  fakeApi
    .on('GET', '/api/users/session/', { is_authenticated: true, user: makeUser({ first_name: '' }) })
    .on('GET', '/api/instances/', INSTANCE)
    .on('GET', '/api/users/me/profile/', () => profile)
    .on('PATCH', '/api/users/me/profile/', (body) => {
      profile = mergeProfile(profile, body as UpdateProfileBody);
      return profile;
    })
    .on('PATCH', '/api/users/me/', (body) => makeUser(body as object))
    .on('PATCH', '/api/users/me/onboard/', () => {
      profile = { ...profile, is_onboarded: true };
      return profile;
    })
    .on('GET', '/api/users/me/workspaces/', () => workspaces)
    .on('GET', '/api/users/me/workspaces/invitations/', [])
    .on('GET', '/api/workspace-slug-check/', { status: true })
    .on('POST', '/api/workspaces/', () => {
      workspaces = [workspace];
      return workspace;
    })
    .on('GET', '/api/workspaces/moon/', workspace)
    .on('POST', '/api/workspaces/moon/invitations/', [makeInvitation('i1', 'bea@example.com')]);
  return { profile: () => profile };
}

const patches = () => fakeApi.callsTo('PATCH', '/api/users/me/profile/').map((c) => c.body);

describe('onboarding', () => {
  beforeEach(() => fakeApi.reset());

  it('walks profile → workspace → invite, storing each step, then lands in the new workspace', async () => {
    const server = serveNewAccount();
    const user = userEvent.setup();
    const { router } = renderApp('/onboarding');

    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText(/What is your role/), 'Engineer');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    expect(fakeApi.callsTo('PATCH', '/api/users/me/')[0]?.body).toMatchObject({ first_name: 'Ada' });
    expect(patches()[0]).toEqual({ role: 'Engineer', onboarding_step: { profile_complete: true } });

    await user.type(screen.getByLabelText('Workspace name'), 'Moon');
    await screen.findByText('This URL is available');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));

    expect(await screen.findByText('Step 3 of 3')).toBeTruthy();
    expect(patches()[1]).toEqual({ onboarding_step: { workspace_create: true }, last_workspace_id: 'w9' });

    await user.type(screen.getByLabelText('Email 1'), 'bea@example.com');
    await user.selectOptions(screen.getByLabelText('Role 1'), '20');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/moon\/?$/));
    expect(fakeApi.callsTo('POST', '/api/workspaces/moon/invitations/')[0]?.body).toEqual({
      emails: [{ email: 'bea@example.com', role: 20 }],
    });
    expect(patches()).toContainEqual({ onboarding_step: { workspace_invite: true } });
    expect(fakeApi.callsTo('PATCH', '/api/users/me/onboard/')[0]?.body).toEqual({ is_onboarded: true });
    expect(server.profile().is_onboarded).toBe(true);
  });

  it('resumes at the stored step and lets the invite step be skipped', async () => {
    serveNewAccount();
    fakeApi
      .on(
        'GET',
        '/api/users/me/profile/',
        makeProfile({
          last_workspace_id: 'w9',
          onboarding_step: { profile_complete: true, workspace_create: true },
        }),
      )
      .on('GET', '/api/users/me/workspaces/', [makeWorkspace({ id: 'w9', name: 'Moon', slug: 'moon' })]);
    const user = userEvent.setup();
    const { router } = renderApp('/onboarding');

    expect(await screen.findByText('Step 3 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/moon\/?$/));
    expect(fakeApi.callsTo('POST', '/api/workspaces/moon/invitations/')).toHaveLength(0);
    expect(fakeApi.callsTo('PATCH', '/api/users/me/onboard/')).toHaveLength(1);
  });
});
