import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { activities, issueComments, issueLinks, issueRelations, issues } from '../../platform/db/schema.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import { EXTERNAL_SOURCE, type ImportContext, localUser } from './context.ts';
import { audit, authors } from './projects.ts';
import type { SourceActivity, SourceComment, SourceLink, SourceRelations } from './source-types.ts';
import { count, timestamp, upsertRow } from './upsert.ts';

type Item = { id: string; projectId: string };

export async function importComments(ctx: ImportContext, item: Item, list: SourceComment[]) {
  await ctx.db.transaction(async (tx) => {
    for (const comment of list) {
      const html = sanitizeRichText(comment.comment_html ?? '<p></p>');
      const { outcome } = await upsertRow(
        tx,
        issueComments,
        and(
          eq(issueComments.issue_id, item.id),
          eq(issueComments.external_source, EXTERNAL_SOURCE),
          eq(issueComments.external_id, comment.id),
          isNull(issueComments.deleted_at),
        ),
        {
          comment_html: html,
          comment_stripped: stripHtml(html),
          access: comment.access === 'EXTERNAL' ? 'EXTERNAL' : 'INTERNAL',
          actor_id: localUser(ctx, comment.actor ?? comment.created_by) ?? ctx.workspace.owner_id,
          ...audit(comment),
          ...authors(ctx, comment),
        },
        {
          workspace_id: ctx.workspace.id,
          project_id: item.projectId,
          issue_id: item.id,
          external_source: EXTERNAL_SOURCE,
          external_id: comment.id,
        },
      );
      count(ctx.tallies, 'comments', outcome);
    }
  });
}

/** Links match by URL (one per URL and work item); the item's link count follows. */
export async function importLinks(ctx: ImportContext, item: Item, list: SourceLink[]) {
  await ctx.db.transaction(async (tx) => {
    for (const link of list) {
      const { outcome } = await upsertRow(
        tx,
        issueLinks,
        and(eq(issueLinks.issue_id, item.id), eq(issueLinks.url, link.url)),
        {
          title: link.title ?? null,
          metadata: link.metadata ?? {},
          ...audit(link),
          created_by: localUser(ctx, link.created_by) ?? ctx.workspace.owner_id,
        },
        { workspace_id: ctx.workspace.id, project_id: item.projectId, issue_id: item.id, url: link.url },
      );
      count(ctx.tallies, 'links', outcome);
    }
    await tx
      .update(issues)
      .set({ link_count: sql`(select count(*)::int from issue_links l where l.issue_id = ${item.id})` })
      .where(
        and(
          eq(issues.id, item.id),
          sql`${issues.link_count} <> (select count(*)::int from issue_links l where l.issue_id = ${item.id})`,
        ),
      );
  });
}

/** Fields whose recorded values are ids of other objects (comma-separated for many). */
const ID_FIELDS = new Set(['state', 'parent', 'estimate_point', 'labels', 'assignees', 'cycle', 'modules']);

function localValue(ctx: ImportContext, field: string | null | undefined, value: string | null) {
  if (value === null || !field || !ID_FIELDS.has(field)) return value;
  const map = field === 'assignees' ? ctx.users : ctx.ids;
  return value
    .split(',')
    .map((id) => map.get(id) ?? id)
    .sort()
    .join(',');
}

/**
 * The source's history of the item, each entry once (matched by what happened, who and when):
 * ids in recorded values are translated to the local objects'.
 */
export async function importActivities(ctx: ImportContext, item: Item, list: SourceActivity[]) {
  await ctx.db.transaction(async (tx) => {
    for (const activity of list) {
      const createdAt = timestamp(activity.created_at);
      if (!createdAt) continue;
      const field = activity.field ?? null;
      const values = {
        actor_id: localUser(ctx, activity.actor),
        verb: activity.verb,
        field,
        old_value: localValue(ctx, field, activity.old_identifier ?? activity.old_value ?? null),
        new_value: localValue(ctx, field, activity.new_identifier ?? activity.new_value ?? null),
      };
      const [existing] = await tx
        .select({ id: activities.id })
        .from(activities)
        .where(
          and(
            eq(activities.issue_id, item.id),
            eq(activities.created_at, createdAt),
            eq(activities.verb, values.verb),
            sql`${activities.field} is not distinct from ${field}`,
            sql`${activities.actor_id} is not distinct from ${values.actor_id}`,
            sql`${activities.new_value} is not distinct from ${values.new_value}`,
          ),
        )
        .limit(1);
      if (existing) {
        count(ctx.tallies, 'activities', 'unchanged');
        continue;
      }
      await tx.insert(activities).values({
        ...values,
        workspace_id: ctx.workspace.id,
        project_id: item.projectId,
        issue_id: item.id,
        comment: activity.comment ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      });
      count(ctx.tallies, 'activities', 'created');
    }
  });
}

/** Relations stored once per pair, in the canonical direction the relations service uses. */
const CANONICAL: Record<string, { type: string; reversed: boolean }> = {
  relates_to: { type: 'relates_to', reversed: false },
  duplicate: { type: 'duplicate', reversed: false },
  blocking: { type: 'blocking', reversed: false },
  blocked_by: { type: 'blocking', reversed: true },
  start_before: { type: 'start_before', reversed: false },
  start_after: { type: 'start_before', reversed: true },
  finish_before: { type: 'finish_before', reversed: false },
  finish_after: { type: 'finish_before', reversed: true },
};
const SYMMETRIC = new Set(['relates_to', 'duplicate']);

export async function importRelations(ctx: ImportContext, item: Item, relations: SourceRelations) {
  await ctx.db.transaction(async (tx) => {
    for (const [kind, related] of Object.entries(relations)) {
      const canonical = CANONICAL[kind];
      if (!canonical || !Array.isArray(related)) continue;
      for (const sourceId of related) {
        const other = ctx.items.get(sourceId)?.id;
        if (!other || other === item.id) continue;
        const [from, to] = canonical.reversed ? [other, item.id] : [item.id, other];
        const [existing] = await tx
          .select()
          .from(issueRelations)
          .where(
            or(
              and(eq(issueRelations.issue_id, from), eq(issueRelations.related_issue_id, to)),
              and(eq(issueRelations.issue_id, to), eq(issueRelations.related_issue_id, from)),
            ),
          )
          .limit(1);
        const same =
          existing?.relation_type === canonical.type &&
          (SYMMETRIC.has(canonical.type) || existing.issue_id === from);
        if (same) {
          count(ctx.tallies, 'relations', 'unchanged');
          continue;
        }
        if (existing) {
          await tx
            .update(issueRelations)
            .set({ issue_id: from, related_issue_id: to, relation_type: canonical.type })
            .where(eq(issueRelations.id, existing.id));
        } else {
          await tx.insert(issueRelations).values({
            workspace_id: ctx.workspace.id,
            issue_id: from,
            related_issue_id: to,
            relation_type: canonical.type,
            created_by: ctx.workspace.owner_id,
            updated_by: ctx.workspace.owner_id,
          });
        }
        count(ctx.tallies, 'relations', existing ? 'updated' : 'created');
      }
    }
  });
}
