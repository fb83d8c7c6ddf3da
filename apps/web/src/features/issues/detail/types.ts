import type { RelationRow, UserLite } from '@kite/shared/contracts';

/**
 * Web-only types of the work-item detail. The wire shapes of its parts (reactions, comments,
 * links, attachments, relation rows) are the shared contracts' (`issue-parts.ts`).
 */

/** One entry of GET `{i}/history/` (api.md §5.13); not in the shared contracts. */
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

/** The relations by type, every type present (the wire answer may leave types out). */
export type RelationMap = Record<RelationType, RelationRow[]>;

/** One answer of GET `{p}/search-issues/`; not in the shared contracts. */
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
