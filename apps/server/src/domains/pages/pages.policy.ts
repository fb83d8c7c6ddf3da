import { PAGE_ACCESS, UNTITLED_PAGE } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';

/** The rules of pages (api.md §9, spec §5–6), free of the database. */

export interface PageState {
  owned_by: string;
  access: number;
  is_locked: boolean;
  archived_at: Date | string | null;
}

/** Who is asking, in the page's project. */
export interface PageViewer {
  userId: string;
  /** Effective project role. */
  role: number;
  /** The project lets guests see everything (`guest_view_all_features`). */
  guestViewAll: boolean;
}

const forbidden = (message: string) => new AppError('forbidden', message);
export const pageLocked = () => new AppError('bad_request', 'Page is locked', 'PAGE_LOCKED');
export const pageArchived = () => new AppError('bad_request', 'Page is archived', 'PAGE_ARCHIVED');

/** A blank name becomes `Untitled`. */
export const pageName = (name: string | undefined): string => {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? UNTITLED_PAGE : trimmed;
};

/** Guests see only their own pages unless the project lets them see everything. */
export const seesOwnPagesOnly = (viewer: PageViewer): boolean =>
  viewer.role <= ROLE.GUEST && !viewer.guestViewAll;

/** A private page exists for its owner alone (admins included: 404); guests see their own only. */
export function canView(page: PageState, viewer: PageViewer): boolean {
  if (page.owned_by === viewer.userId) return true;
  return page.access === PAGE_ACCESS.PUBLIC && !seesOwnPagesOnly(viewer);
}

const isOwner = (page: PageState, viewer: PageViewer) => page.owned_by === viewer.userId;

/** Whether the viewer may edit the page's content, setting aside its lock and archive. */
export const hasEditRight = (page: PageState, viewer: PageViewer): boolean =>
  isOwner(page, viewer) || (page.access === PAGE_ACCESS.PUBLIC && viewer.role >= ROLE.MEMBER);

/**
 * Why editing the name, description or properties is refused, if it is, in the contract's order
 * (403 before 400): the owner, or anyone of role ≥ member on a public page; never while archived
 * or locked.
 */
export function editRefusal(page: PageState, viewer: PageViewer): AppError | null {
  if (!hasEditRight(page, viewer)) return forbidden('You are not allowed to edit this page');
  if (page.archived_at) return pageArchived();
  if (page.is_locked) return pageLocked();
  return null;
}

/** The collaboration server's test: may this viewer's updates be applied right now? */
export const canEditNow = (page: PageState, viewer: PageViewer): boolean =>
  editRefusal(page, viewer) === null;

/** Lock, unlock and duplicate: the owner or role ≥ member. */
export function lockRefusal(page: PageState, viewer: PageViewer): AppError | null {
  if (!isOwner(page, viewer) && viewer.role < ROLE.MEMBER) {
    return forbidden('Only the owner or a member can lock, unlock or duplicate this page');
  }
  return null;
}
export const duplicateRefusal = lockRefusal;

/** Changing access: the owner alone, and not while the page is archived. */
export function accessRefusal(page: PageState, viewer: PageViewer): AppError | null {
  if (!isOwner(page, viewer)) return forbidden("Only the page's owner can change its access");
  if (page.archived_at) return pageArchived();
  return null;
}

/** Archive, restore and delete: the owner or a project admin. */
export function archiveRefusal(page: PageState, viewer: PageViewer): AppError | null {
  if (!isOwner(page, viewer) && viewer.role < ROLE.ADMIN) {
    return forbidden("Only the page's owner or a project admin can archive or delete it");
  }
  return null;
}
export const deleteRefusal = archiveRefusal;
