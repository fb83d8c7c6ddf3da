import type { DeployBoard, IssueDetail, IssueRow } from '@kite/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeLabel, makeProject, makeState, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const ANCHOR = '0123456789abcdef0123456789abcdef';
const PUB = `/api/public/anchor/${ANCHOR}`;
const T = '2026-01-01T00:00:00.000Z';

function row(id: string, seq: number, stateId: string, overrides: Partial<IssueRow> = {}): IssueRow {
  return {
    id,
    name: `Issue ${seq}`,
    sequence_id: seq,
    state_id: stateId,
    state__group: 'backlog',
    priority: 'none',
    sort_order: seq * 1000,
    estimate_point: null,
    start_date: null,
    target_date: null,
    completed_at: null,
    archived_at: null,
    project_id: 'p1',
    parent_id: null,
    cycle_id: null,
    module_ids: [],
    label_ids: [],
    assignee_ids: [],
    sub_issues_count: 0,
    attachment_count: 0,
    link_count: 0,
    is_draft: false,
    created_at: T,
    updated_at: T,
    created_by: null,
    updated_by: null,
    ...overrides,
  };
}

function envelope(results: unknown, total: number) {
  return {
    grouped_by: null,
    sub_grouped_by: null,
    total_count: total,
    next_cursor: '30:1:0',
    prev_cursor: '30:-1:1',
    next_page_results: false,
    prev_page_results: false,
    count: 0,
    total_pages: 1,
    total_results: total,
    extra_stats: null,
    results,
  };
}

function board(overrides: Partial<DeployBoard> = {}): DeployBoard {
  return {
    id: 'b1',
    anchor: ANCHOR,
    entity_name: 'project',
    entity_identifier: 'p1',
    project: 'p1',
    workspace: 'w1',
    is_comments_enabled: false,
    is_reactions_enabled: false,
    is_votes_enabled: false,
    is_activity_enabled: false,
    intake: null,
    view_props: { list: true, kanban: true, calendar: false, gantt: false, spreadsheet: false },
    is_disabled: false,
    created_at: T,
    updated_at: T,
    ...overrides,
  };
}

const backlogRows = Array.from({ length: 30 }, (_, i) =>
  row(`b${i + 1}`, i + 1, 's1', i === 0 ? { label_ids: ['l1'], priority: 'high' } : {}),
);

function publishedBoard() {
  fakeApi.reset();
  fakeApi
    .on('GET', `${PUB}/meta/`, {
      workspace: { name: 'Acme', slug: 'acme', logo_url: null },
      project: { id: 'p1', name: 'Mobile App', identifier: 'MOB', logo_props: {}, description: '' },
    })
    .on('GET', `${PUB}/settings/`, board())
    .on('GET', `${PUB}/states/`, [
      makeState('s2', 'Todo', 'unstarted', 30000),
      makeState('s1', 'Backlog', 'backlog', 15000, true),
    ])
    .on('GET', `${PUB}/labels/`, [makeLabel('l1', 'Bug', 1000)])
    .on('GET', `${PUB}/members/`, [])
    .on(
      'GET',
      `${PUB}/issues/`,
      envelope(
        {
          s1: { results: backlogRows, total_results: 32 },
          s2: { results: [row('t1', 40, 's2', { name: 'Ship the board' })], total_results: 1 },
        },
        33,
      ),
    );
}

