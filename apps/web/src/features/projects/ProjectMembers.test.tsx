import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const pm = (id: string, user: string, role: number) => ({ id, member: user, role, project: 'p1' });

describe('project members tab', () => {
  beforeEach(() => {
    const bot = makeMember('m4', 15, 'Robot');
    bot.member.is_bot = true;
    fakeApi.reset();
    signedIntoAcme(fakeApi)
      .on('GET', '/api/workspaces/acme/projects/', [makeProject()])
      .on('GET', `${P}/`, makeProject())
      .on('GET', '/api/workspaces/acme/members/', [
        { ...makeMember('m1', 20, 'Ada'), member: { ...makeMember('m1', 20, 'Ada').member, id: 'u1' } },
        makeMember('m2', 10, 'Bea'),
        makeMember('m3', 15, 'Cy'),
        bot,
      ])
      .on('GET', `${P}/members/`, [pm('pm1', 'u1', 20), pm('pm2', 'user-m2', 10)]);
  });

  it('puts the role back and shows the server message when a change is refused', async () => {
    fakeApi.fail(
      'PATCH',
      `${P}/members/pm2/`,
      400,
      'A project role cannot exceed the workspace role',
      'ROLE_TOO_HIGH',
    );
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/members');
    const role = (await screen.findByLabelText('Project role of Bea')) as HTMLSelectElement;
    await user.selectOptions(role, '20');
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('A project role cannot exceed the workspace role'),
    );
    expect(role.value).toBe('10');
  });

  it('adds a workspace member not yet in the project (never a bot) with a role', async () => {
    fakeApi.on('POST', `${P}/members/`, [pm('pm3', 'user-m3', 10)]);
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/members');
    await user.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add project member' });
    const choices = within(dialog)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(choices).toEqual([
      'Choose a member…',
      'Cy (cy@example.com)',
      'Guest',
      'Viewer',
      'Member',
      'Admin',
    ]);
    await user.selectOptions(within(dialog).getByLabelText('Member'), 'user-m3');
    // Above Cy's workspace role (member): not offered.
    expect((within(dialog).getByRole('option', { name: 'Admin' }) as HTMLOptionElement).disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText('Project role'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Add to project' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.callsTo('POST', `${P}/members/`)[0]?.body).toEqual({
      members: [{ member_id: 'user-m3', role: 10 }],
    });
    expect(((await screen.findByLabelText('Project role of Cy')) as HTMLSelectElement).value).toBe('10');
    // The signed-in user cannot remove themselves here (they leave instead).
    expect(screen.queryByRole('button', { name: 'Remove Ada' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Bea' })).toBeTruthy();
  });
});
