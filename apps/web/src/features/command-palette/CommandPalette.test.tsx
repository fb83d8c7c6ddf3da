import type { UserProperties } from '@kite/shared/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { envelope, makeIssue, makeState } from '../../test/issueFixtures.ts';
import { makePage } from '../../test/pageFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
} from '../issues/store/displayFilters.ts';
import { closePalette } from './registry.ts';
import { SEARCH_DEBOUNCE_MS } from './search.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const BOARD = '/acme/projects/p1/issues';
const SEARCH = '/api/workspaces/acme/search/';

const PROPS: UserProperties = {
  id: 'up1',
  user: 'user-m1',
  project: 'p1',
  filters: DEFAULT_FILTERS,
  display_filters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'list', group_by: null },
  display_properties: DEFAULT_DISPLAY_PROPERTIES,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function searchAnswer(issues: { id: string; name: string; sequence_id: number }[]) {
  return {
    results: {
      issue: issues.map((i) => ({
        ...i,
        project__identifier: 'MOB',
        project_id: 'p1',
        workspace__slug: 'acme',
      })),
      project: [],
    },
  };
}

function setup() {
  fakeApi.reset();
  const project = makeProject({ member_role: 20, identifier: 'MOB', name: 'Mobile App' });
  signedIntoAcme(fakeApi, makeWorkspace())
    .on('GET', '/api/workspaces/acme/projects/', [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${P}/user-properties/`, PROPS)
    .on('GET', `${P}/states/`, [makeState('s1', 'backlog', { name: 'Backlog', default: true, sequence: 1 })])
    .on('GET', `${P}/issue-labels/`, [])
    .on('GET', `${P}/estimates/`, [])
    .on('GET', `${P}/members/`, [{ id: 'pm1', member: 'user-m1', role: 20, project: 'p1', is_active: true }])
    .on('GET', '/api/workspaces/acme/members/', [makeMember('m1', 20, 'Ada')])
    .on(
      'GET',
      `${P}/issues/`,
      envelope([
        makeIssue('i1', { name: 'Fix login', sequence_id: 7 }),
        makeIssue('i2', { name: 'Polish onboarding', sequence_id: 8 }),
      ]),
    )
    .on('GET', SEARCH, searchAnswer([]));
}

async function openBoard() {
  const view = renderApp(BOARD);
  expect(await screen.findByRole('button', { name: /Fix login/ }, { timeout: 8000 })).toBeTruthy();
  return view;
}

async function openPaletteWithKeys(user: ReturnType<typeof userEvent.setup>) {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Command palette' }, { timeout: 15_000 });
}

describe('command palette', () => {
  beforeEach(() => {
    closePalette();
    setup();
  });

  it('opens with Ctrl-K, lists the board actions and navigation, filters them and closes with Escape', async () => {
    const user = userEvent.setup();
    await openBoard();
    const palette = await openPaletteWithKeys(user);
    expect(within(palette).getByRole('option', { name: /Create work item/ })).toBeTruthy();
    expect(within(palette).getByRole('option', { name: /Workspace settings/ })).toBeTruthy();
    expect(within(palette).getByRole('option', { name: /Profile settings/ })).toBeTruthy();

    await user.keyboard('settings');
    await waitFor(() =>
      expect(within(palette).queryByRole('option', { name: /Create work item/ })).toBeNull(),
    );
    expect(within(palette).getByRole('option', { name: /Workspace settings/ })).toBeTruthy();

    await user.keyboard('zzzz');
    expect(await within(palette).findByText('No results', {}, { timeout: 3000 })).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull());
  });

  it('runs the selected action with Enter: Create work item opens the create dialog', async () => {
    const user = userEvent.setup();
    await openBoard();
    const palette = await openPaletteWithKeys(user);
    await user.keyboard('create');
    await waitFor(() =>
      expect(within(palette).getAllByRole('option')[0]!.textContent).toContain('Create work item'),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'New work item' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).toBeNull();
  });

  it('goes to the project’s drafts from the board, by the palette', async () => {
    const user = userEvent.setup();
    fakeApi.on('GET', `${P}/issue-drafts/`, envelope([makeIssue('d1', { name: 'Sketch', is_draft: true })]));
    const { router } = await openBoard();
    const palette = await openPaletteWithKeys(user);
    expect(within(palette).getByRole('option', { name: 'Go to views' })).toBeTruthy();
    expect(within(palette).getByRole('option', { name: 'Go to notifications' })).toBeTruthy();
    expect(within(palette).getByRole('option', { name: /Go to views of Mobile App/ })).toBeTruthy();
    expect(
      within(palette).getByRole('option', { name: /Go to archived work items of Mobile App/ }),
    ).toBeTruthy();
    await user.keyboard('drafts');
    await waitFor(() =>
      expect(within(palette).getAllByRole('option')[0]!.textContent).toContain('Go to drafts of Mobile App'),
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: /Sketch/ }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/acme/projects/p1/drafts');
  });

  it('shows instant matches from the store and the server answer, ignoring an older answer that arrives late', async () => {
    const pending = new Map<string, (value: unknown) => void>();
    fakeApi.on('GET', SEARCH, (_body, path) => {
      const term = new URLSearchParams(path.split('?')[1]).get('search')!;
      return new Promise((resolve) => pending.set(term, resolve));
    });
    const user = userEvent.setup();
    await openBoard();
    const palette = await openPaletteWithKeys(user);

    await user.keyboard('log');
    // The store's issue at once, before any server answer.
    expect(await within(palette).findByRole('option', { name: /MOB-7\s*Fix login/ })).toBeTruthy();
    await waitFor(() => expect(pending.has('log')).toBe(true), { timeout: SEARCH_DEBOUNCE_MS * 20 });

    await user.keyboard('in');
    await waitFor(() => expect(pending.has('login')).toBe(true), { timeout: SEARCH_DEBOUNCE_MS * 20 });
    expect(performance.getEntriesByName('palette:results').length).toBeGreaterThan(0);

    // The answer for "login" first, then the stale one for "log".
    await act(async () =>
      pending.get('login')!(searchAnswer([{ id: 'i9', name: 'Login page 500', sequence_id: 42 }])),
    );
    expect(await within(palette).findByRole('option', { name: /MOB-42\s*Login page 500/ })).toBeTruthy();
    await act(async () =>
      pending.get('log')!(searchAnswer([{ id: 'i8', name: 'Logging cleanup', sequence_id: 41 }])),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(palette).queryByRole('option', { name: /Logging cleanup/ })).toBeNull();
    expect(within(palette).getByRole('option', { name: /MOB-42\s*Login page 500/ })).toBeTruthy();

    // A work-item key finds the item in the store too.
    await user.clear(within(palette).getByRole('combobox'));
    await user.keyboard('mob-8');
    expect(await within(palette).findByRole('option', { name: /MOB-8\s*Polish onboarding/ })).toBeTruthy();
  });

  it('opens a found work item in the peek with Enter; / opens the palette for work items only', async () => {
    const user = userEvent.setup();
    const { router } = await openBoard();
    await user.keyboard('/');
    const palette = await screen.findByRole('dialog', { name: 'Command palette' }, { timeout: 15_000 });
    expect(within(palette).getByPlaceholderText('Search work items…')).toBeTruthy();
    expect(within(palette).queryByRole('option', { name: /Create work item/ })).toBeNull();
    await user.keyboard('fix');
    expect(await within(palette).findByRole('option', { name: /Fix login/ })).toBeTruthy();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ peekId: 'i1' }));
  });

  it('finds pages on the server and opens one with Enter', async () => {
    const user = userEvent.setup();
    fakeApi.on('GET', SEARCH, {
      results: { issue: [], project: [], page: [{ id: 'pg1', name: 'Roadmap notes', project_id: 'p1' }] },
    });
    fakeApi.on('GET', `${P}/pages/pg1/`, makePage('pg1', { name: 'Roadmap notes' }));
    const { router } = await openBoard();
    const palette = await openPaletteWithKeys(user);
    await user.keyboard('roadmap');
    const option = await within(palette).findByRole('option', { name: /Roadmap notes/ }, { timeout: 3000 });
    expect(option.textContent).toContain('MOB');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/pages/pg1'));
  });

  it('finds saved views on the server, the workspace’s own too, and opens one', async () => {
    const user = userEvent.setup();
    fakeApi.on('GET', SEARCH, {
      results: {
        issue: [],
        project: [],
        page: [],
        issue_view: [
          { id: 'wv1', name: 'Release blockers', project_id: null },
          { id: 'pv1', name: 'Release board', project_id: 'p1' },
        ],
      },
    });
    const { router } = await openBoard();
    const palette = await openPaletteWithKeys(user);
    await user.keyboard('release');
    const views = await within(palette).findByRole('group', { name: 'Views' }, { timeout: 3000 });
    const global = within(views).getByRole('option', { name: /Release blockers/ });
    expect(global.textContent).toContain('Workspace');
    expect(within(views).getByRole('option', { name: /Release board/ }).textContent).toContain('MOB');
    expect(fakeApi.callsTo('GET', SEARCH).at(-1)?.path).toContain(
      'entities=issue,project,page,issue_view,intake',
    );
    await user.click(global);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/workspace-views/wv1'));
  });

  it('finds intake submissions on the server and opens one in its project’s intake', async () => {
    const user = userEvent.setup();
    fakeApi.on('GET', SEARCH, {
      results: {
        issue: [],
        project: [],
        page: [],
        intake: [
          {
            issue_id: 'issue-i7',
            name: 'Login loops',
            sequence_id: 7,
            project__identifier: 'MOB',
            project_id: 'p1',
          },
        ],
      },
    });
    const { router } = await openBoard();
    const palette = await openPaletteWithKeys(user);
    await user.keyboard('login');
    const group = await within(palette).findByRole('group', { name: 'Intake' }, { timeout: 3000 });
    const option = within(group).getByRole('option', { name: /Login loops/ });
    expect(option.textContent).toContain('MOB-7');
    await user.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i7'));
  });
});
