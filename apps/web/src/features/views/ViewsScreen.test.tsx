import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { makeView } from '../../test/viewFixtures.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const P = `${W}/projects/p1`;

function setup(views = [makeView('v1')], project = makeProject()) {
  fakeApi.reset();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', `${P}/views/`, views);
}

const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

describe('project views page', () => {
  beforeEach(() => setup());

  it('lists favorites first, searches by name and sorts; a star applies at once', async () => {
    setup([
      makeView('v1', { name: 'Bugs', updated_at: '2026-01-09T00:00:00.000Z' }),
      makeView('v2', { name: 'Alpha launch', updated_at: '2026-01-02T00:00:00.000Z', is_favorite: true }),
      makeView('v3', {
        name: 'Customer asks',
        updated_at: '2026-01-05T00:00:00.000Z',
        is_locked: true,
        access: 1,
      }),
    ]);
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/views');
    const list = await screen.findByRole('list', { name: 'Saved views' }, { timeout: 15_000 });
    expect(rowNames(list)).toEqual(['Alpha launch', 'Bugs', 'Customer asks']);
    expect(within(list).getByText('Locked')).toBeTruthy();
    expect(within(list).getByText('Private')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort views' }), 'name');
    expect(rowNames(list)).toEqual(['Alpha launch', 'Bugs', 'Customer asks']);
    await user.type(screen.getByRole('searchbox', { name: 'Search views' }), 'cust');
    expect(rowNames(list)).toEqual(['Customer asks']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search views' }));

    fakeApi.on('POST', `${P}/user-favorite-views/`, null);
    const bugs = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(bugs).getByRole('button', { name: 'Add to favorites' }));
    expect(rowNames(list)).toEqual(['Alpha launch', 'Bugs', 'Customer asks']);
    expect(within(bugs).getByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/user-favorite-views/`)[0]!.body).toEqual({ view: 'v1' });
  });

  it('takes a refused star back and says why', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('POST', `${P}/user-favorite-views/`, 404, 'View not found', 'NOT_FOUND');
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/views');
    const list = await screen.findByRole('list', { name: 'Saved views' }, { timeout: 15_000 });
    await user.click(within(list).getByRole('button', { name: 'Add to favorites' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('View not found'));
    expect(within(list).getByRole('button', { name: 'Add to favorites' })).toBeTruthy();
  });

  it('leads from the empty state to a new private view, which opens', async () => {
    setup([]);
    fakeApi.on('POST', `${P}/views/`, (body) => makeView('v9', body as object));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/views');
    const empty = await screen.findByRole('region', { name: 'No views yet' }, { timeout: 15_000 });
    await user.click(within(empty).getByRole('button', { name: 'Create view' }));
    const dialog = await screen.findByRole('dialog', { name: 'New view' });
    await user.type(within(dialog).getByLabelText('Name'), 'Mine');
    await user.click(within(dialog).getByRole('radio', { name: /Private/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create view' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/views/v9'));
    expect(fakeApi.callsTo('POST', `${P}/views/`)[0]!.body).toEqual({
      name: 'Mine',
      description: '',
      access: 1,
    });
  });

  it('deletes after a confirmation; a locked view must be unlocked first, by its owner', async () => {
    setup([makeView('v1', { name: 'Bugs' }), makeView('v2', { name: 'Frozen', is_locked: true })]);
    fakeApi
      .on('DELETE', `${P}/views/v1/`, null)
      .on('PATCH', `${P}/views/v2/`, (body) => makeView('v2', { name: 'Frozen', ...(body as object) }));
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/views');
    const list = await screen.findByRole('list', { name: 'Saved views' }, { timeout: 15_000 });

    await user.click(within(list).getByRole('button', { name: 'Actions for Frozen' }));
    expect(
      screen.getByRole('menuitem', { name: 'Delete (unlock first)' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(screen.getByRole('menuitem', { name: 'Unlock' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${P}/views/v2/`)[0]!.body).toEqual({ is_locked: false }),
    );

    await user.click(within(list).getByRole('button', { name: 'Actions for Bugs' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete “Bugs”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(rowNames(list)).toEqual(['Frozen']));
  });

  it('offers a viewer neither creation nor the owner’s and admin’s actions', async () => {
    const project = makeProject({ member_role: 10 });
    setup([makeView('v1', { name: 'Theirs', owned_by: 'someone' })], project);
    renderApp('/acme/projects/p1/views');
    const list = await screen.findByRole('list', { name: 'Saved views' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'New view' })).toBeNull();
    expect(within(list).queryByRole('button', { name: 'Actions for Theirs' })).toBeNull();
  });

  it('says when the project has views switched off', async () => {
    setup([], makeProject({ issue_views_view: false }));
    renderApp('/acme/projects/p1/views');
    expect(
      await screen.findByRole('heading', { name: 'Views are turned off in Mobile App' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
