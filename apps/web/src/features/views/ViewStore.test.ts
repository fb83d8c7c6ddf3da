import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/apiError.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeView } from '../../test/viewFixtures.ts';
import { sortViews, ViewStore } from './ViewStore.ts';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1';
const W = '/api/workspaces/acme';
const inProject = { slug: 'acme', projectId: 'p1' };
const inWorkspace = { slug: 'acme', projectId: null };

/** A request the test answers when it wants to. */
function pending() {
  let settle!: { resolve: (value: unknown) => void; reject: (error: unknown) => void };
  const promise = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

async function loaded(views = [makeView('v1')]) {
  const store = new ViewStore();
  fakeApi.on('GET', `${P}/views/`, views);
  await store.fetch(inProject);
  return store;
}

describe('ViewStore', () => {
  beforeEach(() => fakeApi.reset());

  it('stars a view at once and takes the star back, with the server’s message, when refused', async () => {
    const error = vi.spyOn(toast, 'error');
    const store = await loaded();
    const answer = pending();
    fakeApi.on('POST', `${P}/user-favorite-views/`, () => answer.promise);
    const done = store.toggleFavorite(inProject, 'v1');
    expect(store.find('v1')?.is_favorite).toBe(true);
    answer.reject(new ApiError(409, 'The view is already a favorite', 'ALREADY_EXISTS'));
    expect(await done).toBe(false);
    expect(store.find('v1')?.is_favorite).toBe(false);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The view is already a favorite'));
    expect(fakeApi.callsTo('POST', `${P}/user-favorite-views/`)[0]!.body).toEqual({ view: 'v1' });
  });

  it('locks at once and unlocks again when the server refuses; a success keeps the server’s view', async () => {
    const store = await loaded();
    fakeApi.fail(
      'PATCH',
      `${P}/views/v1/`,
      403,
      "Only the view's owner can change its access or lock",
      'FORBIDDEN',
    );
    const refused = store.setLocked(inProject, 'v1', true);
    expect(store.find('v1')?.is_locked).toBe(true);
    expect(await refused).toBe(false);
    expect(store.find('v1')?.is_locked).toBe(false);

    fakeApi.on('PATCH', `${P}/views/v1/`, (body) =>
      makeView('v1', { ...(body as object), updated_at: 'later' }),
    );
    expect(await store.setAccess(inProject, 'v1', 1)).toBe(true);
    expect(store.find('v1')).toMatchObject({ access: 1, updated_at: 'later' });
  });

  it('rolls back only what it changed: a rename that landed meanwhile stays', async () => {
    const store = await loaded();
    const answer = pending();
    fakeApi.on('PATCH', `${P}/views/v1/`, () => answer.promise);
    const locking = store.setLocked(inProject, 'v1', true);
    fakeApi.on('GET', `${P}/views/v1/`, makeView('v1', { name: 'Renamed', is_locked: true }));
    await store.fetchOne(inProject, 'v1');
    answer.reject(new ApiError(500, 'Something went wrong', 'INTERNAL_ERROR'));
    await locking;
    expect(store.find('v1')).toMatchObject({ name: 'Renamed', is_locked: false });
  });

  it('unstars a workspace view through its favorite’s id', async () => {
    const store = new ViewStore();
    fakeApi
      .on('GET', `${W}/views/`, [makeView('g1', { project: null, is_favorite: true })])
      .on('GET', `${W}/user-favorites/`, [
        {
          id: 'f1',
          entity_type: 'view',
          entity_identifier: 'g1',
          project_id: null,
          name: 'g1',
          created_at: '',
        },
      ])
      .on('DELETE', `${W}/user-favorites/f1/`, null);
    await store.fetch(inWorkspace);
    expect(await store.toggleFavorite(inWorkspace, 'g1')).toBe(true);
    expect(store.find('g1')?.is_favorite).toBe(false);
    expect(fakeApi.callsTo('DELETE', `${W}/user-favorites/f1/`)).toHaveLength(1);
  });
});

describe('sortViews', () => {
  const views = [
    makeView('a', { name: 'beta', created_at: '2026-01-03', updated_at: '2026-01-04' }),
    makeView('b', { name: 'Alpha', created_at: '2026-01-01', updated_at: '2026-01-09' }),
    makeView('c', { name: 'gamma', created_at: '2026-01-05', updated_at: '2026-01-02', is_favorite: true }),
  ];
  const names = (list: { name: string }[]) => list.map((v) => v.name);

  it('puts favorites first, then orders by name, creation or last change', () => {
    expect(names(sortViews(views, 'name'))).toEqual(['gamma', 'Alpha', 'beta']);
    expect(names(sortViews(views, 'created'))).toEqual(['gamma', 'beta', 'Alpha']);
    expect(names(sortViews(views, 'modified'))).toEqual(['gamma', 'Alpha', 'beta']);
  });

  it('keeps the names holding the search, in any case', () => {
    expect(names(sortViews(views, 'name', ' ALP '))).toEqual(['Alpha']);
  });
});
