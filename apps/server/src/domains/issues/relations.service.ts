import { ROLE } from '@kite/shared/domain';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess, WorkspaceAccess } from '../../platform/http/types.ts';
import type { ProjectMembersService } from '../projects/project-members.service.ts';
import type { IssuesService } from './issues.service.ts';
import { deletePair, insertRelation, listRelations, type RelationListing } from './relations.repo.ts';

export type RelationsService = ReturnType<typeof createRelationsService>;

export const RELATION_TYPES = [
  'relates_to',
  'duplicate',
  'blocked_by',
  'blocking',
  'start_before',
  'start_after',
  'finish_before',
  'finish_after',
] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

/** Each relation is stored once, in one direction; the other side sees the inverse. */
const INVERSE: Record<RelationType, RelationType> = {
  relates_to: 'relates_to',
  duplicate: 'duplicate',
  blocked_by: 'blocking',
  blocking: 'blocked_by',
  start_before: 'start_after',
  start_after: 'start_before',
  finish_before: 'finish_after',
  finish_after: 'finish_before',
};
const STORED_AS_INVERSE = new Set<RelationType>(['blocked_by', 'start_after', 'finish_after']);

function present(row: RelationListing) {
  const stored = row.relation_type as RelationType;
  const relation_type = row.reversed ? INVERSE[stored] : stored;
  const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
  return {
    id: row.id,
    name: row.name,
    sequence_id: row.sequence_id,
    project_id: row.project_id,
    state_id: row.state_id,
    priority: row.priority,
    assignee_ids: row.assignee_ids ?? [],
    relation_type,
    created_at: iso(row.created_at),
    created_by: row.created_by,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
  };
}

export function createRelationsService(
  db: Db,
  deps: { issues: IssuesService; projectMembers: ProjectMembersService },
) {
  async function grouped(issueId: string) {
    const result: Record<RelationType, ReturnType<typeof present>[]> = Object.fromEntries(
      RELATION_TYPES.map((t) => [t, []]),
    ) as unknown as Record<RelationType, ReturnType<typeof present>[]>;
    for (const row of await listRelations(db, issueId)) {
      const item = present(row);
      result[item.relation_type].push(item);
    }
    return result;
  }

  function assertMember(project: ProjectAccess) {
    if ((project.role ?? 0) < ROLE.MEMBER) {
      throw new AppError('forbidden', 'You do not have permission to perform this action');
    }
  }

  return {
    async list(project: ProjectAccess, user: UserRow, issueId: string) {
      await deps.issues.assertVisible(project, user, issueId);
      return grouped(issueId);
    },

    /** The relations of a work item whose visibility the caller has already checked (detail expansions). */
    listOfVisibleIssue: (issueId: string) => grouped(issueId),

    /** Relates this work item to others in any project of the workspace the caller is a member of. */
    async create(
      access: WorkspaceAccess,
      project: ProjectAccess,
      user: UserRow,
      issueId: string,
      type: RelationType,
      relatedIds: string[],
    ) {
      assertMember(project);
      const issue = await deps.issues.assertVisible(project, user, issueId);
      const roles = await deps.projectMembers.rolesOf(access, user);
      const fields = (message: string) =>
        new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields: { issues: message } });
      await db.transaction(async (tx) => {
        for (const relatedId of new Set(relatedIds)) {
          if (relatedId === issue.id) throw fields('A work item cannot be related to itself');
          const related = await deps.issues.findInWorkspace(tx, access.workspace.id, relatedId);
          if (!related || roles[related.project_id] === undefined)
            throw fields('Related work items must be visible to you');
          await deletePair(tx, issue.id, related.id);
          const [from, to] = STORED_AS_INVERSE.has(type) ? [related.id, issue.id] : [issue.id, related.id];
          await insertRelation(tx, {
            workspace_id: access.workspace.id,
            issue_id: from,
            related_issue_id: to,
            relation_type: STORED_AS_INVERSE.has(type) ? INVERSE[type] : type,
            created_by: user.id,
            updated_by: user.id,
          });
        }
      });
      const all = await grouped(issue.id);
      return all[type].filter((r) => relatedIds.includes(r.id));
    },

    async remove(project: ProjectAccess, user: UserRow, issueId: string, relatedId: string) {
      assertMember(project);
      await deps.issues.assertVisible(project, user, issueId);
      if (!(await deletePair(db, issueId, relatedId))) throw new AppError('not_found', 'Relation not found');
    },
  };
}
