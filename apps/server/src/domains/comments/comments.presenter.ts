import type { CommentRow, ReactionRow, UserRow } from '../../platform/db/schema.ts';
import { presentUserLite } from '../users/users.presenter.ts';

export function presentReaction(row: ReactionRow, displayName: string) {
  const base = { id: row.id, actor: row.actor_id, reaction: row.reaction, display_name: displayName };
  return row.comment_id
    ? { ...base, comment: row.comment_id, created_at: row.created_at.toISOString() }
    : { ...base, issue: row.issue_id!, created_at: row.created_at.toISOString() };
}

export function presentComment(
  row: CommentRow,
  actor: UserRow,
  reactions: ReturnType<typeof presentReaction>[],
  withEmail: boolean,
) {
  return {
    id: row.id,
    issue: row.issue_id,
    project: row.project_id,
    workspace: row.workspace_id,
    actor: row.actor_id,
    actor_detail: presentUserLite(actor, withEmail),
    comment_html: row.comment_html,
    comment_stripped: row.comment_stripped,
    access: row.access,
    attachments: [] as unknown[],
    parent: row.parent_id,
    edited_at: row.edited_at?.toISOString() ?? null,
    comment_reactions: reactions,
    external_source: row.external_source,
    external_id: row.external_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}
export type CommentWire = ReturnType<typeof presentComment>;
