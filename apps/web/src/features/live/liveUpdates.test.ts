import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject } from '../../test/fixtures.ts';
import { groupedEnvelope, makeIssue, makeIssueDetail } from '../../test/issueFixtures.ts';
import { DEFAULT_DISPLAY_FILTERS, DEFAULT_FILTERS } from '../issues/store/displayFilters.ts';
import { IssueListStore } from '../issues/store/IssueListStore.ts';
import { IssueStore } from '../issues/store/IssueStore.ts';
import { MemberStore } from '../members/MemberStore.ts';
import { ProjectStore } from '../projects/ProjectStore.ts';
import type { LiveEvent } from './liveSocket.ts';
import { LiveUpdates } from './liveUpdates.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const KEY = 'project:p1:kanban';
const LATER = '2026-05-20T10:00:00.000Z';

async function board() {
  const issues = new IssueStore({ stateGroupOf: (_p, id) => (id === 's2' ? 'started' : 'backlog') });
  const lists = new IssueListStore(issues);
  const planning: string[] = [];
  const live = new LiveUpdates({
    issues,
    issueLists: lists,
    planningChanged: (entity, slug, projectId) => planning.push(`${entity}:${slug}:${projectId}`),
  });
  fakeApi.on(
    'GET',
    `${P}/issues/`,
    groupedEnvelope({ s1: [makeIssue('a'), makeIssue('b', { sort_order: 2000 })], s2: [] }),
  );
  await lists.fetch(KEY, {
    path: `${P}/issues/`,
    projectId: 'p1',
    filters: DEFAULT_FILTERS,
    displayFilters: { ...DEFAULT_DISPLAY_FILTERS, layout: 'kanban', group_by: 'state' },
    perPage: 30,
  });
  return { issues, list: lists.get(KEY)!, live, planning };
}

const event = (type: LiveEvent['type'], entity: string, id: string, data: object): LiveEvent => ({
  type,
  event_id: '000000000000001',
  workspace_id: 'w1',
  project_id: 'p1',
  entity,
  id,
  data: data as Record<string, unknown>,
  actor_id: 'u2',
  at: LATER,
});

describe('live updates', () => {
  beforeEach(() => fakeApi.reset());

  it('move, add and drop work items on the board as other tabs change them', async () => {
    const { issues, list, live } = await board();
    const moved = makeIssue('a', { state_id: 's2', state__group: 'started', updated_at: LATER });
    live.receive({ kind: 'event', event: event('updated', 'issue', 'a', moved) }, 'acme');
    expect(list.issueIds('s1')).toEqual(['b']);
    expect(list.issueIds('s2')).toEqual(['a']);
    expect(issues.get('a')?.state_id).toBe('s2');

    live.receive({ kind: 'event', event: event('created', 'issue', 'n', makeIssue('n')) }, 'acme');
    expect(list.issueIds('s1')).toContain('n');
    expect(list.groupTotal('s1')).toBe(2);

    live.receive({ kind: 'event', event: event('deleted', 'issue', 'b', { id: 'b' }) }, 'acme');
    expect(list.issueIds('s1')).toEqual(['n']);
    expect(issues.get('b')).toBeUndefined();
  });

  it('ignore an older version than the one held, and items this tab is still writing', async () => {
    const { issues, live } = await board();
    const stale = makeIssue('a', { name: 'Old', updated_at: '2000-01-01T00:00:00.000Z' });
    live.receive({ kind: 'event', event: event('updated', 'issue', 'a', stale) }, 'acme');
    expect(issues.get('a')?.name).toBe('Issue a');

    let answer: (value: unknown) => void = () => undefined;
    fakeApi.on('PATCH', `${P}/issues/a/`, () => new Promise((resolve) => (answer = resolve)));
    const saving = issues.update('acme', 'p1', 'a', { name: 'Mine' });
    const theirs = makeIssue('a', { name: 'Theirs', updated_at: LATER });
    live.receive({ kind: 'event', event: event('updated', 'issue', 'a', theirs) }, 'acme');
    expect(issues.get('a')?.name).toBe('Mine');
    answer(makeIssueDetail('a', { name: 'Mine', updated_at: LATER }));
    await saving;
    expect(issues.get('a')?.name).toBe('Mine');
  });

  it('wait while a card is dragged and apply on the drop', async () => {
    const { list, live } = await board();
    const release = live.hold();
    const moved = makeIssue('b', { state_id: 's2', state__group: 'started', updated_at: LATER });
    live.receive({ kind: 'event', event: event('updated', 'issue', 'b', moved) }, 'acme');
    expect(list.issueIds('s2')).toEqual([]);
    release();
    expect(list.issueIds('s2')).toEqual(['b']);
  });

  it('read the lists again on resync, tell listeners, and ask for changed cycles and modules', async () => {
    const { live, planning } = await board();
    const heard: string[] = [];
    live.subscribe((signal) => heard.push(signal.kind));
    const before = fakeApi.callsTo('GET', `${P}/issues/`).length;
    live.receive({ kind: 'resync' }, 'acme');
    await vi.waitFor(() => expect(fakeApi.callsTo('GET', `${P}/issues/`).length).toBe(before + 1));
    live.receive({ kind: 'event', event: event('updated', 'cycle', 'c1', { id: 'c1' }) }, 'acme');
    expect(heard).toEqual(['resync', 'event']);
    expect(planning).toEqual(['cycle:acme:p1']);
  });

  it("follow another tab's project and member changes in the stores that hold them", async () => {
    const projects = new ProjectStore();
    const members = new MemberStore();
    const live = new LiveUpdates({
      issues: new IssueStore({ stateGroupOf: () => undefined }),
      issueLists: new IssueListStore(new IssueStore({ stateGroupOf: () => undefined })),
      projectChanged: (slug, id, deleted) => void projects.refreshProject(slug, id, deleted),
      membersChanged: (slug) => void members.fetchMembers(slug),
    });
    const web = makeProject({ id: 'p1', name: 'Web', is_member: true });
    const app = makeProject({ id: 'p2', name: 'App', is_member: true });
    fakeApi.on('GET', '/api/workspaces/acme/projects/?order_by=created_at', [web, app]);
    await projects.fetchProjects('acme');
    expect(projects.joinedOf('acme').map((p) => p.name)).toEqual(['App', 'Web']);

    // Archived in another tab: read again, out of the sidebar.
    fakeApi.on('GET', '/api/workspaces/acme/projects/p1/', { ...web, archived_at: LATER });
    live.receive({ kind: 'event', event: event('updated', 'project', 'p1', {}) }, 'acme');
    await vi.waitFor(() => expect(projects.joinedOf('acme').map((p) => p.name)).toEqual(['App']));
    // Deleted: forgotten without a read.
    live.receive({ kind: 'event', event: event('deleted', 'project', 'p2', {}) }, 'acme');
    expect(projects.get('acme', 'p2')).toBeUndefined();
    // A project this tab never read stays unread.
    live.receive({ kind: 'event', event: event('updated', 'project', 'p9', {}) }, 'acme');
    expect(fakeApi.calls.some((c) => c.path.includes('/projects/p9/'))).toBe(false);

    fakeApi.on('GET', '/api/workspaces/acme/members/', [makeMember('m1', 20, 'Grace')]);
    live.receive({ kind: 'event', event: event('deleted', 'workspace_member', 'u2', {}) }, 'acme');
    await vi.waitFor(() => expect(members.membersOf('acme').map((m) => m.id)).toEqual(['m1']));
  });
});
