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

const LIVE = [
  listPage('a', { name: 'Roadmap', updated_at: '2026-01-03T00:00:00.000Z' }),
  listPage('b', { name: 'Architecture notes', updated_at: '2026-01-05T00:00:00.000Z' }),
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
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 5000 });
    expect(names(list)).toEqual(['Architecture notes', 'Roadmap']);
    const tabs = screen.getByRole('navigation', { name: 'Page tabs' });
    expect(within(tabs).getByRole('link', { name: /Public/ }).textContent).toBe('Public2');
    expect(within(tabs).getByRole('link', { name: /Private/ }).textContent).toBe('Private1');
    expect(within(tabs).getByRole('link', { name: /Archived/ }).textContent).toBe('Archived0');
    // The project's sections name the pages.
    const sections = screen.getByRole('list', { name: 'Sections of the project' });
    expect(within(sections).getByRole('link', { name: 'Pages' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort pages' }), 'name');
    expect(names(list)).toEqual(['Architecture notes', 'Roadmap']);
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

  it('creates a page and opens it', async () => {
    fakeApi.on('POST', `${P}/pages/`, makePage('new', { name: 'Untitled' }));
    fakeApi.on('GET', `${P}/pages/new/`, makePage('new', { name: 'Untitled' }));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/pages');
    await screen.findByRole('list', { name: 'Public pages' }, { timeout: 5000 });
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
    await screen.findByRole('list', { name: 'Public pages' }, { timeout: 5000 });
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
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 5000 });
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
      { timeout: 5000 },
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
    const list = await screen.findByRole('list', { name: 'Public pages' }, { timeout: 5000 });
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

  it('offers "Go to pages" and "Create page" in the command palette', async () => {
    fakeApi.on('POST', `${P}/pages/`, makePage('new', { name: 'Untitled' }));
    fakeApi.on('GET', `${P}/pages/new/`, makePage('new', { name: 'Untitled' }));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/pages');
    await screen.findByRole('list', { name: 'Public pages' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' }, { timeout: 5000 });
    expect(within(palette).getByRole('option', { name: /Go to pages of Mobile App/ })).toBeTruthy();
    await user.click(within(palette).getByRole('option', { name: /Create page/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/pages/new'));
    expect(fakeApi.callsTo('POST', `${P}/pages/`)).toHaveLength(1);
  });
});
