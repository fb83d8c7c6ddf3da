import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  estimatePoints,
  estimates,
  labels,
  projectMembers,
  projects,
  states,
} from '../../platform/db/schema.ts';
import { sanitizeRichText } from '../../platform/security/html.ts';
import { EXTERNAL_SOURCE, type ImportContext, localId, localUser } from './context.ts';
import { knownRole } from './members.ts';
import type {
  SourceEstimate,
  SourceEstimatePoint,
  SourceLabel,
  SourceMember,
  SourceProject,
  SourceState,
} from './source-types.ts';
import { count, importedInProject, nullableTimestamp, timestamp, upsertRow } from './upsert.ts';

const STATE_GROUPS = new Set(['backlog', 'unstarted', 'started', 'completed', 'cancelled']);

/** Audit columns from the source, people mapped by email. */
export function audit(item: { created_at?: string | null; updated_at?: string | null }) {
  return { created_at: timestamp(item.created_at), updated_at: timestamp(item.updated_at) };
}

export function authors(
  ctx: ImportContext,
  item: { created_by?: string | null; updated_by?: string | null },
) {
  return {
    created_by: localUser(ctx, item.created_by) ?? ctx.workspace.owner_id,
    updated_by: localUser(ctx, item.updated_by) ?? localUser(ctx, item.created_by) ?? ctx.workspace.owner_id,
  };
}

/** The project, found again by its source id; new projects keep the source's identifier and dates. */
export async function importProject(ctx: ImportContext, source: SourceProject): Promise<string> {
  const match = and(
    eq(projects.workspace_id, ctx.workspace.id),
    eq(projects.external_source, EXTERNAL_SOURCE),
    eq(projects.external_id, source.id),
    isNull(projects.deleted_at),
  );
  const { id, outcome } = await upsertRow(
    ctx.db,
    projects,
    match,
    {
      name: source.name,
      identifier: source.identifier,
      description: source.description ?? '',
      description_html: sanitizeRichText(source.description_html ?? '<p></p>'),
      network: source.network ?? 2,
      project_lead_id: localUser(ctx, source.project_lead),
      default_assignee_id: localUser(ctx, source.default_assignee),
      emoji: source.emoji ?? null,
      icon_prop: source.icon_prop ?? null,
      logo_props: source.logo_props ?? {},
      cycle_view: source.cycle_view ?? true,
      module_view: source.module_view ?? true,
      issue_views_view: source.issue_views_view ?? true,
      page_view: source.page_view ?? true,
      intake_view: source.intake_view ?? false,
      guest_view_all_features: source.guest_view_all_features ?? false,
      archive_in: source.archive_in ?? 0,
      close_in: source.close_in ?? 0,
      timezone: source.timezone ?? 'UTC',
      sort_order: source.sort_order ?? 65535,
      archived_at: nullableTimestamp(source.archived_at),
      ...audit(source),
      ...authors(ctx, source),
    },
    { workspace_id: ctx.workspace.id, external_source: EXTERNAL_SOURCE, external_id: source.id },
  );
  count(ctx.tallies, 'projects', outcome);
  ctx.ids.set(source.id, id);
  return id;
}

/** Project members with the source's roles (never above their workspace role's reach is the source's rule). */
export async function importProjectMembers(
  ctx: ImportContext,
  projectId: string,
  members: SourceMember[],
): Promise<void> {
  for (const member of members) {
    const userId = localUser(ctx, member.id);
    if (!userId) continue;
    const { outcome } = await upsertRow(
      ctx.db,
      projectMembers,
      and(eq(projectMembers.project_id, projectId), eq(projectMembers.member_id, userId)),
      { role: knownRole(member.role), is_active: true },
      {
        workspace_id: ctx.workspace.id,
        project_id: projectId,
        member_id: userId,
        created_by: ctx.workspace.owner_id,
        updated_by: ctx.workspace.owner_id,
      },
    );
    count(ctx.tallies, 'project members', outcome);
  }
}

/** The project's states; the project's own `default_state` follows the source's (null stays null). */
export async function importStates(
  ctx: ImportContext,
  projectId: string,
  project: SourceProject,
  list: SourceState[],
) {
  const visible = list.filter((state) => !state.is_triage && STATE_GROUPS.has(state.group));
  const sourceDefault = visible.find((state) => state.default);
  await ctx.db.transaction(async (tx) => {
    // One default per project: let go of a default the source no longer has before setting its own.
    if (sourceDefault) {
      await tx
        .update(states)
        .set({ default: false })
        .where(
          and(
            eq(states.project_id, projectId),
            eq(states.default, true),
            isNull(states.deleted_at),
            sql`${states.external_id} is distinct from ${sourceDefault.id}`,
          ),
        );
    }
    for (const state of visible) {
      const { id, outcome } = await upsertRow(
        tx,
        states,
        importedInProject(states, projectId, state.id),
        {
          name: state.name,
          description: state.description ?? '',
          color: state.color ?? '#858e96',
          group: state.group,
          sequence: state.sequence ?? 65535,
          default: state.default ?? false,
          ...audit(state),
          ...authors(ctx, state),
        },
        {
          workspace_id: ctx.workspace.id,
          project_id: projectId,
          external_source: EXTERNAL_SOURCE,
          external_id: state.id,
        },
      );
      count(ctx.tallies, 'states', outcome);
      ctx.ids.set(state.id, id);
    }
    const defaultId = localId(ctx, project.default_state);
    await tx
      .update(projects)
      .set({ default_state_id: defaultId })
      .where(
        and(eq(projects.id, projectId), sql`${projects.default_state_id} is distinct from ${defaultId}`),
      );
  });
}

