import type { RootStore } from '../../app/RootStore.ts';
import { pageStoreOf } from './pageStoreOf.ts';

interface Params {
  workspaceSlug: string;
  projectId: string;
}

/** Names of owners and mention candidates: the workspace's members, not waited for. */
function ensureMembers(stores: RootStore, slug: string): void {
  if (!stores.members.isLoaded(slug)) void stores.members.fetchMembers(slug).catch(() => undefined);
}

/** The pages list route's data: the lists and the summary (never throws: a failure is the screen's to show). */
export async function loadPages(stores: RootStore, { workspaceSlug, projectId }: Params): Promise<void> {
  ensureMembers(stores, workspaceSlug);
  await pageStoreOf(stores)
    .fetchList(workspaceSlug, projectId)
    .catch(() => undefined);
}

/** The page route's data: the page (one not visible becomes the screen's not-found state; never throws). */
export async function loadPage(
  stores: RootStore,
  { workspaceSlug, projectId, pageId }: Params & { pageId: string },
): Promise<void> {
  ensureMembers(stores, workspaceSlug);
  await pageStoreOf(stores)
    .fetchPage(workspaceSlug, projectId, pageId)
    .catch(() => undefined);
}
