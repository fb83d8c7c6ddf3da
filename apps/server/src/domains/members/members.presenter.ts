import type { WorkspaceMember, WorkspaceMemberMe } from '@kite/shared/contracts';
import type { WorkspaceMemberRow } from '../../platform/db/schema.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import type { MemberWithUser } from './members.repo.ts';

export function presentMember(row: MemberWithUser, withEmail: boolean): WorkspaceMember {
  return {
    id: row.membership.id,
    member: presentUserLite(row.user, withEmail),
    role: row.membership.role,
    is_active: row.membership.is_active,
    created_at: row.membership.created_at.toISOString(),
    updated_at: row.membership.updated_at.toISOString(),
  };
}

export function presentMemberMe(row: WorkspaceMemberRow, draftCount: number): WorkspaceMemberMe {
  return {
    id: row.id,
    member: row.member_id,
    role: row.role,
    workspace: row.workspace_id,
    view_props: row.view_props,
    default_props: row.default_props,
    issue_props: row.issue_props,
    draft_issue_count: draftCount,
    is_active: row.is_active,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
