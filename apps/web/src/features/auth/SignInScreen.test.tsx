import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import {
  INSTANCE,
  makeProfile,
  makeSettings,
  makeUser,
  makeWorkspace,
  signedOut,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

/** After sign-in the landing rule needs the profile, settings and the workspace itself. */
function serveOnboardedAccount() {
  const workspace = makeWorkspace();
  fakeApi
    .on('GET', '/api/users/me/profile/', makeProfile({ is_onboarded: true, last_workspace_id: 'w1' }))
    .on('GET', '/api/users/me/settings/', makeSettings('acme'))
    .on('GET', '/api/users/me/workspaces/', [workspace])
    .on('GET', '/api/workspaces/acme/', workspace);
}

describe('sign-in screen', () => {
  beforeEach(() => {
    fakeApi.reset();
    signedOut(fakeApi);
  });

  it('asks for the password when the account uses one, then lands in the last workspace', async () => {
    fakeApi.on('POST', '/auth/email-check/', { existing: true, status: 'CREDENTIAL' });
    fakeApi.on('POST', '/auth/sign-in/', makeUser());
    serveOnboardedAccount();
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const password = await screen.findByLabelText('Password', { selector: 'input' });
    expect(fakeApi.callsTo('POST', '/auth/email-check/')[0]?.body).toEqual({ email: 'ada@example.com' });
    expect(fakeApi.callsTo('POST', '/auth/magic-generate/')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();

    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/acme\/?$/));
    expect(fakeApi.callsTo('POST', '/auth/sign-in/')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'correct horse',
    });
    expect(await screen.findByText(/Good (morning|afternoon|evening), Ada/)).toBeTruthy();
  });

  it('sends a code and shows the 6-digit code step for a magic-code account', async () => {
    fakeApi.on('POST', '/auth/email-check/', { existing: true, status: 'MAGIC_CODE' });
    fakeApi.on('POST', '/auth/magic-generate/', { key: 'magic_ada@example.com' });
    fakeApi.on('POST', '/auth/magic-sign-in/', makeUser({ is_password_autoset: true }));
    fakeApi.on('GET', '/api/users/me/profile/', makeProfile({ is_onboarded: false }));
    fakeApi.on('GET', '/api/users/me/workspaces/', []);
    fakeApi.on('GET', '/api/users/me/workspaces/invitations/', []);
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const code = await screen.findByLabelText('Verification code');
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    expect(fakeApi.callsTo('POST', '/auth/magic-generate/')[0]?.body).toEqual({ email: 'ada@example.com' });

    await user.type(code, '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter the 6-digit code from the email')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/auth/magic-sign-in/')).toHaveLength(0);

    await user.type(code, '6');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Not onboarded yet: the landing rule sends the user to onboarding.
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding'));
    expect(fakeApi.callsTo('POST', '/auth/magic-sign-in/')[0]?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
  });

  it('shows the server message next to the password when sign-in is refused', async () => {
    fakeApi.on('POST', '/auth/email-check/', { existing: true, status: 'CREDENTIAL' });
    fakeApi.on('POST', '/auth/sign-in/', () => {
      throw new ApiError(400, 'Invalid email or password', 'AUTHENTICATION_FAILED_SIGN_IN');
    });
    const user = userEvent.setup();
    const { router } = renderApp('/');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password', { selector: 'input' }), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers sign-up for an email without an account, keeping next_path', async () => {
    fakeApi.on('POST', '/auth/email-check/', { existing: false, status: 'CREDENTIAL' });
    const user = userEvent.setup();
    renderApp('/?next_path=%2Finvitations');

    await user.type(await screen.findByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('No account with this email')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Create an account' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/sign-up');
    expect(href.searchParams.get('email')).toBe('new@example.com');
    expect(href.searchParams.get('next_path')).toBe('/invitations');
  });

  it('shows the message of a form-mode error redirect', async () => {
    renderApp('/?error_code=5065&error_message=AUTHENTICATION_FAILED_SIGN_IN&email=ada%40example.com');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it("understands the server's form-mode redirects, trailing slash included", async () => {
    renderApp('/sign-up/?error_code=5021&error_message=PASSWORD_TOO_WEAK&email=ada%40example.com');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Password is too weak');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('sends a signed-in visitor straight to the app', async () => {
    fakeApi.on('GET', '/api/users/session/', { is_authenticated: true, user: makeUser() });
    fakeApi.on('GET', '/api/instances/', INSTANCE);
    serveOnboardedAccount();
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/acme\/?$/));
  });

  it('sends a signed-out visitor of an app page to sign-in with next_path', async () => {
    const { router } = renderApp('/acme/settings/members');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ next_path: '/acme/settings/members' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Kite' })).toBeTruthy();
  });

  it('offers a button per sign-in provider the instance has on, keeping next_path', async () => {
    fakeApi.on('GET', '/api/instances/', {
      ...INSTANCE,
      config: {
        ...INSTANCE.config,
        is_google_enabled: true,
        is_gitlab_enabled: true,
        is_oidc_enabled: true,
        oidc_button_label: 'Sign in with Corp SSO',
      },
    });
    renderApp('/?next_path=%2Facme%2Fprojects');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/auth/google/?next_path=%2Facme%2Fprojects');
    expect(screen.getByRole('link', { name: 'Continue with GitLab' }).getAttribute('href')).toBe(
      '/auth/gitlab/?next_path=%2Facme%2Fprojects',
    );
    expect(screen.getByRole('link', { name: 'Sign in with Corp SSO' }).getAttribute('href')).toBe(
      '/auth/oidc/?next_path=%2Facme%2Fprojects',
    );
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).toBeNull();
  });

  it('offers no provider buttons when none is on', async () => {
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in to Kite' });
    expect(screen.queryByRole('list', { name: 'Sign in with' })).toBeNull();
  });

  it("says why a provider's sign-in was refused", async () => {
    renderApp('/sign-in?error_code=5165&error_message=OAUTH_EMAIL_NOT_VERIFIED');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your email is not verified with this provider',
    );
  });
});