export async function importLabels(ctx: ImportContext, projectId: string, list: SourceLabel[]) {
  await ctx.db.transaction(async (tx) => {
    const save = (label: SourceLabel) =>
      upsertRow(
        tx,
        labels,
        importedInProject(labels, projectId, label.id),
        {
          name: label.name,
          description: label.description ?? '',
          color: label.color ?? '',
          sort_order: label.sort_order ?? 65535,
          // A parent not imported yet is set on the second pass; until then the row keeps its own.
          parent_id: label.parent && !ctx.ids.has(label.parent) ? undefined : localId(ctx, label.parent),
          ...audit(label),
          ...authors(ctx, label),
        },
        {
          workspace_id: ctx.workspace.id,
          project_id: projectId,
          external_source: EXTERNAL_SOURCE,
          external_id: label.id,
        },
      );
    const parentLater: SourceLabel[] = [];
    for (const label of list) {
      if (label.parent && !ctx.ids.has(label.parent)) parentLater.push(label);
      const { id, outcome } = await save(label);
      ctx.ids.set(label.id, id);
      count(ctx.tallies, 'labels', outcome);
    }
    // A label listed before its parent gets the parent once both exist.
    for (const label of parentLater) await save(label);
  });
}

/**
 * The source project's estimate with its points. Plane's v1 answers `estimates/` with the
 * project's one estimate (an array or a page is read too) and lists its points at
 * `estimate-points/` (older versions embed them, or only in `points`). A 404 is a project without
 * an estimate, or a source without the endpoint: only the latter, known by the project naming an
 * estimate, is reported.
 */
export async function readEstimates(
  ctx: ImportContext,
  projectPath: string,
  project: SourceProject,
): Promise<SourceEstimate[]> {
  const answer = await ctx.source.getOptional<
    SourceEstimate | SourceEstimate[] | { results: SourceEstimate[] }
  >(`${projectPath}/estimates/`);
  if (answer === undefined) {
    if (project.estimate) ctx.skipped.add('estimates (the source has no estimates endpoint)');
    return [];
  }
  const list = Array.isArray(answer) ? answer : 'results' in answer ? answer.results : [answer];
  const withPoints: SourceEstimate[] = [];
  for (const estimate of list) {
    const points = await ctx.source.listOptional<SourceEstimatePoint>(
      `${projectPath}/estimates/${estimate.id}/estimate-points/`,
    );
    withPoints.push({ ...estimate, points: points ?? estimate.points ?? [] });
  }
  return withPoints;
}

/**
 * The project's estimates and their points, matched by name and by key; the project's active
 * estimate follows the source's (`estimate`, else the one marked `last_used`).
 */
export async function importEstimates(
  ctx: ImportContext,
  projectId: string,
  project: SourceProject,
  list: SourceEstimate[],
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    for (const estimate of list) {
      const { id: estimateId, outcome } = await upsertRow(
        tx,
        estimates,
        and(
          eq(estimates.project_id, projectId),
          eq(estimates.name, estimate.name),
          isNull(estimates.deleted_at),
        ),
        {
          description: estimate.description ?? '',
          // Plane's default; categories take any value, so nothing imported breaks the type's rule.
          type: estimate.type ?? 'categories',
          last_used: estimate.last_used ?? false,
          ...audit(estimate),
        },
        { workspace_id: ctx.workspace.id, project_id: projectId, name: estimate.name },
      );
      count(ctx.tallies, 'estimates', outcome);
      ctx.ids.set(estimate.id, estimateId);
      for (const [index, point] of (estimate.points ?? []).entries()) {
        const key = point.key ?? index + 1;
        const saved = await upsertRow(
          tx,
          estimatePoints,
          and(
            eq(estimatePoints.estimate_id, estimateId),
            eq(estimatePoints.key, key),
            isNull(estimatePoints.deleted_at),
          ),
          { value: point.value, description: point.description ?? '' },
          { workspace_id: ctx.workspace.id, project_id: projectId, estimate_id: estimateId, key },
        );
        count(ctx.tallies, 'estimate points', saved.outcome);
        ctx.ids.set(point.id, saved.id);
      }
    }
    const active =
      project.estimate !== undefined ? project.estimate : list.find((estimate) => estimate.last_used)?.id;
    if (active === undefined) return;
    const activeId = localId(ctx, active);
    await tx
      .update(projects)
      .set({ estimate_id: activeId })
      .where(and(eq(projects.id, projectId), sql`${projects.estimate_id} is distinct from ${activeId}`));
  });
}

/** Whether another live project of the workspace (not this import's) already uses the identifier or name. */
export async function projectClash(ctx: ImportContext, source: SourceProject) {
  const [row] = await ctx.db
    .select({ name: projects.name, identifier: projects.identifier })
    .from(projects)
    .where(
      and(
        eq(projects.workspace_id, ctx.workspace.id),
        isNull(projects.deleted_at),
        sql`(${projects.identifier} = ${source.identifier} or ${projects.name} = ${source.name})`,
        sql`(${projects.external_source} is distinct from ${EXTERNAL_SOURCE} or ${projects.external_id} is distinct from ${source.id})`,
      ),
    )
    .limit(1);
  return row;
}
