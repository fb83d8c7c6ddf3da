import type { Cycle, DisplayFilters, Module, UserProperties } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { groupedEnvelope, makeIssue, makeState } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
} from './store/displayFilters.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const URL = '/acme/projects/p1/issues';

const cycle = (id: string, name: string, status: Cycle['status']) =>
  ({ id, name, status, project_id: 'p1', sort_order: 1, archived_at: null }) as unknown as Cycle;
const module = (id: string, name: string) =>
  ({ id, name, project_id: 'p1', archived_at: null }) as unknown as Module;

function setup(features: { cycle_view: boolean; module_view: boolean }, display: Partial<DisplayFilters>) {
  fakeApi.reset();
  const project = makeProject({ member_role: 20, ...features });
  const props: UserProperties = {
    id: 'up1',
    user: 'user-m1',
    project: 'p1',
    filters: DEFAULT_FILTERS,
    display_filters: { ...DEFAULT_DISPLAY_FILTERS, ...display },
    display_properties: DEFAULT_DISPLAY_PROPERTIES,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  const item = makeIssue('i1', { name: 'Fix login', cycle_id: 'c1', module_ids: ['m1'] });
  signedIntoAcme(fakeApi, makeWorkspace())
    .on('GET', '/api/workspaces/acme/projects/', [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${P}/user-properties/`, props)
    .on('GET', `${P}/states/`, [makeState('s1', 'backlog', { name: 'Backlog', default: true })])
    .on('GET', `${P}/issue-labels/`, [])
    .on('GET', `${P}/estimates/`, [])
    .on('GET', `${P}/members/`, [{ id: 'pm1', member: 'user-m1', role: 20, project: 'p1', is_active: true }])
    .on('GET', '/api/workspaces/acme/members/', [makeMember('m1', 20, 'Ada')])
    .on('GET', `${P}/cycles/`, [
      cycle('c1', 'Sprint 1', 'current'),
      cycle('c2', 'Sprint 2', 'upcoming'),
      cycle('c0', 'Sprint 0', 'completed'),
    ])
    .on('GET', `${P}/modules/`, [module('m1', 'Billing'), module('m2', 'Search')])
    .on(
      'GET',
      `${P}/issues/`,
      display.group_by === 'cycle'
        ? groupedEnvelope({ c1: [item], c2: [], None: [] }, {}, 'cycle_id')
        : groupedEnvelope({ All: [item] }, {}, ''),
    )
    .on('PATCH', `${P}/issues/i1/`, (body) => ({ ...item, ...(body as object) }));
}

describe('cycle and modules on work items', () => {
  beforeEach(() => fakeApi.reset());

  it('names the cycle and modules on a row and changes them from its menus', async () => {
    setup({ cycle_view: true, module_view: true }, { layout: 'list' });
    renderApp(URL);
    const row = await screen.findByRole('button', { name: /Fix login/ }, { timeout: 15_000 });
    const cycleButton = await within(row).findByRole('button', { name: 'Cycle: Sprint 1' });
    expect(within(row).getByRole('button', { name: 'Modules: Billing' })).toBeTruthy();

    // A completed cycle is not offered; the other open one is.
    await userEvent.click(cycleButton);
    const menu = await screen.findByRole('menu', { name: 'Cycle: Sprint 1' });
    expect(within(menu).queryByRole('menuitemradio', { name: 'Sprint 0' })).toBeNull();
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Sprint 2' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`).map((c) => c.body)).toEqual([{ cycle_id: 'c2' }]),
    );
    expect(await within(row).findByRole('button', { name: 'Cycle: Sprint 2' })).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Modules: Billing' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Search' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${P}/issues/i1/`).at(-1)?.body).toEqual({ module_ids: ['m1', 'm2'] }),
    );
  });

  it('groups by cycle under the cycles’ names', async () => {
    setup({ cycle_view: true, module_view: true }, { layout: 'list', group_by: 'cycle' });
    renderApp(URL);
    expect(
      await screen.findByRole('button', { name: 'Collapse Sprint 1' }, { timeout: 15_000 }),
    ).toBeTruthy();
    const query = new URLSearchParams(fakeApi.callsTo('GET', `${P}/issues/`)[0]!.path.split('?')[1]);
    expect(query.get('group_by')).toBe('cycle_id');
  });

  it('drops the cycle and module properties, and a stored grouping by cycle, where the project has them off', async () => {
    setup({ cycle_view: false, module_view: false }, { layout: 'list', group_by: 'cycle' });
    renderApp(URL);
    const row = await screen.findByRole('button', { name: /Fix login/ }, { timeout: 15_000 });
    expect(within(row).queryByRole('button', { name: /^Cycle:/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Modules:/ })).toBeNull();
    const query = new URLSearchParams(fakeApi.callsTo('GET', `${P}/issues/`)[0]!.path.split('?')[1]);
    expect(query.get('group_by')).toBeNull();
    expect(fakeApi.callsTo('GET', `${P}/cycles/`)).toHaveLength(0);
  });
});
