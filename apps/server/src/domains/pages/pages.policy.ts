import { UNTITLED_PAGE } from '@kite/shared/contracts';
import { type PageCaller, type PageFacts, pageRights, seesOwnPagesOnly } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';

/**
 * The rules of pages as the API refuses them: which right is missing, as the contract's error, in
 * its order (403 before 400). The rights themselves are `pageRights` in the shared domain, the one
 * definition the web shows too.
 */

export type PageState = PageFacts;
export type PageViewer = Required<PageCaller>;
export { seesOwnPagesOnly };

const forbidden = (message: string) => new AppError('forbidden', message);
export const pageLocked = () => new AppError('bad_request', 'Page is locked', 'PAGE_LOCKED');
export const pageArchived = () => new AppError('bad_request', 'Page is archived', 'PAGE_ARCHIVED');

/** A blank name becomes `Untitled`. */
export const pageName = (name: string | undefined): string => {
  const trimmed = (name ?? '').trim();
  return trimmed === '' ? UNTITLED_PAGE : trimmed;
};

/** A private page exists for its owner alone (admins included: 404); guests see their own only. */
export const canView = (page: PageState, viewer: PageViewer): boolean => pageRights(page, viewer).canView;

/** Editing the name, description or properties: the right first, then archive, then lock. */
export function editRefusal(page: PageState, viewer: PageViewer): AppError | null {
  if (!pageRights(page, viewer).editRight) return forbidden('You are not allowed to edit this page');
  if (page.archived_at) return pageArchived();
  if (page.is_locked) return pageLocked();
  return null;
}

/** The collaboration server's test: may this viewer's updates be applied right now? */
export const canEditNow = (page: PageState, viewer: PageViewer): boolean => pageRights(page, viewer).canEdit;

/** Lock, unlock and duplicate: the owner or role ≥ member. */
export function lockRefusal(page: PageState, viewer: PageViewer): AppError | null {
  return pageRights(page, viewer).canLock
    ? null
    : forbidden('Only the owner or a member can lock, unlock or duplicate this page');
}
export const duplicateRefusal = lockRefusal;

/** Changing access: the owner alone, and not while the page is archived. */
export function accessRefusal(page: PageState, viewer: PageViewer): AppError | null {
  if (!pageRights(page, viewer).owner) return forbidden("Only the page's owner can change its access");
  if (page.archived_at) return pageArchived();
  return null;
}

/** Archive, restore and delete: the owner or a project admin. */
export function archiveRefusal(page: PageState, viewer: PageViewer): AppError | null {
  return pageRights(page, viewer).canArchive
    ? null
    : forbidden("Only the page's owner or a project admin can archive or delete it");
}
export const deleteRefusal = archiveRefusal;
