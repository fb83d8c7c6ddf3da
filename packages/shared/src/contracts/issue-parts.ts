import { z } from 'zod';
import { userLiteSchema } from './common.ts';

/** The objects hanging off a work item (api.md §5.8–§5.11); also its detail expansions. */

/** Reaction on a work item (`issue`) or on a comment (`comment`). */
export const reactionSchema = z.object({
  id: z.string(),
  actor: z.string(),
  reaction: z.string(),
  display_name: z.string(),
  issue: z.string().optional(),
  comment: z.string().optional(),
  created_at: z.string(),
});
export type Reaction = z.infer<typeof reactionSchema>;

export const commentSchema = z.object({
  id: z.string(),
  issue: z.string(),
  project: z.string(),
  workspace: z.string(),
  actor: z.string(),
  actor_detail: userLiteSchema,
  comment_html: z.string(),
  comment_stripped: z.string(),
  access: z.string(),
  attachments: z.array(z.unknown()),
  parent: z.string().nullable(),
  edited_at: z.string().nullable(),
  comment_reactions: z.array(reactionSchema),
  external_source: z.string().nullable(),
  external_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type IssueComment = z.infer<typeof commentSchema>;

export const linkSchema = z.object({
  id: z.string(),
  issue_id: z.string(),
  title: z.string().nullable(),
  url: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  created_by: z.string().nullable(),
  created_by_detail: userLiteSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type IssueLink = z.infer<typeof linkSchema>;

/** A related work item seen from this one (§5.8): `id` is the related item's id. */
export const relationRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  sequence_id: z.number(),
  project_id: z.string(),
  state_id: z.string(),
  priority: z.string(),
  assignee_ids: z.array(z.string()),
  relation_type: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type RelationRow = z.infer<typeof relationRowSchema>;

/** `GET {i}/issue-relation/`: every relation type as a key, each with its rows. */
export const issueRelationsSchema = z.record(z.string(), z.array(relationRowSchema));
export type IssueRelations = z.infer<typeof issueRelationsSchema>;

export const attachmentSchema = z.object({
  id: z.string(),
  issue_id: z.string(),
  project_id: z.string(),
  attributes: z.object({ name: z.string(), type: z.string(), size: z.number() }),
  asset_url: z.string(),
  is_uploaded: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type IssueAttachment = z.infer<typeof attachmentSchema>;
