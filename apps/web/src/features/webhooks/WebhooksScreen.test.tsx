import type { Webhook } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const PATH = '/api/workspaces/acme/webhooks/';
const SECRET = `plane_wh_${'ab12'.repeat(16)}`;

const hook = (id: string, url: string, extra: Partial<Webhook> = {}): Webhook => ({
  id,
  url,
  is_active: true,
  project: true,
  issue: true,
  cycle: true,
  module: true,
  issue_comment: true,
  intake_issue: true,
  secret_key_masked: 'plane_wh_****ab12',
  version: 'v1',
  workspace: 'w1',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by: 'u1',
  updated_by: 'u1',
  ...extra,
});

describe('Webhooks page', () => {
  beforeEach(() => {
    fakeApi.reset();
    signedIntoAcme(fakeApi);
  });

  it('creates a webhook for chosen events and shows its secret once', async () => {
    fakeApi.on('GET', PATH, []);
    fakeApi.on('POST', PATH, (body) => ({
      ...hook('h1', 'https://example.com/hook'),
      ...(body as object),
      secret_key: SECRET,
    }));
    const user = userEvent.setup();
    renderApp('/acme/settings/webhooks');

    const empty = await screen.findByRole('region', { name: 'No webhooks yet' });
    await user.click(within(empty).getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByLabelText('Payload URL'), 'https://example.com/hook');
    await user.click(within(dialog).getByLabelText('Individual events'));
    for (const name of ['Projects', 'Cycles', 'Modules', 'Intake']) {
      await user.click(within(dialog).getByRole('checkbox', { name: new RegExp(name) }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect((within(shown).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(fakeApi.callsTo('POST', PATH)[0]!.body).toEqual({
      url: 'https://example.com/hook',
      project: false,
      issue: true,
      cycle: false,
      module: false,
      issue_comment: true,
      intake_issue: false,
    });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText('https://example.com/hook')).toBeTruthy();
  });

  it('switches a webhook off from the list and deletes one after confirming', async () => {
    fakeApi.on('GET', PATH, [hook('h1', 'https://a.example/hook')]);
    fakeApi.on('PATCH', `${PATH}h1/`, (body) => ({
      ...hook('h1', 'https://a.example/hook'),
      ...(body as object),
    }));
    fakeApi.on('DELETE', `${PATH}h1/`, null);
    const user = userEvent.setup();
    renderApp('/acme/settings/webhooks');

    await user.click(await screen.findByRole('switch', { name: 'Disable https://a.example/hook' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${PATH}h1/`)[0]?.body).toEqual({ is_active: false }),
    );
    expect(await screen.findByRole('switch', { name: 'Enable https://a.example/hook' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete https://a.example/hook' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(fakeApi.callsTo('DELETE', `${PATH}h1/`)).toHaveLength(1));
    expect(await screen.findByRole('region', { name: 'No webhooks yet' })).toBeTruthy();
  });

  it('tells non-admins that only admins manage webhooks', async () => {
    fakeApi.reset();
    signedIntoAcme(fakeApi, makeWorkspace({ role: 15 }));
    fakeApi.fail('GET', PATH, 403, 'Forbidden', 'FORBIDDEN');
    renderApp('/acme/settings/webhooks');
    expect(await screen.findByText(/Only workspace admins can manage webhooks/)).toBeTruthy();
  });
});
