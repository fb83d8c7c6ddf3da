import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { listPage, makePage } from '../../test/pageFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));
// The page a test opens after creating one: its body is not what these tests are about.
vi.mock('./PageEditor.tsx', () => ({ default: () => <div data-testid="page-editor" /> }));

const W = '/api/workspaces/acme';
const P = `${W}/projects/p1`;

// The public pages' orders by last change, by name and by creation all differ, so each sort shows.
const LIVE = [
  listPage('a', {
    name: 'Roadmap',
    updated_at: '2026-01-03T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
  }),
  listPage('b', {
    name: 'Weekly notes',
    updated_at: '2026-01-05T00:00:00.000Z',
    created_at: '2026-01-02T00:00:00.000Z',
    is_favorite: true,
  }),
  listPage('d', {
    name: 'Budget',
    updated_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-03T00:00:00.000Z',
  }),
  listPage('c', { name: 'My drafts', access: 1, is_locked: true }),
];

function setup({ live = LIVE, archived = [] as ReturnType<typeof listPage>[], role = 20 } = {}) {
  fakeApi.reset();
  const project = makeProject({ member_role: role });
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', `${P}/pages/`, live)
    .on('GET', `${P}/archived-pages/`, archived)
    .on('GET', `${P}/pages-summary/`, {
      public_pages: live.filter((p) => p.access === 0).length,
      private_pages: live.filter((p) => p.access === 1).length,
      archived_pages: archived.length,
    });
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByRole('link')[0]!.textContent);

