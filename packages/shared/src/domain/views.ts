import { ROLE } from './roles.ts';

/** What the rules read of a saved view (project view or workspace global view). */
export interface ViewFacts {
  owned_by: string;
  /** 0 public, 1 private (`VIEW_ACCESS` in the contracts). */
  access: number;
  is_locked: boolean;
}

/** Who is asking, where the view lives. */
export interface ViewCaller {
  userId: string;
  /** Effective project role for a project view, workspace role for a global view (0 when neither). */
  role: number;
}

/**
 * The rules of saved views (api.md §8), the one definition the server enforces and the web shows:
 * a private view exists for its owner alone (admins included); its name, description, filters and
 * display are edited by the owner or an admin of the place, and a locked view takes no change
 * but its owner unlocking it; lock, unlock and access changes are the owner's alone; deleting
 * needs the owner or an admin, and a locked view must be unlocked first.
 */
export function viewRights(view: ViewFacts, caller: ViewCaller) {
  const owner = view.owned_by === caller.userId;
  const editRight = owner || caller.role >= ROLE.ADMIN;
  return {
    owner,
    canView: owner || view.access === 0,
    /** The right to edit, setting the lock aside. */
    editRight,
    canEdit: editRight && !view.is_locked,
    canLock: owner,
    canChangeAccess: owner,
    /** The right to delete, setting the lock aside. */
    deleteRight: editRight,
    canDelete: editRight && !view.is_locked,
  };
}
export type ViewRights = ReturnType<typeof viewRights>;
