import type { DisplayFilters, IssueRow, UserProperties } from '@kite/shared/contracts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { makeMember, makeProject, makeWorkspace, signedIntoAcme } from '../../../test/fixtures.ts';
import { envelope, makeState } from '../../../test/issueFixtures.ts';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
} from '../store/displayFilters.ts';

/** Shared setup of the spreadsheet, calendar and gantt tests (each test file mocks lib/api with fakeApi). */
export const P = '/api/workspaces/acme/projects/p1';
export const URL = '/acme/projects/p1/issues';

export const STATES = [
  makeState('s1', 'backlog', { name: 'Backlog', default: true, sequence: 1 }),
  makeState('s2', 'unstarted', { name: 'Todo', sequence: 2 }),
];

/** A project (role `role`) whose issues list answers `rows` (ungrouped), settings stored in memory. */
export function setupLayout(display: Partial<DisplayFilters>, rows: IssueRow[], role = 20) {
  fakeApi.reset();
  let stored: UserProperties = {
    id: 'up1',
    user: 'user-m1',
    project: 'p1',
    filters: DEFAULT_FILTERS,
    display_filters: { ...DEFAULT_DISPLAY_FILTERS, ...display },
    display_properties: DEFAULT_DISPLAY_PROPERTIES,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  signedIntoAcme(fakeApi, makeWorkspace())
    .on('GET', '/api/workspaces/acme/projects/', [makeProject({ member_role: role })])
    .on('GET', `${P}/`, makeProject({ member_role: role }))
    .on('GET', `${P}/user-properties/`, () => stored)
    .on('PATCH', `${P}/user-properties/`, (body) => {
      const b = body as { display_filters?: object };
      stored = { ...stored, display_filters: { ...stored.display_filters, ...b.display_filters } };
      return stored;
    })
    .on('GET', `${P}/states/`, STATES)
    .on('GET', `${P}/issue-labels/`, [])
    .on('GET', `${P}/estimates/`, [])
    .on('GET', `${P}/members/`, [{ id: 'pm1', member: 'user-m1', role, project: 'p1', is_active: true }])
    .on('GET', '/api/workspaces/acme/members/', [makeMember('m1', role, 'Ada')])
    .on('GET', `${P}/issues/`, envelope(rows));
}

/** The query params of every issues list request so far. */
export const issueQueries = () =>
  fakeApi.callsTo('GET', `${P}/issues/`).map((c) => new URLSearchParams(c.path.split('?')[1]));