describe('project pages list', () => {
  beforeEach(() => setup());

  it('shows the public tab by last change, with the counts; tabs, search and sort', async () => {
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages');
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    expect(names(list)).toEqual(['Weekly notes', 'Roadmap', 'Budget']);
    const tabs = screen.getByRole('navigation', { name: 'Page tabs' });
    expect(within(tabs).getByRole('link', { name: /Public/ }).textContent).toBe('Public3');
    expect(within(tabs).getByRole('link', { name: /Private/ }).textContent).toBe('Private1');
    expect(within(tabs).getByRole('link', { name: /Archived/ }).textContent).toBe('Archived0');
    // The project's sections name the pages.
    const sections = screen.getByRole('list', { name: 'Sections of the project' });
    expect(within(sections).getByRole('link', { name: 'Pages' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort pages' }), 'name');
    expect(names(list)).toEqual(['Budget', 'Roadmap', 'Weekly notes']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort pages' }), 'created');
    expect(names(list)).toEqual(['Budget', 'Weekly notes', 'Roadmap']);
    await user.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'road');
    expect(names(list)).toEqual(['Roadmap']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search pages' }));

    await user.click(within(tabs).getByRole('link', { name: /Private/ }));
    const privateList = await screen.findByRole('list', { name: 'Private pages' });
    expect(names(privateList)).toEqual(['My drafts']);
    expect(within(privateList).getByText('Locked')).toBeTruthy();

    await user.click(within(tabs).getByRole('link', { name: /Archived/ }));
    expect(await screen.findByRole('region', { name: 'No archived pages' })).toBeTruthy();
    // The lists were loaded once, with the page: tabs do not read them again.
    expect(fakeApi.callsTo('GET', `${P}/pages/`)).toHaveLength(1);
  });

  it('shows only the favorites of the current tab when the filter is on, and says when there are none', async () => {
    setup({
      archived: [
        listPage('z', { name: 'Old plan', archived_at: '2026-01-04T00:00:00.000Z', is_favorite: true }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages');
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    const favorites = screen.getByRole('button', { name: 'Favorites' });
    expect(favorites.getAttribute('aria-pressed')).toBe('false');
    // From the keyboard.
    favorites.focus();
    await user.keyboard('{Enter}');
    expect(favorites.getAttribute('aria-pressed')).toBe('true');
    expect(names(list)).toEqual(['Weekly notes']);

    // Search narrows within the favorites; none matching says so, with the way back.
    await user.type(screen.getByRole('searchbox', { name: 'Search pages' }), 'road');
    const none = await screen.findByRole('region', { name: 'No favorite pages' });
    expect(none.textContent).toContain('No favorite page matches “road”.');
    await user.clear(screen.getByRole('searchbox', { name: 'Search pages' }));

    // The filter stays on across tabs: the archived favorite, then a private tab without any.
    const tabs = screen.getByRole('navigation', { name: 'Page tabs' });
    await user.click(within(tabs).getByRole('link', { name: /Archived/ }));
    expect(names(await screen.findByRole('list', { name: 'Archived pages' }))).toEqual(['Old plan']);
    await user.click(within(tabs).getByRole('link', { name: /Private/ }));
    const empty = await screen.findByRole('region', { name: 'No favorite pages' });
    expect(empty.textContent).toContain('None of the private pages is a favorite.');
    await user.click(within(empty).getByRole('button', { name: 'Show all pages' }));
    expect(names(await screen.findByRole('list', { name: 'Private pages' }))).toEqual(['My drafts']);
    expect(screen.getByRole('button', { name: 'Favorites' }).getAttribute('aria-pressed')).toBe('false');
    // Filtering is over the loaded lists: nothing else was asked of the server.
    expect(fakeApi.callsTo('GET', `${P}/favorite-pages/`)).toHaveLength(0);
  });

  it('creates a page and opens it', async () => {
    fakeApi.on('POST', `${P}/pages/`, makePage('new', { name: 'Untitled' }));
    fakeApi.on('GET', `${P}/pages/new/`, makePage('new', { name: 'Untitled' }));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/pages');
    await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'New page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/pages/new'));
    expect(fakeApi.callsTo('POST', `${P}/pages/`)[0]!.body).toEqual({ access: 0 });
    expect(((await screen.findByRole('textbox', { name: 'Page title' })) as HTMLTextAreaElement).value).toBe(
      'Untitled',
    );
  });

  it('says so when creating fails', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('POST', `${P}/pages/`, 500, 'Boom', 'INTERNAL');
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/pages');
    await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'New page' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed', {
        description: 'Failed to create a page, Please try again later.',
      }),
    );
    expect(router.state.location.pathname).toBe('/acme/projects/p1/pages');
  });

  it('stars a page at once and puts the star back when the server refuses', async () => {
    const error = vi.spyOn(toast, 'error');
    let release: () => void = () => undefined;
    fakeApi.on(
      'POST',
      `${P}/favorite-pages/a/`,
      () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new (class extends Error {})('The page is gone'));
        }),
    );
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages');
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    const roadmap = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(roadmap).getByRole('button', { name: 'Add to favorites' }));
    // Shown at once, before the server answers.
    expect(
      within(roadmap).getByRole('button', { name: 'Remove from favorites' }).getAttribute('aria-pressed'),
    ).toBe('true');
    release();
    await waitFor(() =>
      expect(
        within(roadmap).getByRole('button', { name: 'Add to favorites' }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
    await waitFor(() => expect(error).toHaveBeenCalledWith('The page is gone'));
  });

  it('shows the spec’s message and a retry when the list fails', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail('GET', `${P}/pages/`, 500, 'Boom', 'INTERNAL');
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages');
    const failed = await screen.findByRole(
      'region',
      { name: 'The pages could not be loaded' },
      { timeout: 15_000 },
    );
    expect(error).toHaveBeenCalledWith('Failed', {
      description: 'Failed to fetch the pages, Please try again later.',
    });
    fakeApi.on('GET', `${P}/pages/`, LIVE);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Public pages' })).toBeTruthy();
  });

  it('keeps what the rules forbid in the row menu, disabled: a member on someone else’s page', async () => {
    setup({ live: [listPage('x', { name: 'Team page', owned_by: 'someone' })], role: 15 });
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages');
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    await user.click(within(list).getByRole('button', { name: 'Actions for Team page' }));
    const menu = await screen.findByRole('menu');
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('Lock').getAttribute('aria-disabled')).toBeNull();
    expect(item('Duplicate').getAttribute('aria-disabled')).toBeNull();
    expect(item('Make private').getAttribute('aria-disabled')).toBe('true');
    expect(item('Archive').getAttribute('aria-disabled')).toBe('true');
    expect(item('Delete').getAttribute('aria-disabled')).toBe('true');

    fakeApi.on('POST', `${P}/pages/x/lock/`, null);
    await user.click(item('Lock'));
    expect(await within(list).findByText('Locked')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/pages/x/lock/`)).toHaveLength(1);
  });

  it('lets a member duplicate and lock an archived page, as the server does, but not change its access', async () => {
    setup({
      live: [],
      archived: [
        listPage('x', { name: 'Old plan', owned_by: 'someone', archived_at: '2026-01-04T00:00:00.000Z' }),
      ],
      role: 15,
    });
    fakeApi.on('POST', `${P}/pages/x/lock/`, null);
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/pages?tab=archived');
    const list = await screen.findByRole('list', { name: 'Archived pages' }, { timeout: 15_000 });
    await user.click(within(list).getByRole('button', { name: 'Actions for Old plan' }));
    const menu = await screen.findByRole('menu');
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('Duplicate').getAttribute('aria-disabled')).toBeNull();
    expect(item('Lock').getAttribute('aria-disabled')).toBeNull();
    expect(item('Make private').getAttribute('aria-disabled')).toBe('true');
    expect(item('Restore').getAttribute('aria-disabled')).toBe('true');
    await user.click(item('Lock'));
    expect(await within(list).findByText('Locked')).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/pages/x/lock/`)).toHaveLength(1);
  });

  it('offers "Go to pages" and "Create page" in the command palette', async () => {
    fakeApi.on('POST', `${P}/pages/`, makePage('new', { name: 'Untitled' }));
    fakeApi.on('GET', `${P}/pages/new/`, makePage('new', { name: 'Untitled' }));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/pages');
    await screen.findByRole('list', { name: 'Public pages' }, { timeout: 15_000 });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' }, { timeout: 15_000 });
    expect(within(palette).getByRole('option', { name: /Go to pages of Mobile App/ })).toBeTruthy();
    await user.click(within(palette).getByRole('option', { name: /Create page/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/pages/new'));
    expect(fakeApi.callsTo('POST', `${P}/pages/`)).toHaveLength(1);
  });
});
