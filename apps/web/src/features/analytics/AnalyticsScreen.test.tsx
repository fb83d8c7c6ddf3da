import type { Analytics, AnalyticsOverview } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { tableOf, toCsv } from './analyticsTable.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';

const BY_GROUP: Analytics = {
  x_axis: 'state__group',
  y_axis: 'issue_count',
  segment: null,
  total: 7,
  distribution: {
    backlog: [{ dimension: 'backlog', segment: null, value: 3 }],
    started: [{ dimension: 'started', segment: null, value: 4 }],
  },
  extras: {
    x_axis: [
      { key: 'backlog', name: 'Backlog', color: '#a3a3a3' },
      { key: 'started', name: 'Started', color: '#f59e0b' },
    ],
    segment: [],
  },
};

const BY_PRIORITY_AND_LABEL: Analytics = {
  x_axis: 'priority',
  y_axis: 'issue_count',
  segment: 'labels__id',
  total: 5,
  distribution: {
    high: [
      { dimension: 'high', segment: 'l1', value: 2 },
      { dimension: 'high', segment: null, value: 1 },
    ],
    low: [{ dimension: 'low', segment: 'l1', value: 2 }],
  },
  extras: {
    x_axis: [
      { key: 'high', name: 'High', color: '#f97316' },
      { key: 'low', name: 'Low', color: '#3b82f6' },
    ],
    segment: [
      { key: 'l1', name: 'Bug, "urgent"', color: '#ff0000' },
      { key: null, name: 'None', color: null },
    ],
  },
};

const OVERVIEW: AnalyticsOverview = {
  weeks: ['2026-11-09', '2026-11-16', '2026-11-23'],
  projects: [
    {
      project_id: 'p1',
      name: 'Mobile',
      identifier: 'MOB',
      created: [1, 2, 3],
      completed: [0, 1, 1],
      current_cycle: {
        id: 'c1',
        name: 'Sprint 4',
        start_date: '2026-11-20',
        end_date: '2026-11-30',
        completion_chart: { '2026-11-20': 5, '2026-11-21': 4 },
        scope_chart: { '2026-11-20': 5, '2026-11-21': 6 },
      },
    },
  ],
};

function chartFor(path: string): Analytics {
  const params = new URLSearchParams(path.split('?')[1]);
  const x = params.get('x_axis');
  const segment = params.get('segment');
  if (x === 'priority' && segment === 'labels__id') return BY_PRIORITY_AND_LABEL;
  if (x === 'priority')
    return {
      ...BY_PRIORITY_AND_LABEL,
      segment: null,
      total: 5,
      distribution: {
        high: [{ dimension: 'high', segment: null, value: 3 }],
        low: [{ dimension: 'low', segment: null, value: 2 }],
      },
      extras: { x_axis: BY_PRIORITY_AND_LABEL.extras.x_axis, segment: [] },
    };
  return BY_GROUP;
}

function setup() {
  fakeApi.reset();
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [makeProject()])
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', `${W}/analytics/`, (_body, path) => chartFor(path))
    .on('GET', `${W}/analytics/overview/`, OVERVIEW);
}

