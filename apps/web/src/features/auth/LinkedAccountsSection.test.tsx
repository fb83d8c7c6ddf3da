import type { LinkedAccount } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/users/me/accounts/';
const account = (id: string, provider: string, email: string): LinkedAccount => ({
  id,
  provider,
  provider_account_id: `${provider}-subject`,
  email,
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: '2026-03-05T10:00:00.000Z',
});

describe('sign-in providers on the security page', () => {
  beforeEach(() => {
    fakeApi.reset();
    signedIntoAcme(fakeApi);
  });

  it('lists the linked providers and unlinks one after confirmation', async () => {
    fakeApi
      .on('GET', PATH, [
        account('a1', 'github', 'ada@example.com'),
        account('a2', 'oidc', 'ada@corp.example'),
      ])
      .on('DELETE', `${PATH}a1/`, null);
    const user = userEvent.setup();
    renderApp('/settings/profile/security');
    const section = await screen.findByRole('region', { name: 'Sign-in providers' });
    expect(await within(section).findByText('GitHub')).toBeTruthy();
    expect(within(section).getByText('OpenID Connect')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Unlink GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink GitHub?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(within(section).queryByText('GitHub')).toBeNull());
    expect(fakeApi.callsTo('DELETE', `${PATH}a1/`)).toHaveLength(1);
    expect(within(section).getByText('OpenID Connect')).toBeTruthy();
  });

  it('keeps the last way to sign in and says why', async () => {
    fakeApi
      .on('GET', PATH, [account('a1', 'gitlab', 'ada@example.com')])
      .fail(
        'DELETE',
        `${PATH}a1/`,
        400,
        'Set a password or link another sign-in method before unlinking this one',
        'LAST_SIGN_IN_METHOD',
      );
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/settings/profile/security');
    const section = await screen.findByRole('region', { name: 'Sign-in providers' });
    await user.click(await within(section).findByRole('button', { name: 'Unlink GitLab' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unlink GitLab?' })).getByRole('button', {
        name: 'Unlink',
      }),
    );
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Set a password or link another sign-in method before unlinking this one',
      ),
    );
    expect(within(section).getByText('GitLab')).toBeTruthy();
  });

  it('says when no provider is linked', async () => {
    fakeApi.on('GET', PATH, []);
    renderApp('/settings/profile/security');
    const section = await screen.findByRole('region', { name: 'Sign-in providers' });
    expect(await within(section).findByText('No provider is linked to this account.')).toBeTruthy();
  });
});
