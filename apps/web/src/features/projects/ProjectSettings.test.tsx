import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import {
  makeLabel,
  makeMember,
  makeProject,
  makeState,
  makeWorkspace,
  signedIntoAcme,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { sortOrderForMove } from './LabelStore.ts';
import { sequenceForMove } from './StateStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';

function setup(memberRole: number, workspaceRole = 15) {
  fakeApi.reset();
  signedIntoAcme(fakeApi, makeWorkspace({ role: workspaceRole }))
    .on('GET', '/api/workspaces/acme/projects/', [makeProject({ member_role: memberRole })])
    .on('GET', `${P}/`, makeProject({ member_role: memberRole }));
}

describe('project settings tabs by project role', () => {
  it('a member sees general, members, states and labels; features and estimates are hidden and refused', async () => {
    setup(15);
    fakeApi
      .on('GET', `${P}/members/`, [{ id: 'pm1', member: 'user-m1', role: 15, project: 'p1' }])
      .on('GET', '/api/workspaces/acme/members/', [makeMember('m1', 15, 'Ada')]);
    const { router } = renderApp('/acme/settings/projects/p1/members');
    const nav = await screen.findByRole('navigation', { name: 'Project settings' });
    const tabs = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(tabs).toEqual(['General', 'Members', 'States', 'Labels', 'Import']);
    // Members: read-only for a member.
    expect(((await screen.findByLabelText('Project role of Ada')) as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add member' })).toBeNull();
    // General: identifier and visibility need admin.
    await router.navigate({ to: '/acme/settings/projects/p1' } as never);
    expect(((await screen.findByLabelText('Identifier')) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Project name') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Delete project' })).toBeNull();
    // Features by URL: explained, not shown.
    await router.navigate({ to: '/acme/settings/projects/p1/features' } as never);
    expect(await screen.findByRole('region', { name: 'You cannot change these settings' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('an admin sees every tab, and a workspace admin who is a project viewer acts as admin', async () => {
    setup(10, 20);
    renderApp('/acme/settings/projects/p1');
    const nav = await screen.findByRole('navigation', { name: 'Project settings' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual([
        'General',
        'Members',
        'Features',
        'States',
        'Labels',
        'Estimates',
        'Automations',
        'Integrations',
        'Import',
      ]),
    );
  });

  it('a guest or viewer sees no tabs', async () => {
    setup(10);
    renderApp('/acme/settings/projects/p1/states');
    expect(await screen.findByRole('region', { name: 'You cannot change these settings' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Project settings' })).toBeNull();
  });
});

describe('states tab', () => {
  beforeEach(() => {
    setup(20);
    fakeApi.on('GET', `${P}/states/`, [
      makeState('s1', 'Backlog', 'backlog', 15000, true),
      makeState('s2', 'Todo', 'unstarted', 30000),
      makeState('s3', 'Next', 'unstarted', 40000),
      makeState('s4', 'Done', 'completed', 60000),
    ]);
  });

  it('marks a default at once and puts the old default back when the server refuses', async () => {
    let release: () => void = () => undefined;
    fakeApi.on(
      'POST',
      `${P}/states/s2/mark-default/`,
      () =>
        new Promise((_, reject) => {
          release = () => reject(new ApiError(500, 'Could not change the default state', 'INTERNAL'));
        }),
    );
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/states');
    const backlog = await screen.findByRole('list', { name: 'Backlog states' });
    const unstarted = screen.getByRole('list', { name: 'Unstarted states' });
    expect(within(backlog).getByText('Default')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Set Todo as default' }));
    // Optimistic: moved before the server answers.
    expect(within(unstarted).getByText('Default')).toBeTruthy();
    expect(within(backlog).queryByText('Default')).toBeNull();

    release();
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Could not change the default state'));
    expect(within(backlog).getByText('Default')).toBeTruthy();
    expect(within(unstarted).queryByText('Default')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set Todo as default' })).toBeTruthy();
  });

  it('moves a state within its group with the midpoint sequence', async () => {
    fakeApi.on('PATCH', `${P}/states/s3/`, (body) => ({
      ...makeState('s3', 'Next', 'unstarted', 0),
      ...(body as object),
    }));
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/states');
    await user.click(await screen.findByRole('button', { name: 'Move Next up' }));
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/states/s3/`)).toHaveLength(1));
    // First in its group now: 15000 before Todo.
    expect(fakeApi.callsTo('PATCH', `${P}/states/s3/`)[0]?.body).toEqual({ sequence: 15000 });
    const names = within(screen.getByRole('list', { name: 'Unstarted states' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names[0]).toContain('Next');
    expect(screen.getByRole('button', { name: 'Move Next up' })).toHaveProperty('disabled', true);
  });

  it('shows DEFAULT_STATE as a toast and keeps the state', async () => {
    fakeApi.fail('DELETE', `${P}/states/s1/`, 400, 'Default state cannot be deleted', 'DEFAULT_STATE');
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/states');
    await user.click(await screen.findByRole('button', { name: 'Delete Backlog' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete state Backlog?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete state' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Default state cannot be deleted'));
    expect(within(screen.getByRole('list', { name: 'Backlog states' })).getByText('Backlog')).toBeTruthy();
  });
});

describe('labels tab', () => {
  beforeEach(() => {
    setup(15);
    fakeApi.on('GET', `${P}/issue-labels/`, [
      makeLabel('a', 'Alpha', 65535),
      makeLabel('b', 'Beta', 75535),
      makeLabel('c', 'Gamma', 85535),
      makeLabel('c1', 'Child', 65535, 'c'),
    ]);
    for (const [id, name] of [
      ['a', 'Alpha'],
      ['b', 'Beta'],
      ['c', 'Gamma'],
    ] as const)
      fakeApi.on('PATCH', `${P}/issue-labels/${id}/`, (body) => ({
        ...makeLabel(id, name, 0),
        ...(body as object),
      }));
  });

  it('moves labels among their siblings with the spec sort_order', async () => {
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/labels');
    // Gamma up: between Alpha and Beta.
    await user.click(await screen.findByRole('button', { name: 'Move Gamma up' }));
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/issue-labels/c/`)).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', `${P}/issue-labels/c/`)[0]?.body).toEqual({ sort_order: 70535 });
    // Order is now Alpha, Gamma, Beta. Beta up: between Alpha and Gamma.
    expect(screen.getByRole('button', { name: 'Move Beta down' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Move Beta up' }));
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/issue-labels/b/`)).toHaveLength(1));
    expect(fakeApi.callsTo('PATCH', `${P}/issue-labels/b/`)[0]?.body).toEqual({ sort_order: 68035 });
    // Alpha, Beta, Gamma. Beta up again goes first: half of the next (Alpha).
    await user.click(screen.getByRole('button', { name: 'Move Beta up' }));
    await waitFor(() => expect(fakeApi.callsTo('PATCH', `${P}/issue-labels/b/`)).toHaveLength(2));
    expect(fakeApi.callsTo('PATCH', `${P}/issue-labels/b/`)[1]?.body).toEqual({ sort_order: 65535 / 2 });
    expect(screen.getByRole('button', { name: 'Move Beta up' })).toHaveProperty('disabled', true);
    // The child label is ordered among its own siblings only: alone, it cannot move.
    expect(screen.getByRole('button', { name: 'Move Child up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Child down' })).toHaveProperty('disabled', true);
  });

  it('shows a taken label name inline', async () => {
    fakeApi.fail(
      'POST',
      `${P}/issue-labels/`,
      409,
      'A label with this name already exists',
      'LABEL_NAME_TAKEN',
    );
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1/labels');
    await user.click(await screen.findByRole('button', { name: 'Add label' }));
    await user.type(screen.getByLabelText('Name of the new label'), 'alpha{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('A label with this name already exists');
    expect(fakeApi.callsTo('POST', `${P}/issue-labels/`)[0]?.body).toMatchObject({
      name: 'alpha',
      parent: null,
      sort_order: 95535,
    });
  });
});

describe('reorder arithmetic', () => {
  const labels = [makeLabel('a', 'A', 100), makeLabel('b', 'B', 200), makeLabel('c', 'C', 300)];
  it.each([
    ['a', 1, 250],
    ['b', -1, 50],
    ['b', 1, 10300],
    ['c', -1, 150],
    ['a', -1, null],
    ['c', 1, null],
  ] as const)('label %s moved %i → %s', (id, dir, expected) => {
    expect(sortOrderForMove(labels, id, dir)).toBe(expected);
  });

  const states = [
    { id: 'x', sequence: 15000 },
    { id: 'y', sequence: 30000 },
    { id: 'z', sequence: 45000 },
  ];
  it.each([
    ['x', 1, 37500],
    ['y', -1, 0],
    ['y', 1, 60000],
    ['z', -1, 22500],
    ['x', -1, null],
  ] as const)('state %s moved %i → %s', (id, dir, expected) => {
    expect(sequenceForMove(states, id, dir)).toBe(expected);
  });
});

describe('favorites and joining', () => {
  it('stars at once and un-stars again when the server refuses', async () => {
    setup(20);
    fakeApi.fail(
      'POST',
      '/api/workspaces/acme/user-favorite-projects/',
      403,
      'You do not have permission to do that.',
      'FORBIDDEN',
    );
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/acme/projects');
    const card = await screen.findByRole('listitem', { name: 'Mobile App' });
    await user.click(within(card).getByRole('button', { name: 'Add Mobile App to favorites' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('You do not have permission to do that.'));
    expect(
      within(card).getByRole('button', { name: 'Add Mobile App to favorites' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('offers Join for a public project the caller is not in, and shows Joined after', async () => {
    fakeApi.reset();
    const outside = makeProject({ is_member: false, member_role: null });
    signedIntoAcme(fakeApi, makeWorkspace({ role: 15 }))
      .on('GET', '/api/workspaces/acme/projects/', [outside])
      .on('POST', '/api/users/me/workspaces/acme/projects/invitations/', [])
      .on('GET', `${P}/`, makeProject({ member_role: 15, total_members: 2 }));
    const user = userEvent.setup();
    renderApp('/acme/projects');
    const card = await screen.findByRole('listitem', { name: 'Mobile App' });
    await user.click(within(card).getByRole('button', { name: 'Join Mobile App' }));
    expect(await within(card).findByText('Joined')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/api/users/me/workspaces/acme/projects/invitations/')[0]?.body).toEqual({
      project_ids: ['p1'],
    });
  });

  it('filters by name or identifier', async () => {
    fakeApi.reset();
    signedIntoAcme(fakeApi).on('GET', '/api/workspaces/acme/projects/', [
      makeProject({ id: 'p1', name: 'Mobile App', identifier: 'MOB' }),
      makeProject({ id: 'p2', name: 'Website', identifier: 'WEB' }),
    ]);
    const user = userEvent.setup();
    renderApp('/acme/projects');
    const list = await screen.findByRole('list', { name: 'Projects' });
    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'web');
    expect(within(list).queryByRole('listitem', { name: 'Mobile App' })).toBeNull();
    expect(within(list).getByRole('listitem', { name: 'Website' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Sort projects'), '-name');
    await waitFor(() =>
      expect(fakeApi.calls.some((c) => c.path === '/api/workspaces/acme/projects/?order_by=-name')).toBe(
        true,
      ),
    );
  });
});
