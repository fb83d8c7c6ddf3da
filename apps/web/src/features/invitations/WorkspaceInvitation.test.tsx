import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import {
  INSTANCE,
  makeInvitation,
  makeProfile,
  makeUser,
  makeWorkspace,
  signedOut,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const LINK = '/workspace-invitations/?invitation_id=i1&slug=acme&email=bea%40example.com&token=tok123';

describe('emailed invitation link', () => {
  beforeEach(() => fakeApi.reset());

  it('sends a signed-out visitor with a new address to sign-up, coming back to the link', async () => {
    signedOut(fakeApi).on('POST', '/auth/email-check/', { existing: false, status: 'MAGIC_CODE' });
    const { router } = renderApp(LINK);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(router.state.location.search).toEqual({
      email: 'bea@example.com',
      next_path: '/workspace-invitations?invitation_id=i1&slug=acme&email=bea%40example.com&token=tok123',
    });
  });

  it('accepts with the token; a user not yet onboarded continues onboarding with the workspace joined', async () => {
    const invitation = makeInvitation('i1', 'bea@example.com');
    fakeApi
      .on('GET', '/api/users/session/', {
        is_authenticated: true,
        user: makeUser({ email: 'bea@example.com' }),
      })
      .on('GET', '/api/instances/', INSTANCE)
      .on('GET', '/api/users/me/profile/', makeProfile())
      .on('GET', '/api/users/me/workspaces/invitations/', [invitation])
      .on('POST', '/api/workspaces/acme/invitations/i1/join/', { ...invitation, accepted: true })
      .on('GET', '/api/users/me/workspaces/', [makeWorkspace({ role: 15 })])
      .on('PATCH', '/api/users/me/profile/', (body) => ({ ...makeProfile(), ...(body as object) }));
    const user = userEvent.setup();
    const { router } = renderApp(LINK);

    expect(await screen.findByText('You have been invited to join Acme as member.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept and join' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(fakeApi.callsTo('POST', '/api/workspaces/acme/invitations/i1/join/')[0]?.body).toEqual({
      token: 'tok123',
      accepted: true,
    });
    expect(fakeApi.callsTo('PATCH', '/api/users/me/profile/')[0]?.body).toEqual({
      onboarding_step: { workspace_join: true },
      last_workspace_id: 'w1',
    });
  });

  it('shows why the server refused (e.g. an expired link) on the page', async () => {
    fakeApi
      .on('GET', '/api/users/session/', {
        is_authenticated: true,
        user: makeUser({ email: 'bea@example.com' }),
      })
      .on('GET', '/api/instances/', INSTANCE)
      .on('GET', '/api/users/me/profile/', makeProfile({ is_onboarded: true }))
      .on('GET', '/api/users/me/workspaces/invitations/', [])
      .fail('POST', '/api/workspaces/acme/invitations/i1/join/', 404, 'Invitation not found', 'NOT_FOUND');
    const user = userEvent.setup();
    renderApp(LINK);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invitation not found');
  });
});
