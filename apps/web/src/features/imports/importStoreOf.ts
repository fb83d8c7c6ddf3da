import type { RootStore } from '../../app/RootStore.ts';
import { ImportStore } from './ImportStore.ts';

const stores = new WeakMap<RootStore, { store: ImportStore; userId: string | undefined }>();

/**
 * The imports store of an app's RootStore, made on first use: not a RootStore field, so the
 * entry chunk does not carry it; a change of signed-in user starts it empty.
 */
export function importStoreOf(root: RootStore): ImportStore {
  const userId = root.user.user?.id;
  let entry = stores.get(root);
  if (!entry) {
    entry = { store: new ImportStore(), userId };
    stores.set(root, entry);
  } else if (entry.userId !== userId) {
    entry.store.reset();
    entry.userId = userId;
  }
  return entry.store;
}
