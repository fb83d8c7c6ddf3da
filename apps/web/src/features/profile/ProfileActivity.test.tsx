import type { UserActivity, UserActivityPage, UserProfile, UserStats } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { makeState } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const BEA = 'user-m2';
const ACTIVITY = `${W}/user-activity/${BEA}/`;

const PROFILE: UserProfile = {
  project_data: [],
  user_data: {
    first_name: 'Bea',
    last_name: 'Hopper',
    avatar_url: null,
    cover_image_url: null,
    date_joined: '2026-02-03T10:00:00.000Z',
    user_timezone: 'UTC',
    display_name: 'bea',
  },
};

const STATS: UserStats = {
  state_distribution: [],
  priority_distribution: [],
  created_issues: 0,
  assigned_issues: 0,
  completed_issues: 0,
  pending_issues: 0,
  subscribed_issues: 0,
  present_cycles: [],
  upcoming_cycles: [],
};

function activity(id: string, overrides: Partial<UserActivity> = {}): UserActivity {
  return {
    id,
    verb: 'updated',
    field: 'state',
    old_value: 's1',
    new_value: 's2',
    comment: null,
    actor: BEA,
    actor_detail: {
      id: BEA,
      first_name: 'Bea',
      last_name: 'Hopper',
      display_name: 'bea',
      avatar: null,
      avatar_url: null,
      is_bot: false,
    },
    issue: 'i1',
    issue_detail: {
      id: 'i1',
      name: 'Fix login',
      sequence_id: 1,
      project_id: 'p1',
      project__identifier: 'MOB',
    },
    project: 'p1',
    workspace: 'w1',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

/** One page of the envelope; `next` is the cursor of a following page. */
function page(results: UserActivity[], next?: string): UserActivityPage {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: results.length,
    next_cursor: next ?? '30:1:0',
    prev_cursor: '30:-1:1',
    next_page_results: next !== undefined,
    prev_page_results: false,
    count: results.length,
    total_pages: 1,
    total_results: results.length,
    extra_stats: null,
    results,
  };
}

function setup() {
  fakeApi.reset();
  window.localStorage.clear();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [makeProject({ member_role: 20 })])
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada'), makeMember('m2', 15, 'Bea')])
    .on('GET', `${W}/states/`, [makeState('s1', 'backlog', { name: 'Backlog' })])
    .on('GET', `${W}/labels/`, [])
    .on('GET', `${W}/user-profile/${BEA}/`, PROFILE)
    .on('GET', `${W}/user-stats/${BEA}/`, STATS);
}

describe('profile Activity tab', () => {
  beforeEach(() => setup());
  afterEach(() => vi.restoreAllMocks());

  it('shows the member’s activity as a timeline, pages with Load more and downloads the CSV', async () => {
    fakeApi.on('GET', ACTIVITY, (_body, path) => {
      const cursor = new URLSearchParams(path.split('?')[1]).get('cursor');
      if (!cursor)
        return page(
          [
            activity('a1'),
            activity('a2', { verb: 'created', field: null, comment: 'created the work item' }),
          ],
          '30:1:0',
        );
      return page([
        activity('a3', {
          field: 'name',
          issue_detail: {
            id: 'i2',
            name: 'Ship it',
            sequence_id: 2,
            project_id: 'p1',
            project__identifier: 'MOB',
          },
        }),
      ]);
    });
    fakeApi.on('POST', `${ACTIVITY}export/`, {
      text: 'created_at,project\r\n',
      fileName: 'bea-activity.csv',
    });
    renderApp(`/acme/profile/${BEA}/activity`);

    const timeline = await screen.findByRole('list', { name: 'Activity timeline' }, { timeout: 15_000 });
    expect(screen.getByRole('link', { name: 'Activity' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Bea Hopper’s activity' })).toBeTruthy();
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries[0]!.textContent).toContain('Bea Hopper changed the state of MOB-1 Fix login');
    expect(entries[0]!.textContent).toContain('5 minutes ago');
    expect(entries[1]!.textContent).toContain('Bea Hopper created the work item MOB-1 Fix login');
    const link = within(entries[0]!).getByRole('link', { name: 'MOB-1 Fix login' });
    expect(link.getAttribute('href')).toBe('/acme/projects/p1/issues/i1');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'MOB-2 Ship it' })).toBeTruthy();
    expect(fakeApi.callsTo('GET', ACTIVITY).at(-1)!.path).toContain('cursor=30%3A1%3A0');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    const createObjectURL = vi.fn(() => 'blob:csv');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fakeApi.callsTo('POST', `${ACTIVITY}export/`)).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('bea-activity.csv');
  });

  it('says when there is no activity yet', async () => {
    fakeApi.on('GET', ACTIVITY, page([]));
    renderApp(`/acme/profile/${BEA}/activity`);
    expect(await screen.findByRole('heading', { name: 'No activity yet' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('shows the error state and retries', async () => {
    fakeApi.fail('GET', ACTIVITY, 500, 'Internal server error', 'INTERNAL_ERROR');
    renderApp(`/acme/profile/${BEA}/activity`);
    expect(
      await screen.findByRole('heading', { name: 'Internal server error' }, { timeout: 15_000 }),
    ).toBeTruthy();
    fakeApi.on('GET', ACTIVITY, page([activity('a1')]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'MOB-1 Fix login' })).toBeTruthy();
  });
});
