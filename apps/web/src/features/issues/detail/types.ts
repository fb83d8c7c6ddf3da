import type { UserLite } from '@kite/shared/contracts';

/** The wire shapes of the per-issue collections (api.md §5.7–§5.13). */

export interface Reaction {
  id: string;
  actor: string;
  reaction: string;
  display_name: string;
  issue?: string;
  comment?: string;
  created_at: string;
}

export interface IssueComment {
  id: string;
  issue: string;
  project: string;
  workspace: string;
  actor: string;
  actor_detail: UserLite | null;
  comment_html: string;
  comment_stripped: string;
  access: string;
  parent: string | null;
  edited_at: string | null;
  comment_reactions: Reaction[];
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
}

export interface IssueActivity {
  id: string;
  verb: 'created' | 'updated' | 'deleted' | string;
  field: string | null;
  old_value: string | null;
  new_value: string | null;
  comment: string | null;
  actor: string | null;
  actor_detail: UserLite | null;
  issue: string;
  created_at: string;
}

export interface IssueLink {
  id: string;
  issue_id: string;
  title: string | null;
  url: string;
  metadata: Record<string, unknown>;
  created_by: string | null;
  created_by_detail: UserLite | null;
  created_at: string;
  updated_at: string;
}

export interface IssueAttachment {
  id: string;
  issue_id: string;
  project_id: string;
  attributes: { name: string; type: string; size: number };
  asset_url: string;
  is_uploaded: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

export const RELATION_TYPES = [
  'relates_to',
  'blocked_by',
  'blocking',
  'duplicate',
  'start_before',
  'start_after',
  'finish_before',
  'finish_after',
] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const RELATION_LABELS: Record<RelationType, string> = {
  relates_to: 'Relates to',
  blocked_by: 'Blocked by',
  blocking: 'Blocking',
  duplicate: 'Duplicate of',
  start_before: 'Starts before',
  start_after: 'Starts after',
  finish_before: 'Finishes before',
  finish_after: 'Finishes after',
};

export interface RelationRow {
  /** The related issue's id. */
  id: string;
  name: string;
  sequence_id: number;
  project_id: string;
  state_id: string;
  priority: string;
  assignee_ids: string[];
  relation_type: string;
  created_at: string;
  created_by: string | null;
  updated_at: string;
  updated_by: string | null;
}

export type RelationMap = Record<RelationType, RelationRow[]>;

/** One answer of GET `{p}/search-issues/`. */
export interface IssueSearchResult {
  id: string;
  name: string;
  sequence_id: number;
  start_date: string | null;
  project_id: string;
  project__name: string;
  project__identifier: string;
  workspace__slug: string;
  state__name: string;
  state__group: string;
  state__color: string;
}
