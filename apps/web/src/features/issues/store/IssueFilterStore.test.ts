import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fakeApi.ts';
import { IssueFilterStore } from './IssueFilterStore.ts';

vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api: (await import('../../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const CYCLE = `${P}/cycles/c1/user-properties/`;
const stored = (layout: string) => ({
  filters: {},
  display_filters: { layout, group_by: 'state' },
  display_properties: {},
});

beforeEach(() => fakeApi.reset());

describe('IssueFilterStore: a scope with its own server copy (a cycle’s)', () => {
  it('reads and saves the cycle’s own settings, leaving the project’s alone', async () => {
    const store = new IssueFilterStore();
    fakeApi.on('GET', CYCLE, stored('kanban')).on('PATCH', CYCLE, (body) => ({
      ...stored('kanban'),
      ...(body as object),
      display_filters: {
        ...stored('kanban').display_filters,
        ...(body as { display_filters: object }).display_filters,
      },
    }));
    await store.fetchScope('cycle:c1', CYCLE, 'cycle');
    expect(store.of('cycle:c1', 'cycle').displayFilters.layout).toBe('kanban');
    const { saved } = store.updateDisplayFilters('acme', 'cycle:c1', { layout: 'spreadsheet' }, 'cycle');
    await saved;
    expect(fakeApi.callsTo('PATCH', CYCLE)[0]!.body).toEqual({ display_filters: { layout: 'spreadsheet' } });
    expect(fakeApi.callsTo('PATCH', `${P}/user-properties/`)).toHaveLength(0);
    expect(store.of('cycle:c1', 'cycle').displayFilters.layout).toBe('spreadsheet');
  });

  it('puts the stored settings back when a save fails', async () => {
    const store = new IssueFilterStore();
    fakeApi.on('GET', CYCLE, stored('list')).fail('PATCH', CYCLE, 500, 'Something went wrong', 'INTERNAL');
    await store.fetchScope('cycle:c1', CYCLE, 'cycle');
    const { saved } = store.updateDisplayFilters('acme', 'cycle:c1', { layout: 'calendar' }, 'cycle');
    expect(store.of('cycle:c1', 'cycle').displayFilters.layout).toBe('calendar');
    await expect(saved).rejects.toThrow('Something went wrong');
    expect(store.of('cycle:c1', 'cycle').displayFilters.layout).toBe('list');
    expect(fakeApi.callsTo('GET', CYCLE)).toHaveLength(2);
  });
});
