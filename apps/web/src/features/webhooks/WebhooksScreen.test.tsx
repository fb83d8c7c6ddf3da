import type { Webhook, WebhookLog } from '@kite/shared/contracts';
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

const log = (id: string, extra: Partial<WebhookLog> = {}): WebhookLog => ({
  id,
  webhook: 'h1',
  event_type: 'issue',
  action: 'created',
  delivery_id: `d-${id}`,
  attempt: 1,
  request_method: 'POST',
  request_headers: {},
  request_body: '{}',
  response_status: 200,
  response_headers: {},
  response_body: 'thanks',
  error: null,
  duration_ms: 42,
  next_retry_at: null,
  created_at: '2026-01-02T10:00:00.000Z',
  ...extra,
});

const logPage = (results: WebhookLog[]) => ({
  results,
  grouped_by: null,
  sub_grouped_by: null,
  total_count: results.length,
  next_cursor: '',
  prev_cursor: '',
  next_page_results: false,
  prev_page_results: false,
  count: results.length,
  total_pages: 1,
  total_results: results.length,
  extra_stats: null,
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

  it('links each webhook to its own page: its settings and its delivery log', async () => {
    fakeApi.on('GET', PATH, [hook('h1', 'https://a.example/hook', { issue_comment: false })]);
    fakeApi.on(
      'GET',
      `${PATH}h1/logs/`,
      logPage([
        log('l1'),
        log('l2', {
          response_status: 500,
          error: 'http_status',
          attempt: 2,
          next_retry_at: '2026-01-02T10:05:00.000Z',
        }),
      ]),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/acme/settings/webhooks');
    await user.click(await screen.findByRole('link', { name: 'https://a.example/hook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/settings/webhooks/h1'));
    expect(await screen.findByRole('heading', { name: 'https://a.example/hook' })).toBeTruthy();
    expect(screen.getByText('Projects, Work items, Cycles, Modules, Intake')).toBeTruthy();
    expect(screen.getByText('plane_wh_****ab12')).toBeTruthy();
    // Webhooks stays the current settings tab on the webhook's page.
    const nav = screen.getByRole('navigation', { name: 'Workspace settings' });
    expect(within(nav).getByRole('link', { name: 'Webhooks' }).getAttribute('aria-current')).toBe('page');
    const deliveries = await screen.findByRole('table', { name: 'Delivery attempts' });
    expect(within(deliveries).getAllByRole('row')).toHaveLength(3);
    expect(within(deliveries).getByText('Delivered')).toBeTruthy();
    expect(within(deliveries).getByText('Error status')).toBeTruthy();
    expect(within(deliveries).getByText(/^Retry at /)).toBeTruthy();

    // Back on the list, its deliveries button leads to the page's delivery log.
    await user.click(screen.getByRole('link', { name: 'All webhooks' }));
    await user.click(await screen.findByRole('link', { name: 'Deliveries of https://a.example/hook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/settings/webhooks/h1'));
    expect(router.state.location.hash).toBe('deliveries');
  });

  it("edits, switches, regenerates and deletes from the webhook's page, then goes back to the list", async () => {
    let stored = [hook('h1', 'https://a.example/hook')];
    fakeApi.on('GET', PATH, () => stored);
    fakeApi.on('GET', `${PATH}h1/logs/`, logPage([]));
    fakeApi.on('PATCH', `${PATH}h1/`, (body) => ({
      ...hook('h1', 'https://a.example/hook'),
      ...(body as object),
    }));
    fakeApi.on('POST', `${PATH}h1/regenerate/`, {
      ...hook('h1', 'https://a.example/hook'),
      secret_key: SECRET,
    });
    fakeApi.on('DELETE', `${PATH}h1/`, () => {
      stored = [];
      return null;
    });
    const user = userEvent.setup();
    const { router } = renderApp('/acme/settings/webhooks/h1');
    expect(await screen.findByText(/No deliveries yet/)).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Disable https://a.example/hook' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${PATH}h1/`)[0]?.body).toEqual({ is_active: false }),
    );
    expect(await screen.findByText('Off: nothing is sent')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect((within(edit).getByLabelText('Payload URL') as HTMLInputElement).value).toBe(
      'https://a.example/hook',
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Regenerate secret' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Regenerate the signing secret?' })).getByRole(
        'button',
        {
          name: 'Regenerate',
        },
      ),
    );
    const shown = await screen.findByRole('dialog', { name: 'Copy the new signing secret' });
    expect((within(shown).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/settings/webhooks'));
    expect(fakeApi.callsTo('DELETE', `${PATH}h1/`)).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'No webhooks yet' })).toBeTruthy();
  });

  it('says a webhook id of no webhook of the workspace is not found', async () => {
    fakeApi.on('GET', PATH, [hook('h1', 'https://a.example/hook')]);
    renderApp('/acme/settings/webhooks/h9');
    expect(await screen.findByRole('region', { name: 'Webhook not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the webhooks' })).toBeTruthy();
    expect(fakeApi.callsTo('GET', `${PATH}h9/logs/`)).toHaveLength(0);
  });
});