describe('public board', () => {
  beforeEach(publishedBoard);

  it('shows the states as columns in order, with their counts, without asking for a session', async () => {
    renderApp(`/spaces/issues/${ANCHOR}`);
    expect(await screen.findByRole('heading', { name: /Mobile App/ })).toBeTruthy();
    expect(screen.getByText('MOB')).toBeTruthy();
    expect(screen.getByText('Acme')).toBeTruthy();
    const columns = screen.getAllByRole('region', { name: / column$/ });
    expect(columns.map((c) => c.getAttribute('aria-label'))).toEqual(['Backlog column', 'Todo column']);
    expect(within(columns[0] as HTMLElement).getByRole('heading').textContent).toBe('Backlog32 work items');
    expect(within(columns[1] as HTMLElement).getByRole('heading').textContent).toBe('Todo1 work items');
    const first = within(columns[0] as HTMLElement).getByRole('button', { name: 'MOB-1 Issue 1' });
    expect(within(first).getByText('Bug')).toBeTruthy();
    expect(within(first).getByText('High')).toBeTruthy();
    expect(within(columns[1] as HTMLElement).queryByRole('button', { name: /Load more/ })).toBeNull();
    expect(fakeApi.callsTo('GET', '/api/users/session/')).toHaveLength(0);
    const grouped = fakeApi.callsTo('GET', `${PUB}/issues/`)[0]?.path ?? '';
    expect(grouped).toContain('group_by=state_id');
    expect(grouped).toContain('per_page=30');
  });

  it('loads more of one column with its state filter and the next cursor, appending the rows', async () => {
    const user = userEvent.setup();
    renderApp(`/spaces/issues/${ANCHOR}`);
    const backlog = await screen.findByRole('region', { name: 'Backlog column' });
    expect(within(backlog).getAllByRole('button', { name: /^MOB-/ })).toHaveLength(30);
    fakeApi.on(
      'GET',
      `${PUB}/issues/`,
      envelope([row('b30', 30, 's1'), row('b31', 31, 's1'), row('b32', 32, 's1')], 32),
    );
    await user.click(within(backlog).getByRole('button', { name: 'Load more in Backlog' }));
    await waitFor(() => expect(within(backlog).getAllByRole('button', { name: /^MOB-/ })).toHaveLength(32));
    expect(within(backlog).getByRole('button', { name: 'MOB-32 Issue 32' })).toBeTruthy();
    expect(within(backlog).queryByRole('button', { name: /Load more/ })).toBeNull();
    const more = fakeApi.callsTo('GET', `${PUB}/issues/`)[1]?.path ?? '';
    expect(more).toContain('state=s1');
    expect(more).toContain('cursor=30:1:0');
    expect(more).toContain('per_page=30');
    expect(more).not.toContain('group_by');
  });

  it('switches to the list, and opens a work item read only in a side panel', async () => {
    const detail: IssueDetail = {
      ...row('t1', 40, 's2', { name: 'Ship the board' }),
      description_html: '<p>Make it <strong>public</strong></p>',
      is_subscribed: false,
      is_intake: false,
      workspace_id: 'w1',
      external_source: null,
      external_id: null,
    };
    fakeApi.on('GET', `${PUB}/issues/t1/`, detail);
    const user = userEvent.setup();
    renderApp(`/spaces/issues/${ANCHOR}`);
    await user.click(await screen.findByRole('button', { name: 'List' }));
    const todo = screen.getByRole('region', { name: 'Todo group' });
    await user.click(within(todo).getByRole('button', { name: 'MOB-40 Ship the board' }));
    const panel = await screen.findByRole('dialog', { name: 'Ship the board' });
    expect(await within(panel).findByText('public')).toBeTruthy();
    expect(within(panel).getByText('Todo')).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('offers only the layouts the board enables', async () => {
    fakeApi.on(
      'GET',
      `${PUB}/settings/`,
      board({ view_props: { list: true, kanban: false, calendar: false, gantt: false, spreadsheet: false } }),
    );
    renderApp(`/spaces/issues/${ANCHOR}`);
    expect(await screen.findByRole('region', { name: 'Backlog group' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Board' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Backlog column' })).toBeNull();
  });

  it('shows not-found for an unknown or unpublished anchor', async () => {
    fakeApi.reset();
    fakeApi.fail('GET', `${PUB}/meta/`, 404, 'Not found', 'NOT_FOUND');
    renderApp(`/spaces/issues/${ANCHOR}`);
    expect(await screen.findByRole('heading', { name: 'Board not found' })).toBeTruthy();
    expect(screen.getByText(/no longer published/)).toBeTruthy();
  });

  it('shows an empty state when the project has no work items', async () => {
    fakeApi.on(
      'GET',
      `${PUB}/issues/`,
      envelope({ s1: { results: [], total_results: 0 }, s2: { results: [], total_results: 0 } }, 0),
    );
    renderApp(`/spaces/issues/${ANCHOR}`);
    expect(await screen.findByRole('region', { name: 'No work items yet' })).toBeTruthy();
  });
});

describe('publish section of project settings', () => {
  const P = '/api/workspaces/acme/projects/p1';
  beforeEach(() => {
    fakeApi.reset();
    signedIntoAcme(fakeApi, makeWorkspace({ role: 20 }))
      .on('GET', '/api/workspaces/acme/projects/', [makeProject({ member_role: 20 })])
      .on('GET', `${P}/`, makeProject({ member_role: 20 }));
  });

  it('publishes, shows the public link, and unpublishes after confirming', async () => {
    fakeApi.on('GET', `${P}/project-deploy-boards/`, []).on('POST', `${P}/project-deploy-boards/`, board());
    fakeApi.on('DELETE', `${P}/project-deploy-boards/b1/`, null);
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1');
    const section = await screen.findByRole('region', { name: 'Publish' });
    expect(await within(section).findByText('Not published')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Publish' }));
    const link = (await within(section).findByLabelText('Public link')) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/spaces/issues/${ANCHOR}`);
    expect(within(section).getByRole('button', { name: 'Copy public link' })).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish Mobile App?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await within(section).findByText('Not published')).toBeTruthy();
    expect(fakeApi.callsTo('DELETE', `${P}/project-deploy-boards/b1/`)).toHaveLength(1);
  });

  it('toasts a refused publish and stays unpublished', async () => {
    fakeApi
      .on('GET', `${P}/project-deploy-boards/`, [])
      .fail('POST', `${P}/project-deploy-boards/`, 409, 'Project is already published', 'CONFLICT');
    const toastError = vi.spyOn(toast, 'error');
    const user = userEvent.setup();
    renderApp('/acme/settings/projects/p1');
    const section = await screen.findByRole('region', { name: 'Publish' });
    await user.click(await within(section).findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Project is already published'));
    expect(within(section).getByText('Not published')).toBeTruthy();
  });
});
