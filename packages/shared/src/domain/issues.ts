import { ROLE } from './roles.ts';

/** Who is asking, in the work item's project. */
export interface IssueCaller {
  userId: string;
  /** Effective project role (0 when not a member). */
  role: number;
}

const made = (createdBy: string | null, caller: IssueCaller) =>
  createdBy !== null && createdBy === caller.userId;

/**
 * The rights on a work item (api.md §5.5), the one definition the server enforces and the web
 * shows: editing needs role ≥ member or its creator; deleting a project admin or its creator;
 * adding a link role ≥ member or the item's creator. An archived item is read-only on its own
 * terms (400); these are the rights alone.
 */
export function issueRights(issue: { created_by: string | null }, caller: IssueCaller) {
  const creator = made(issue.created_by, caller);
  const member = caller.role >= ROLE.MEMBER;
  return {
    creator,
    canEdit: member || creator,
    canAddLink: member || creator,
    canDelete: creator || caller.role >= ROLE.ADMIN,
  };
}
export type IssueRights = ReturnType<typeof issueRights>;

/** A work item's link (api.md §5.9): role ≥ member, or the link's creator, edits and deletes it. */
export function issueLinkRights(link: { created_by: string | null }, caller: IssueCaller) {
  const creator = made(link.created_by, caller);
  const right = creator || caller.role >= ROLE.MEMBER;
  return { creator, canEdit: right, canDelete: right };
}

/** A work item's attachment (api.md §5.10): its uploader or a project admin deletes it. */
export function attachmentRights(attachment: { created_by: string | null }, caller: IssueCaller) {
  const uploader = made(attachment.created_by, caller);
  return { uploader, canDelete: uploader || caller.role >= ROLE.ADMIN };
}

/** A comment (api.md §5.11): its author or a project admin edits and deletes it. */
export function commentRights(comment: { actor: string | null }, caller: IssueCaller) {
  const author = made(comment.actor, caller);
  const right = author || caller.role >= ROLE.ADMIN;
  return { author, canEdit: right, canDelete: right };
}
