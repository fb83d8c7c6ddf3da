import type { RootStore } from '../../app/RootStore.ts';
import { PageStore } from './PageStore.ts';

const stores = new WeakMap<RootStore, { store: PageStore; userId: string | undefined }>();

/**
 * The pages store of an app's RootStore, made on first use. It is not a RootStore field so that
 * the entry chunk (and the board's critical path) does not carry it; a change of signed-in user
 * starts it empty, as RootStore.reset does for the others.
 */
export function pageStoreOf(root: RootStore): PageStore {
  const userId = root.user.user?.id;
  let entry = stores.get(root);
  if (!entry) {
    entry = { store: new PageStore(), userId };
    stores.set(root, entry);
  } else if (entry.userId !== userId) {
    entry.store.reset();
    entry.userId = userId;
  }
  return entry.store;
}
