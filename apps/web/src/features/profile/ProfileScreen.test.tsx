import type { UserProfile, UserStats } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { envelope, groupedEnvelope, makeIssue, makeState } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const BEA = 'user-m2';
const ISSUES = `${W}/user-issues/${BEA}/`;

const PROFILE: UserProfile = {
  project_data: [
    {
      id: 'p1',
      name: 'Mobile App',
      identifier: 'MOB',
      logo_props: {},
      created_issues: 1,
      assigned_issues: 2,
      completed_issues: 1,
      pending_issues: 1,
    },
  ],
  user_data: {
    first_name: 'Bea',
    last_name: 'Hopper',
    avatar_url: null,
    cover_image_url: null,
    date_joined: '2026-02-03T10:00:00.000Z',
    user_timezone: 'Europe/Paris',
    display_name: 'bea',
  },
};

const STATS: UserStats = {
  state_distribution: [
    { state_group: 'backlog', state_count: 1 },
    { state_group: 'unstarted', state_count: 0 },
    { state_group: 'started', state_count: 0 },
    { state_group: 'completed', state_count: 1 },
    { state_group: 'cancelled', state_count: 0 },
  ],
  priority_distribution: [
    { priority: 'urgent', priority_count: 1 },
    { priority: 'high', priority_count: 0 },
    { priority: 'medium', priority_count: 0 },
    { priority: 'low', priority_count: 0 },
    { priority: 'none', priority_count: 1 },
  ],
  created_issues: 1,
  assigned_issues: 2,
  completed_issues: 1,
  pending_issues: 1,
  subscribed_issues: 0,
  present_cycles: [],
  upcoming_cycles: [],
};

/** Per tab param, what user-issues answers (the assigned list has two items, created one, subscribed none). */
function setup() {
  fakeApi.reset();
  window.localStorage.clear();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [makeProject({ member_role: 20 })])
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada'), makeMember('m2', 15, 'Bea')])
    .on('GET', `${W}/states/`, [makeState('s1', 'backlog', { name: 'Backlog' })])
    .on('GET', `${W}/labels/`, [])
    .on('GET', `${W}/user-profile/${BEA}/`, PROFILE)
    .on('GET', `${W}/user-stats/${BEA}/`, STATS)
    .on('GET', ISSUES, (_body, path) => {
      const q = new URLSearchParams(path.split('?')[1]);
      const rows = q.get('assignees')
        ? [
            makeIssue('i1', { name: 'Fix login', priority: 'urgent', assignee_ids: [BEA] }),
            makeIssue('i2', { name: 'Ship it', sequence_id: 2, assignee_ids: [BEA] }),
          ]
        : q.get('created_by')
          ? [makeIssue('i3', { name: 'Write docs', sequence_id: 3, created_by: BEA })]
          : [];
      if (q.get('group_by') === 'priority')
        return groupedEnvelope(
          {
            urgent: rows.filter((r) => r.priority === 'urgent'),
            high: [],
            medium: [],
            low: [],
            none: rows.filter((r) => r.priority === 'none'),
          },
          {},
          'priority',
        );
      return envelope(rows);
    });
}

const queries = () => fakeApi.callsTo('GET', ISSUES).map((c) => new URLSearchParams(c.path.split('?')[1]));

