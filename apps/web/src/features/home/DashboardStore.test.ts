import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { DashboardStore, widgetQuery } from './DashboardStore.ts';
import { makeDashboard } from './dashboardFixtures.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const HOME = `${W}/dashboard/`;
const STATS = `${W}/dashboard/d1/`;

function pending() {
  let settle!: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

async function loaded(dashboard = makeDashboard()) {
  const store = new DashboardStore();
  fakeApi.on('GET', HOME, dashboard);
  await store.fetchDashboard('acme');
  return store;
}

describe('widgetQuery', () => {
  it('asks for the tab and turns the duration into target_date terms', () => {
    const today = new Date(2026, 4, 20); // Wednesday 20 May 2026
    expect(widgetQuery({ key: 'overview_stats', widget_filters: { duration: 'today' } }, today)).toBe(
      'widget_key=overview_stats',
    );
    expect(widgetQuery({ key: 'assigned_issues', widget_filters: {} }, today)).toBe(
      'widget_key=assigned_issues&issue_type=upcoming',
    );
    const q = new URLSearchParams(
      widgetQuery(
        { key: 'created_issues', widget_filters: { tab: 'overdue', duration: 'this_week' } },
        today,
      ),
    );
    expect(q.get('issue_type')).toBe('overdue');
    expect(q.get('target_date')).toBe('2026-05-18;after,2026-05-24;before');
    expect(
      new URLSearchParams(
        widgetQuery({ key: 'issues_by_state_groups', widget_filters: { duration: 'this_month' } }, today),
      ).get('target_date'),
    ).toBe('2026-05-01;after,2026-05-31;before');
    expect(
      new URLSearchParams(
        widgetQuery(
          {
            key: 'assigned_issues',
            widget_filters: { duration: 'custom', custom_dates: ['2026-01-01', '2026-01-31'] },
          },
          today,
        ),
      ).get('target_date'),
    ).toBe('2026-01-01;after,2026-01-31;before');
  });
});

describe('DashboardStore', () => {
  beforeEach(() => fakeApi.reset());

  it('reads the home dashboard and orders its widgets; a failure is kept to show', async () => {
    const store = await loaded(makeDashboard({ overview_stats: { sort_order: 99_999 } }));
    expect(fakeApi.calls[0]!.path).toBe(`${HOME}?dashboard_type=home`);
    expect(store.widgetsOf('acme').at(-1)!.key).toBe('overview_stats');

    fakeApi.fail('GET', `${W.replace('acme', 'gone')}/dashboard/`, 404, 'Workspace not found', 'NOT_FOUND');
    expect(await store.fetchDashboard('gone')).toBeUndefined();
    expect(store.errorOf('gone')).toBe('Workspace not found');
  });

  it('loads each visible widget with its own query and keeps its state', async () => {
    const store = await loaded(makeDashboard({ recent_projects: { is_visible: false } }));
    fakeApi.on('GET', STATS, (_body, path) => {
      const key = new URLSearchParams(path.split('?')[1]).get('widget_key');
      if (key === 'recent_activity') throw new ApiError(500, 'Boom', 'INTERNAL_ERROR');
      return { key };
    });
    expect(store.stateOf('acme', 'overview_stats').status).toBe('loading');
    await store.fetchVisibleWidgets('acme');
    const asked = fakeApi
      .callsTo('GET', STATS)
      .map((c) => new URLSearchParams(c.path.split('?')[1]).get('widget_key'));
    expect(asked).toHaveLength(7);
    expect(asked).not.toContain('recent_projects');
    expect(store.stateOf('acme', 'overview_stats')).toEqual({
      status: 'ready',
      data: { key: 'overview_stats' },
    });
    expect(store.stateOf('acme', 'recent_activity')).toEqual({ status: 'error', error: 'Boom' });
  });

  it('hides a widget at once and shows it again, with the server’s message, when refused', async () => {
    const error = vi.spyOn(toast, 'error');
    const store = await loaded();
    const answer = pending();
    const path = '/api/dashboard/d1/widgets/w-recent_activity/';
    fakeApi.on('PATCH', path, () => answer.promise);
    const done = store.setVisible('acme', 'recent_activity', false);
    expect(store.visibleWidgetsOf('acme').map((w) => w.key)).not.toContain('recent_activity');
    answer.reject(new ApiError(404, 'Widget not found', 'NOT_FOUND'));
    expect(await done).toBe(false);
    expect(store.visibleWidgetsOf('acme').map((w) => w.key)).toContain('recent_activity');
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Widget not found'));
    expect(fakeApi.callsTo('PATCH', path)[0]!.body).toEqual({ is_visible: false });
  });

  it('a hidden widget shown again saves and loads its figures', async () => {
    const store = await loaded(makeDashboard({ recent_projects: { is_visible: false } }));
    const path = '/api/dashboard/d1/widgets/w-recent_projects/';
    fakeApi.on('PATCH', path, { ...makeDashboard().widgets[6], is_visible: true });
    fakeApi.on('GET', STATS, ['p1']);
    expect(await store.setVisible('acme', 'recent_projects', true)).toBe(true);
    await vi.waitFor(() => expect(store.stateOf('acme', 'recent_projects').data).toEqual(['p1']));
  });

  it('changes a tab: saved as the widget’s filters and reloaded with the new issue_type; rolled back if refused', async () => {
    const store = await loaded();
    const path = '/api/dashboard/d1/widgets/w-assigned_issues/';
    fakeApi.on('PATCH', path, (body) => ({
      ...makeDashboard().widgets[1],
      widget_filters: (body as { filters: object }).filters,
    }));
    fakeApi.on('GET', STATS, { issues: [], count: 0 });
    expect(await store.setFilters('acme', 'assigned_issues', { tab: 'overdue', duration: 'today' })).toBe(
      true,
    );
    expect(fakeApi.callsTo('PATCH', path)[0]!.body).toEqual({
      filters: { tab: 'overdue', duration: 'today' },
    });
    const last = fakeApi.callsTo('GET', STATS).at(-1)!;
    expect(new URLSearchParams(last.path.split('?')[1]).get('issue_type')).toBe('overdue');
    expect(store.widget('acme', 'assigned_issues')!.widget_filters.tab).toBe('overdue');

    fakeApi.fail('PATCH', path, 400, 'Invalid request', 'VALIDATION_ERROR');
    expect(await store.setFilters('acme', 'assigned_issues', { tab: 'completed' })).toBe(false);
    expect(store.widget('acme', 'assigned_issues')!.widget_filters.tab).toBe('overdue');
  });

  it('keeps a newer filter when an older change’s answer arrives after it', async () => {
    const store = await loaded();
    const path = '/api/dashboard/d1/widgets/w-assigned_issues/';
    let answerFirst: () => void = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    let calls = 0;
    fakeApi.on('PATCH', path, async (body) => {
      calls++;
      // The first change (the tab) is slow: its answer comes after the second (a custom range).
      if (calls === 1) await firstAnswered;
      return { ...makeDashboard().widgets[1], widget_filters: (body as { filters: object }).filters };
    });
    fakeApi.on('GET', STATS, { issues: [], count: 0 });
    const tab = store.setFilters('acme', 'assigned_issues', { tab: 'upcoming' });
    const range = {
      duration: 'custom' as const,
      custom_dates: ['2026-12-01', '2026-12-05'] as [string, string],
    };
    expect(await store.setFilters('acme', 'assigned_issues', range)).toBe(true);
    answerFirst();
    expect(await tab).toBe(true);
    expect(store.widget('acme', 'assigned_issues')!.widget_filters).toMatchObject(range);
  });

  it('forgets everything on reset', async () => {
    const store = await loaded();
    store.reset();
    expect(store.dashboardOf('acme')).toBeUndefined();
  });
});
