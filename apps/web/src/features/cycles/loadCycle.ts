import type { RootStore } from '../../app/RootStore.ts';
import { loadListBoard } from '../issues/boot.ts';
import { cycleListView } from './cycleList.ts';

/** What a cycle's page loads first: the cycle (404 when it is gone) and the board of its items. */
export async function loadCycleBoard(
  stores: RootStore,
  slug: string,
  projectId: string,
  cycleId: string,
): Promise<void> {
  const cycle = stores.cycles.fetchOne(slug, projectId, cycleId);
  // The other cycles name the transfer's targets and the items' cycle property.
  stores.cycles.ensure(slug, projectId);
  await Promise.all([
    cycle,
    loadListBoard(stores, slug, projectId, cycleListView(stores, slug, projectId, cycleId)),
  ]);
}