describe('member profile screen', () => {
  beforeEach(() => setup());

  it('shows who the member is and their assigned work items by default, with nothing to create', async () => {
    renderApp(`/acme/profile/${BEA}`);
    expect(await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'MOB-2 Ship it' })).toBeTruthy();
    const q = queries()[0]!;
    expect(q.get('assignees')).toBe(BEA);
    expect(q.get('created_by')).toBeNull();
    expect(q.get('subscriber')).toBeNull();

    const aside = screen.getByRole('complementary', { name: 'Member profile' });
    expect(within(aside).getByRole('heading', { name: 'Bea Hopper' })).toBeTruthy();
    expect(within(aside).getByText('@bea')).toBeTruthy();
    expect(within(aside).getByText('Member')).toBeTruthy();
    expect(within(aside).getByText('Europe/Paris')).toBeTruthy();
    expect(within(aside).getByText(/2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Assigned/ }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Bea Hopper’s work' })).toBeTruthy();

    // Spec §6: no quick add and no creation in the profile's lists.
    expect(screen.queryByRole('button', { name: /^New work item/ })).toBeNull();
    expect(screen.queryByLabelText(/Name of the new work item/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Create a work item/ })).toBeNull();

    // Spec §2: the profile sidebar's collapsed state is kept locally.
    await userEvent.click(screen.getByRole('button', { name: 'Hide profile details' }));
    expect(screen.queryByRole('complementary', { name: 'Member profile' })).toBeNull();
    expect(window.localStorage.getItem('profile_sidebar_collapsed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Show profile details' }));
    expect(screen.getByRole('complementary', { name: 'Member profile' })).toBeTruthy();
  });

  it('switches to Created and Subscribed, each asking for the member in its own param', async () => {
    renderApp(`/acme/profile/${BEA}`);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });

    await userEvent.click(screen.getByRole('link', { name: /Created/ }));
    expect(await screen.findByRole('button', { name: 'MOB-3 Write docs' })).toBeTruthy();
    expect(queries().at(-1)!.get('created_by')).toBe(BEA);
    expect(queries().at(-1)!.get('assignees')).toBeNull();
    // Only the view shown is the current tab (Assigned's URL is a prefix of the others').
    const current = within(screen.getByRole('navigation', { name: 'Profile tabs' })).getAllByRole('link', {
      current: 'page',
    });
    expect(current.map((link) => link.textContent)).toEqual([expect.stringMatching(/^Created/)]);

    await userEvent.click(screen.getByRole('link', { name: /Subscribed/ }));
    expect(
      await screen.findByRole('heading', { name: 'Bea Hopper is not subscribed to any work items' }),
    ).toBeTruthy();
    expect(queries().at(-1)!.get('subscriber')).toBe(BEA);
    expect(queries().at(-1)!.get('assignees')).toBeNull();
  });

  it('groups the board by priority by default (spec §4, profile context)', async () => {
    renderApp(`/acme/profile/${BEA}/assigned`);
    await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Spreadsheet layout' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Board layout' }));
    await waitFor(() => expect(queries().at(-1)!.get('group_by')).toBe('priority'));
    expect(queries().at(-1)!.get('assignees')).toBe(BEA);
    expect(await screen.findByRole('button', { name: 'MOB-1 Fix login' })).toBeTruthy();
    // The choice stays in this browser (no project to save it to).
    expect(
      JSON.parse(window.localStorage.getItem('kite:issue-filters:profile:acme')!).display_filters,
    ).toMatchObject({
      layout: 'kanban',
      group_by: 'priority',
    });
  });

  it('shows the error state when the profile cannot be fetched, and retries', async () => {
    fakeApi.fail('GET', `${W}/user-profile/${BEA}/`, 500, 'Internal server error', 'INTERNAL_ERROR');
    renderApp(`/acme/profile/${BEA}`);
    expect(
      await screen.findByRole('heading', { name: 'Failed to fetch user profile' }, { timeout: 15_000 }),
    ).toBeTruthy();
    fakeApi.on('GET', `${W}/user-profile/${BEA}/`, PROFILE);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'MOB-1 Fix login' })).toBeTruthy();
  });

  it('says a profileViewId that names no view is not found, lists nothing and links to Assigned', async () => {
    renderApp(`/acme/profile/${BEA}/starred`);
    expect(
      await screen.findByRole('heading', { name: 'Profile view not found' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/A profile has no “starred” view/)).toBeTruthy();
    // The member is still shown, no tab is current, and no list was asked for under a wrong URL.
    expect(screen.getByRole('complementary', { name: 'Member profile' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Profile tabs' });
    expect(within(tabs).queryByRole('link', { current: 'page' })).toBeNull();
    expect(queries()).toHaveLength(0);
    await userEvent.click(screen.getByRole('link', { name: 'Open Assigned' }));
    expect(await screen.findByRole('button', { name: 'MOB-1 Fix login' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Assigned/ }).getAttribute('aria-current')).toBe('page');
  });

  it('says the member is not found for a user outside the workspace', async () => {
    fakeApi.fail('GET', `${W}/user-profile/nobody/`, 404, 'Member not found', 'NOT_FOUND');
    renderApp('/acme/profile/nobody');
    expect(
      await screen.findByRole('heading', { name: 'Member not found' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
