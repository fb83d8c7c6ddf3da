import type { RootStore } from '../../app/RootStore.ts';
import { loadListBoard } from '../issues/boot.ts';
import { seedViewSettings, viewListView } from './viewList.ts';

/**
 * What a project view's page loads first: the view (404 when it is gone or private to someone
 * else), whose saved settings the page starts from, then the board of its items.
 */
export async function loadViewBoard(
  stores: RootStore,
  slug: string,
  projectId: string,
  viewId: string,
): Promise<void> {
  const place = { slug, projectId };
  stores.views.ensure(place);
  const view = await stores.views.fetchOne(place, viewId);
  seedViewSettings(stores, place, view);
  await loadListBoard(stores, slug, projectId, viewListView(stores, slug, projectId, viewId));
}

/** The same for a custom workspace view (its list spans the caller's projects). */
export async function loadWorkspaceView(stores: RootStore, slug: string, viewId: string): Promise<void> {
  const place = { slug, projectId: null };
  stores.views.ensure(place);
  const view = await stores.views.fetchOne(place, viewId);
  seedViewSettings(stores, place, view);
}
