import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeInvitation, makeMember, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

describe('workspace members page', () => {
  beforeEach(() => {
    fakeApi.reset();
    signedIntoAcme(fakeApi)
      .on('GET', '/api/workspaces/acme/members/', [makeMember('m1', 20, 'Ada'), makeMember('m2', 15, 'Bea')])
      .on('GET', '/api/workspaces/acme/invitations/', [makeInvitation('i1', 'cy@example.com')]);
  });

  it('shows LAST_ADMIN as a toast and puts the role back', async () => {
    fakeApi.on('PATCH', '/api/workspaces/acme/members/m1/', () => {
      throw new ApiError(
        400,
        'The last admin of a workspace cannot be removed, demoted or leave',
        'LAST_ADMIN',
      );
    });
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/acme/settings/members');

    const role = (await screen.findByLabelText('Role of Ada')) as HTMLSelectElement;
    expect(role.value).toBe('20');
    await user.selectOptions(role, '15');
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'The last admin of a workspace cannot be removed, demoted or leave',
      ),
    );
    expect(role.value).toBe('20');
  });

  it('lists pending invitations, sends new ones from the Add member dialog and revokes', async () => {
    fakeApi
      .on('POST', '/api/workspaces/acme/invitations/', [
        makeInvitation('i2', 'dee@example.com', { role: 10 }),
      ])
      .on('DELETE', '/api/workspaces/acme/invitations/i1/', null);
    const user = userEvent.setup();
    renderApp('/acme/settings/members');

    const pending = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(pending).getByText('cy@example.com')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add members' });
    await user.type(within(dialog).getByLabelText('Email 1'), 'dee@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role 1'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitations' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.callsTo('POST', '/api/workspaces/acme/invitations/')[0]?.body).toEqual({
      emails: [{ email: 'dee@example.com', role: 10 }],
    });
    expect(within(pending).getByText('dee@example.com')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke invitation to cy@example.com' }));
    await waitFor(() => expect(within(pending).queryByText('cy@example.com')).toBeNull());
    expect(fakeApi.callsTo('DELETE', '/api/workspaces/acme/invitations/i1/')).toHaveLength(1);
  });

  it('gives a member a read-only view: no role changes, no invitations, no removal', async () => {
    fakeApi.reset();
    signedIntoAcme(fakeApi, makeWorkspace({ role: 15 })).on('GET', '/api/workspaces/acme/members/', [
      makeMember('m1', 20, 'Ada'),
      makeMember('m2', 15, 'Bea'),
    ]);
    renderApp('/acme/settings/members');
    expect(((await screen.findByLabelText('Role of Bea')) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByText('Pending invitations')).toBeNull();
    expect(fakeApi.callsTo('GET', '/api/workspaces/acme/invitations/')).toHaveLength(0);
  });
});
