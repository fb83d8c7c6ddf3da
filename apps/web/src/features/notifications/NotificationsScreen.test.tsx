import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { makeNotification, notificationPage } from '../../test/notificationFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const N = `${W}/users/notifications/`;

function setup(
  items = [makeNotification('n1'), makeNotification('n2', { read_at: '2026-01-02T00:00:00.000Z' })],
) {
  fakeApi.reset();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [makeProject()])
    .on('GET', N, (_body, path) => {
      const params = new URLSearchParams(path.split('?')[1]);
      if (params.get('archived') === 'true') return notificationPage([]);
      if (params.get('mentioned') === 'true') return notificationPage([]);
      return notificationPage(items);
    })
    .on('GET', `${N}unread/`, {
      total_unread_notifications_count: items.filter((n) => !n.read_at).length,
      mention_unread_notifications_count: 0,
    });
}

const sidebarBadge = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).queryByTestId('unread-badge');

describe('notifications inbox', () => {
  beforeEach(() => setup());

  it('lists who did what on which item, unread first marked; reading one takes the badge down', async () => {
    const user = userEvent.setup();
    renderApp('/acme/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 15_000 });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Ada updated the assignees')).toBeTruthy();
    expect(within(rows[0]!).getByText('MOB-1')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: /^Unread: / })).toBeTruthy();
    await waitFor(() => expect(sidebarBadge()?.textContent).toBe('1 unread'));

    fakeApi.on('POST', `${N}n1/read/`, makeNotification('n1', { read_at: '2026-01-03T00:00:00.000Z' }));
    await user.click(within(rows[0]!).getByRole('button', { name: 'Mark as read' }));
    expect(sidebarBadge()).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Mark as unread' })).toBeTruthy();
  });

  it('brings an archived one back, with a toast, when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('POST', `${N}n1/archive/`, 404, 'Notification not found', 'NOT_FOUND');
    const user = userEvent.setup();
    renderApp('/acme/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 15_000 });
    await user.click(
      within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Archive' }),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith('Notification not found'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('says so when a tab or view is empty', async () => {
    const user = userEvent.setup();
    renderApp('/acme/notifications');
    await screen.findByRole('list', { name: 'Notifications' }, { timeout: 15_000 });
    await user.click(screen.getByRole('tab', { name: 'Mentions' }));
    expect(await screen.findByRole('region', { name: 'No mentions' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Archived' }));
    expect(await screen.findByRole('region', { name: 'No archived notifications' })).toBeTruthy();
    const archivedCall = fakeApi.callsTo('GET', N).at(-1)!;
    expect(new URLSearchParams(archivedCall.path.split('?')[1]).get('archived')).toBe('true');
  });

  it('snoozes until a custom time picked in the dialog; the row leaves the inbox', async () => {
    fakeApi.on('PATCH', `${N}n1/`, (body) => makeNotification('n1', body as object));
    const user = userEvent.setup();
    renderApp('/acme/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 15_000 });
    await user.click(
      within(within(list).getAllByRole('listitem')[0]!).getByRole('button', { name: 'Snooze' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Custom…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Snooze until' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-03-04' } });
    await user.selectOptions(within(dialog).getByLabelText('Time'), '09:30');
    await user.selectOptions(within(dialog).getByLabelText('AM or PM'), 'PM');
    await user.click(within(dialog).getByRole('button', { name: 'Snooze' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', `${N}n1/`)[0]!.body).toEqual({
      snoozed_till: new Date(2099, 2, 4, 21, 30).toISOString(),
    });
  });

  it('opens the item’s peek on Enter and marks the notification read', async () => {
    fakeApi.on('POST', `${N}n1/read/`, makeNotification('n1', { read_at: '2026-01-03T00:00:00.000Z' }));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' }, { timeout: 15_000 });
    within(list)
      .getAllByRole('button', { name: /^Unread: / })[0]!
      .focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/issues'));
    expect(router.state.location.search).toEqual({ peekId: 'issue-n1' });
    expect(fakeApi.callsTo('POST', `${N}n1/read/`)).toHaveLength(1);
  });
});
