import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { INSTANCE, signedIntoAcme, signedOut } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { SECRET_MASK } from './configValues.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const CONFIG = '/api/instances/configurations/';
const rows = [
  { key: 'ENABLE_SIGNUP', value: null, category: 'AUTHENTICATION', is_encrypted: false },
  { key: 'IS_OIDC_ENABLED', value: '0', category: 'OIDC', is_encrypted: false },
  { key: 'OIDC_ISSUER_URL', value: null, category: 'OIDC', is_encrypted: false },
  { key: 'OIDC_CLIENT_ID', value: 'kite', category: 'OIDC', is_encrypted: false },
  { key: 'OIDC_CLIENT_SECRET', value: SECRET_MASK, category: 'OIDC', is_encrypted: true },
  { key: 'EMAIL_HOST', value: 'smtp.example.com', category: 'SMTP', is_encrypted: false },
];

function asAdmin(isAdmin: boolean) {
  signedIntoAcme(fakeApi);
  fakeApi.on('GET', '/api/users/me/instance-admin/', { is_instance_admin: isAdmin });
  fakeApi.on('GET', CONFIG, rows);
}

describe('the admin console guard', () => {
  beforeEach(() => fakeApi.reset());

  it('shows the not-found screen to a signed-in user who is not an instance admin', async () => {
    asAdmin(false);
    renderApp('/god-mode/users');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Admin console' })).toBeNull();
    expect(fakeApi.callsTo('GET', '/api/instances/users/')).toHaveLength(0);
  });

  it('sends a signed-out visitor to sign in, coming back to the console after', async () => {
    signedOut(fakeApi);
    const { router } = renderApp('/god-mode/email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toEqual({ next_path: '/god-mode/email' });
    expect(fakeApi.callsTo('GET', '/api/users/me/instance-admin/')).toHaveLength(0);
  });

  it('opens General for an instance admin at /god-mode', async () => {
    asAdmin(true);
    const { router } = renderApp('/god-mode');
    expect(await screen.findByRole('heading', { name: 'General', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/god-mode/general');
    expect(await screen.findByDisplayValue(INSTANCE.instance.instance_name)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Admin console' });
    expect(within(nav).getByRole('link', { name: 'General' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the admin console screens', () => {
  beforeEach(() => {
    fakeApi.reset();
    asAdmin(true);
  });

  it('saves a provider without sending back the masked secret or the untouched default scopes', async () => {
    fakeApi.on('PATCH', CONFIG, (body) =>
      rows.map((r) => (r.key in (body as object) ? { ...r, value: String((body as never)[r.key]) } : r)),
    );
    const user = userEvent.setup();
    renderApp('/god-mode/authentication');
    const card = await screen.findByRole('listitem', { name: 'OpenID Connect' });
    expect(within(card).getByText('Off')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Configure OpenID Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Configure OpenID Connect' });
    expect((within(dialog).getByLabelText('Client secret') as HTMLInputElement).value).toBe(SECRET_MASK);
    expect((within(dialog).getByLabelText('Scopes') as HTMLInputElement).value).toBe('openid email profile');
    expect((within(dialog).getByLabelText('Callback URL') as HTMLInputElement).value).toBe(
      `${window.location.origin}/auth/oidc/callback/`,
    );
    await user.click(within(dialog).getByRole('switch', { name: 'Allow sign-in with OpenID Connect' }));
    await user.type(within(dialog).getByLabelText('Issuer URL'), 'https://sso.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fakeApi.callsTo('PATCH', CONFIG)).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', CONFIG)[0]?.body).toEqual({
      IS_OIDC_ENABLED: true,
      OIDC_ISSUER_URL: 'https://sso.example.com',
    });
  });

  it('shows the SMTP server’s refusal of the test email', async () => {
    fakeApi.on('POST', '/api/instances/email-credentials-check/', () => {
      throw new ApiError(400, 'connect ECONNREFUSED 127.0.0.1:1', 'SMTP_CHECK_FAILED');
    });
    const user = userEvent.setup();
    renderApp('/god-mode/email');
    await user.click(await screen.findByRole('button', { name: 'Send test email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a test email' });
    expect((within(dialog).getByLabelText('Send to') as HTMLInputElement).value).toMatch(/@/);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('connect ECONNREFUSED 127.0.0.1:1')).toBeTruthy();
  });
});
