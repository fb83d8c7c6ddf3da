import type { IssueLink } from '@kite/shared/contracts';
import { issueLinkRights, issueRights, ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { IssueLinkRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import type { IssuesService } from './issues.service.ts';
import { adjustLinkCount, deleteLink, findLink, insertLink, listLinks, updateLinkRow } from './links.repo.ts';

export type LinksService = ReturnType<typeof createLinksService>;

const linkNotFound = () => new AppError('not_found', 'Link not found');
const duplicate = () => new AppError('conflict', 'This link is already on the work item', 'ALREADY_EXISTS');

/** Only http(s) URLs, never fetched by the server. */
export function checkLinkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new AppError('bad_request', 'Enter a valid http or https URL', 'INVALID_URL');
  }
  if (!['http:', 'https:'].includes(url.protocol) || raw.length > 2048) {
    throw new AppError('bad_request', 'Enter a valid http or https URL', 'INVALID_URL');
  }
  return raw.trim();
}

function present(row: IssueLinkRow, creator: UserRow | null, withEmail: boolean) {
  return {
    id: row.id,
    issue_id: row.issue_id,
    title: row.title,
    url: row.url,
    metadata: row.metadata,
    created_by: row.created_by,
    created_by_detail: creator ? presentUserLite(creator, withEmail) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function createLinksService(db: Db, deps: { issues: IssuesService }) {
  async function find(issueId: string, linkId: string) {
    const found = await findLink(db, issueId, linkId);
    if (!found) throw linkNotFound();
    return found;
  }

  const refused = () => new AppError('forbidden', 'You do not have permission to perform this action');
  const caller = (project: ProjectAccess, user: UserRow) => ({ userId: user.id, role: project.role ?? 0 });

  /** Members add links to any work item; others to the ones they created (`issueRights`). */
  function assertMayAdd(project: ProjectAccess, user: UserRow, issue: { created_by: string | null }) {
    if (!issueRights(issue, caller(project, user)).canAddLink) throw refused();
  }

  /** Members edit any link; others only the links they added (`issueLinkRights`). */
  function assertMayChange(project: ProjectAccess, user: UserRow, link: { created_by: string | null }) {
    if (!issueLinkRights(link, caller(project, user)).canEdit) throw refused();
  }

  const withEmail = (project: ProjectAccess, user: UserRow, creator: UserRow | null) =>
    (project.role ?? 0) >= ROLE.ADMIN || creator?.id === user.id;

  return {
    async list(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      return this.listOfVisibleIssue(project, user, issueId);
    },

    /** The links of a work item whose visibility the caller has already checked (detail expansions). */
    async listOfVisibleIssue(project: ProjectAccess, user: UserRow, issueId: string): Promise<IssueLink[]> {
      const rows = await listLinks(db, issueId);
      return rows.map((r) => present(r.link, r.creator, withEmail(project, user, r.creator)));
    },

    async create(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      body: { url: string; title?: string | null },
    ) {
      const issue = await deps.issues.assertVisible(project, user, issueId);
      assertMayAdd(project, user, issue);
      const url = checkLinkUrl(body.url);
      try {
        const row = await db.transaction(async (tx) => {
          const inserted = await insertLink(tx, {
            workspace_id: issue.workspace_id,
            project_id: issue.project_id,
            issue_id: issue.id,
            url,
            title: body.title ?? null,
            created_by: user.id,
            updated_by: user.id,
          });
          await adjustLinkCount(tx, issue.id, 1);
          return inserted;
        });
        return present(row, user, true);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    async update(
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      linkId: string,
      body: { url?: string; title?: string | null },
    ) {
      await deps.issues.assertVisible(project, user, issueId);
      const { link, creator } = await find(issueId, linkId);
      assertMayChange(project, user, link);
      try {
        const row = await updateLinkRow(db, linkId, {
          ...(body.url !== undefined ? { url: checkLinkUrl(body.url) } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          updated_by: user.id,
        });
        return present(row, creator, withEmail(project, user, creator));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    async remove(project: ProjectAccess, user: UserRow, issueId: string, linkId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      const { link } = await find(issueId, linkId);
      assertMayChange(project, user, link);
      await db.transaction(async (tx) => {
        await deleteLink(tx, linkId);
        await adjustLinkCount(tx, issueId, -1);
      });
    },
  };
}
