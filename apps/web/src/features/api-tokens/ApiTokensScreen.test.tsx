import type { ApiToken } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/workspaces/acme/api-tokens/';
const FULL = `plane_api_${'c0ffee'.repeat(10)}beef`;

const token = (id: string, label: string, extra: Partial<ApiToken> = {}): ApiToken => ({
  id,
  label,
  description: '',
  is_active: true,
  last_used: null,
  expired_at: null,
  token_masked: 'plane_api_****beef',
  workspace: 'w1',
  user: 'u1',
  user_type: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('API tokens page', () => {
  beforeEach(() => {
    fakeApi.reset();
    signedIntoAcme(fakeApi);
  });

  it('starts empty, creates a token with an expiry and shows it once with a copy button', async () => {
    fakeApi.on('GET', PATH, []);
    fakeApi.on('POST', PATH, (body) => ({
      ...token('t1', 'CI deploys', { description: 'GitHub Actions' }),
      expired_at: (body as { expired_at: string }).expired_at,
      token: FULL,
    }));
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp('/acme/settings/api-tokens');

    const empty = await screen.findByRole('region', { name: 'No API tokens yet' });
    await user.click(within(empty).getByRole('button', { name: 'Add API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Give the token a label')).toBeTruthy();
    expect(fakeApi.callsTo('POST', PATH)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Label'), 'CI deploys');
    await user.type(within(dialog).getByLabelText(/Description/), 'GitHub Actions');
    await user.selectOptions(within(dialog).getByLabelText('Expiry'), '1w');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API token' });
    const body = fakeApi.callsTo('POST', PATH)[0]!.body as { expired_at: string };
    expect(body).toMatchObject({ label: 'CI deploys', description: 'GitHub Actions' });
    const inAWeek = Date.now() + 7 * 86_400_000;
    expect(Math.abs(Date.parse(body.expired_at) - inAWeek)).toBeLessThan(60_000);
    expect((within(shown).getByLabelText('API token') as HTMLInputElement).value).toBe(FULL);
    expect(within(shown).getByText(/only time the token is shown/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(FULL);
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Gone for good: the list shows it masked only.
    const row = screen.getByRole('row', { name: 'CI deploys' });
    expect(within(row).getByText(/plane_api_\*\*\*\*beef/)).toBeTruthy();
    expect(within(row).getByText(/^Expires /)).toBeTruthy();
    expect(within(row).getByText('Never used')).toBeTruthy();
    expect(document.body.textContent).not.toContain(FULL);
  });

  it('sends a custom date as the end of that day and shows the server’s field errors', async () => {
    fakeApi.on('GET', PATH, [token('t1', 'Existing')]);
    fakeApi.on('POST', PATH, () => {
      throw new ApiError(400, 'Invalid request', 'VALIDATION_ERROR', {
        label: 'Label cannot exceed 255 characters',
      });
    });
    const user = userEvent.setup();
    renderApp('/acme/settings/api-tokens');
    await user.click(await screen.findByRole('button', { name: 'Add API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add API token' });
    await user.type(within(dialog).getByLabelText('Label'), 'Custom');
    await user.selectOptions(within(dialog).getByLabelText('Expiry'), 'custom');
    await user.type(within(dialog).getByLabelText('Expires on'), '2099-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Label cannot exceed 255 characters')).toBeTruthy();
    expect(fakeApi.callsTo('POST', PATH)[0]!.body).toMatchObject({
      expired_at: new Date(2099, 11, 31, 23, 59, 59, 999).toISOString(),
    });
  });

  it('lists tokens with expiry and last use, and deletes one after asking', async () => {
    fakeApi
      .on('GET', PATH, [
        token('t1', 'Nightly export', {
          description: 'Backs up the board',
          last_used: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        }),
        token('t2', 'Old script', { is_active: false, expired_at: '2025-01-01T00:00:00.000Z' }),
      ])
      .on('DELETE', `${PATH}t2/`, null);
    const user = userEvent.setup();
    renderApp('/acme/settings/api-tokens');

    const nightly = await screen.findByRole('row', { name: 'Nightly export' });
    expect(within(nightly).getByText('Backs up the board')).toBeTruthy();
    expect(within(nightly).getByText('3 hours ago')).toBeTruthy();
    expect(within(nightly).getByText('Never expires')).toBeTruthy();
    const old = screen.getByRole('row', { name: 'Old script' });
    expect(within(old).getByText(/^Expired /)).toBeTruthy();

    await user.click(within(old).getByRole('button', { name: 'Delete Old script' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Old script”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete token' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Old script' })).toBeNull());
    expect(fakeApi.callsTo('DELETE', `${PATH}t2/`)).toHaveLength(1);
  });
});
