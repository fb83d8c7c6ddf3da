import { ROLE } from './roles.ts';

/** Who may see a page: everyone in the project (0) or its owner alone (1). */
export const PAGE_ACCESS = { PUBLIC: 0, PRIVATE: 1 } as const;
export type PageAccess = (typeof PAGE_ACCESS)[keyof typeof PAGE_ACCESS];

/** What the rules read of a page. */
export interface PageFacts {
  owned_by: string;
  access: number;
  is_locked: boolean;
  archived_at: Date | string | null;
}

/** Who is asking, in the page's project. */
export interface PageCaller {
  userId: string;
  /** Effective project role (0 when not a member). */
  role: number;
  /** The project lets guests see everything (`guest_view_all_features`). */
  guestViewAll?: boolean;
}

/** Guests see only their own pages unless the project lets them see everything. */
export const seesOwnPagesOnly = (caller: PageCaller): boolean =>
  caller.role <= ROLE.GUEST && !caller.guestViewAll;

/**
 * The rules of pages (api.md §9, spec §5–6), the one definition the server enforces and the web
 * shows: a private page exists for its owner alone; its content is edited by the owner or, on a
 * public page, role ≥ member, never while archived or locked; lock, unlock and duplicate need the
 * owner or role ≥ member; access changes are the owner's, not while archived; archive, restore and
 * delete need the owner or a project admin.
 */
export function pageRights(page: PageFacts, caller: PageCaller) {
  const owner = page.owned_by === caller.userId;
  const member = caller.role >= ROLE.MEMBER;
  const admin = caller.role >= ROLE.ADMIN;
  const archived = Boolean(page.archived_at);
  const editRight = owner || (page.access === PAGE_ACCESS.PUBLIC && member);
  return {
    owner,
    canView: owner || (page.access === PAGE_ACCESS.PUBLIC && !seesOwnPagesOnly(caller)),
    /** The right to edit the content, setting aside lock and archive. */
    editRight,
    canEdit: editRight && !archived && !page.is_locked,
    canLock: owner || member,
    canDuplicate: owner || member,
    canChangeAccess: owner && !archived,
    canArchive: owner || admin,
    canDelete: owner || admin,
  };
}
export type PageRights = ReturnType<typeof pageRights>;
