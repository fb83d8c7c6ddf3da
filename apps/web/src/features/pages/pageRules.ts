import type { Page } from '@kite/shared/contracts';
import { pageRights, ROLE } from '@kite/shared/domain';

/**
 * What the caller may do to a page (api.md §9, spec §5–6): the shared `pageRights`, the same
 * definition the server enforces.
 */
export interface PagePermissions {
  owner: boolean;
  /** Name, description and properties: neither archived nor locked, and the owner or (public and member). */
  canEdit: boolean;
  /** Duplicate, lock and unlock: the owner or a member, archived or not (the spec sets no archive condition). */
  canDuplicate: boolean;
  canLock: boolean;
  /** Public ⇄ private: the owner only, and not while archived. */
  canChangeAccess: boolean;
  /** Archive, restore and delete: the owner or a project admin. */
  canArchive: boolean;
  canDelete: boolean;
}

type PageFacts = Pick<Page, 'owned_by' | 'access' | 'is_locked' | 'archived_at'>;

/** `role` is the caller's project role (0 when not a member). */
export function pagePermissions(page: PageFacts, userId: string, role: number): PagePermissions {
  return pageRights(page, { userId, role });
}

/** Members and above create pages. */
export const canCreatePages = (role: number): boolean => role >= ROLE.MEMBER;

/** Why the editor is read-only, for its banner; null when the caller may edit. */
export function readOnlyReason(page: PageFacts, permissions: PagePermissions): string | null {
  if (page.archived_at !== null) return 'This page is archived';
  if (page.is_locked) return 'This page is locked';
  if (!permissions.canEdit) return 'You can view this page but not edit it';
  return null;
}