const tableRows = () =>
  within(screen.getByRole('table', { name: 'Analytics figures' }))
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('analytics screen', () => {
  beforeEach(() => setup());
  afterEach(() => vi.restoreAllMocks());

  it('charts the default axis, then follows the x-axis and segment controls', async () => {
    renderApp('/acme/analytics');
    await screen.findByRole('table', { name: 'Analytics figures' }, { timeout: 15_000 });
    expect(tableRows()).toEqual(['State groupWork items', 'Backlog3', 'Started4']);
    expect(screen.getByRole('link', { name: 'Analytics' }).getAttribute('aria-current')).toBe('page');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('X-axis'), 'priority');
    await waitFor(() => expect(tableRows()).toEqual(['PriorityWork items', 'High3', 'Low2']));
    // The segment list leaves out the x-axis.
    const segment = screen.getByLabelText('Segment') as HTMLSelectElement;
    expect([...segment.options].map((o) => o.value)).not.toContain('priority');
    await user.selectOptions(segment, 'labels__id');
    await waitFor(() => expect(tableRows()).toEqual(['PriorityBug, "urgent"NoneTotal', 'High213', 'Low202']));
    const last = fakeApi.callsTo('GET', `${W}/analytics/`).at(-1)!;
    expect(new URLSearchParams(last.path.split('?')[1]).toString()).toBe(
      'x_axis=priority&y_axis=issue_count&segment=labels__id',
    );
  });

  it('shows the scope in a sidebar that narrows the chart to a project, and stays collapsed once hidden', async () => {
    fakeApi.on('GET', `${W}/projects/p1/cycles/`, []).on('GET', `${W}/projects/p1/modules/`, []);
    const user = userEvent.setup();
    const first = renderApp('/acme/analytics');
    const scope = await screen.findByRole('complementary', { name: 'Analytics scope' }, { timeout: 15_000 });
    await user.click(within(scope).getByRole('button', { name: /Mobile/ }));
    await waitFor(() =>
      expect(
        new URLSearchParams(fakeApi.callsTo('GET', `${W}/analytics/`).at(-1)!.path.split('?')[1]).get(
          'project',
        ),
      ).toBe('p1'),
    );
    expect(within(scope).getByRole('region', { name: 'Project in scope' }).textContent).toContain('MOB');
    await user.click(screen.getByRole('button', { name: 'Hide analytics scope' }));
    expect(screen.queryByRole('complementary', { name: 'Analytics scope' })).toBeNull();
    first.unmount();

    // Kept in this browser: the next visit opens with it collapsed.
    renderApp('/acme/analytics');
    const show = await screen.findByRole('button', { name: 'Show analytics scope' }, { timeout: 15_000 });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('complementary', { name: 'Analytics scope' })).toBeNull();
    await user.click(show);
    expect(await screen.findByRole('complementary', { name: 'Analytics scope' })).toBeTruthy();
  });

  it('exports the table as CSV', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:analytics';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/acme/analytics');
    await screen.findByRole('table', { name: 'Analytics figures' }, { timeout: 15_000 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text).toBe('State group,Work items\r\nBacklog,3\r\nStarted,4\r\n');
  });

  it('shows the empty state when nothing matches, and the error with a retry', async () => {
    fakeApi.on('GET', `${W}/analytics/`, {
      ...BY_GROUP,
      total: 0,
      distribution: {},
      extras: { x_axis: [], segment: [] },
    });
    renderApp('/acme/analytics');
    expect(
      await screen.findByRole('heading', { name: 'Nothing to chart' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);

    fakeApi.on('GET', `${W}/analytics/`, () => {
      throw new ApiError(500, 'Server is down', 'INTERNAL');
    });
    await userEvent.setup().selectOptions(screen.getByLabelText('Measure'), 'estimate');
    expect((await screen.findByRole('alert')).textContent).toContain('Server is down');
    fakeApi.on('GET', `${W}/analytics/`, (_b, path) => chartFor(path));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Analytics figures' });
  });

  it('shows each project’s created vs. completed trend and its running cycle on the overview', async () => {
    renderApp('/acme/analytics?tab=overview');
    const card = await screen.findByRole('region', { name: 'Trend of Mobile' }, { timeout: 15_000 });
    expect(card.textContent).toContain('6 created');
    expect(card.textContent).toContain('2 completed');
    expect(within(card).getByText(/Current cycle:/).textContent).toContain('Sprint 4');
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('analytics table', () => {
  it('sums a row across segments and quotes CSV cells that need it', () => {
    const table = tableOf(BY_PRIORITY_AND_LABEL);
    expect(table.rows.map((r) => [r.name, ...r.values, r.total])).toEqual([
      ['High', 2, 1, 3],
      ['Low', 2, 0, 2],
    ]);
    expect(toCsv(table, 'Priority')).toBe(
      'Priority,"Bug, ""urgent""",None,Total\r\nHigh,2,1,3\r\nLow,2,0,2\r\n',
    );
    const formula = tableOf({
      ...BY_GROUP,
      extras: { ...BY_GROUP.extras, x_axis: [{ key: 'backlog', name: '=HYPERLINK()', color: null }] },
    });
    expect(toCsv(formula, 'x').split('\r\n')[1]).toBe("'=HYPERLINK(),3");
  });
});
