import { PRIORITIES } from '@kite/shared/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../platform/db/database.ts';
import { issueSequences, issues, projects, states } from '../../platform/db/schema.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import { EXTERNAL_SOURCE, type ImportContext, localId } from './context.ts';
import { audit, authors } from './projects.ts';
import type { SourceWorkItem } from './source-types.ts';
import { count, dateOnly, importedInProject, nullableTimestamp, upsertRow } from './upsert.ts';

/** Which cycle and modules each source work item belongs to (read from the cycles' and modules' lists). */
export interface Membership {
  cycleOf: Map<string, string>;
  modulesOf: Map<string, string[]>;
}

const isPriority = (value: unknown): value is (typeof PRIORITIES)[number] =>
  (PRIORITIES as readonly string[]).includes(value as string);

const localIds = (ids: readonly string[] | null | undefined, map: Map<string, string>) =>
  (ids ?? []).map((id) => map.get(id)).filter((id): id is string => id !== undefined);

/** The state new items fall back to when the source names one this import did not bring. */
async function fallbackState(tx: Executor, projectId: string): Promise<string> {
  const [project] = await tx
    .select({ id: projects.default_state_id })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (project?.id) return project.id;
  const [first] = await tx
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.project_id, projectId), isNull(states.deleted_at), eq(states.is_triage, false)))
    .orderBy(sql`${states.default} desc`, states.sequence)
    .limit(1);
  if (!first) throw new Error('The project has no states to put work items in');
  return first.id;
}

/**
 * The source's number when the project does not use it yet (so PROJ-12 stays PROJ-12), else the
 * next free one; the project's counter moves past it either way, so later items continue after.
 */
async function sequenceFor(tx: Executor, projectId: string, wanted: number): Promise<number> {
  const [taken] = await tx
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.project_id, projectId), eq(issues.sequence_id, wanted)))
    .limit(1);
  let sequence = wanted;
  if (taken || !(wanted > 0)) {
    const [row] = await queryRows<{ next: number }>(
      tx,
      sql`select greatest(
            coalesce((select max(sequence_id) from issues where project_id = ${projectId}), 0),
            coalesce((select last from issue_sequences where project_id = ${projectId}), 0)
          ) + 1 as next`,
    );
    sequence = Number(row!.next);
  }
  await tx
    .insert(issueSequences)
    .values({ project_id: projectId, last: sequence })
    .onConflictDoUpdate({
      target: issueSequences.project_id,
      set: { last: sql`greatest(${issueSequences.last}, excluded.last)` },
    });
  return sequence;
}

export async function importWorkItems(
  ctx: ImportContext,
  projectId: string,
  sourceProjectPath: string,
  list: SourceWorkItem[],
  membership: Membership,
): Promise<void> {
  for (const item of list) {
    await ctx.db.transaction(async (tx) => {
      const description = sanitizeRichText(item.description_html ?? '<p></p>');
      const cycle = membership.cycleOf.get(item.id);
      const { id, outcome } = await upsertRow(
        tx,
        issues,
        importedInProject(issues, projectId, item.id),
        {
          name: item.name,
          description_html: description,
          description_stripped: stripHtml(description),
          priority: isPriority(item.priority) ? item.priority : 'none',
          state_id: localId(ctx, item.state) ?? (await fallbackState(tx, projectId)),
          sort_order: item.sort_order ?? 65535,
          estimate_point_id: localId(ctx, item.estimate_point),
          start_date: dateOnly(item.start_date),
          target_date: dateOnly(item.target_date),
          completed_at: nullableTimestamp(item.completed_at),
          archived_at: nullableTimestamp(item.archived_at),
          is_draft: item.is_draft ?? false,
          // A parent listed after its child is set once every item exists (below).
          parent_id: item.parent && !ctx.ids.has(item.parent) ? undefined : localId(ctx, item.parent),
          cycle_id: cycle ? localId(ctx, cycle) : null,
          module_ids: localIds(membership.modulesOf.get(item.id), ctx.ids),
          label_ids: localIds(item.labels, ctx.ids),
          assignee_ids: localIds(item.assignees, ctx.users),
          ...audit(item),
          ...authors(ctx, item),
        },
        // A new item takes its number in the same transaction as its row; numbers never change after.
        async () => ({
          workspace_id: ctx.workspace.id,
          project_id: projectId,
          external_source: EXTERNAL_SOURCE,
          external_id: item.id,
          sequence_id: await sequenceFor(tx, projectId, item.sequence_id),
        }),
      );
      ctx.items.set(item.id, { id, projectId, sourceProjectPath });
      ctx.ids.set(item.id, id);
      count(ctx.tallies, 'work items', outcome);
      if (item.parent && !ctx.ids.has(item.parent)) ctx.pendingParents.push(item);
    });
    ctx.progress.tick();
  }
}

/**
 * Parents listed after their children (or in another project) once every item exists, then the
 * sub-item counts of every imported project as their children now are.
 */
export async function settleParents(ctx: ImportContext, projectIds: string[]): Promise<void> {
  for (const item of ctx.pendingParents) {
    const parentId = localId(ctx, item.parent);
    const itemId = localId(ctx, item.id);
    if (!itemId || !parentId) continue;
    await ctx.db
      .update(issues)
      .set({ parent_id: parentId })
      .where(and(eq(issues.id, itemId), sql`${issues.parent_id} is distinct from ${parentId}`));
  }
  for (const projectId of projectIds) await settleCounters(ctx.db, projectId);
}

/** Sub-item counts of the project's items, as their children now are (only rows that differ are written). */
export async function settleCounters(tx: Executor, projectId: string): Promise<void> {
  await tx.execute(
    sql`update issues p set sub_issues_count = c.n
        from (select p2.id, (select count(*)::int from issues c where c.parent_id = p2.id and c.deleted_at is null) as n
              from issues p2 where p2.project_id = ${projectId}) c
        where p.id = c.id and p.sub_issues_count <> c.n`,
  );
}
