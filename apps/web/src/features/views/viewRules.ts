import type { View } from '@kite/shared/contracts';
import { ROLE, viewRights } from '@kite/shared/domain';
import type { RootStore } from '../../app/RootStore.ts';
import type { ViewPlace } from './ViewStore.ts';

/**
 * What the caller may do to a view (api.md §8): the shared `viewRights`, the same definition the
 * server enforces. Edit and delete are the rights setting the lock aside (the menu shows them
 * disabled on a locked view).
 */
export interface ViewPermissions {
  /** Only the owner locks, unlocks and changes the access. */
  owner: boolean;
  /** Name, description, filters and display: the owner, or an admin of the place. */
  canEdit: boolean;
  /** The owner or an admin; a locked view must be unlocked first (the server says so). */
  canDelete: boolean;
}

export function viewPermissions(
  view: Pick<View, 'owned_by' | 'access' | 'is_locked'>,
  userId: string,
  role: number,
): ViewPermissions {
  const rights = viewRights(view, { userId, role });
  return { owner: rights.owner, canEdit: rights.editRight, canDelete: rights.deleteRight };
}

/** Members and above create views. */
export const canCreateViews = (role: number): boolean => role >= ROLE.MEMBER;

/** The caller's role where the views live: in the project, or in the workspace. */
export function roleAt(stores: RootStore, place: ViewPlace): number {
  return place.projectId
    ? (stores.projects.get(place.slug, place.projectId)?.member_role ?? 0)
    : (stores.workspaces.get(place.slug)?.role ?? 0);
}
