import { cycles, modules } from '../../platform/db/schema.ts';
import { sanitizeRichText } from '../../platform/security/html.ts';
import { EXTERNAL_SOURCE, type ImportContext, localUser } from './context.ts';
import { audit, authors } from './projects.ts';
import type { SourceCycle, SourceModule } from './source-types.ts';
import { count, dateOnly, importedInProject, nullableTimestamp, upsertRow } from './upsert.ts';

export async function importCycles(ctx: ImportContext, projectId: string, list: SourceCycle[]) {
  await ctx.db.transaction(async (tx) => {
    for (const cycle of list) {
      const { id, outcome } = await upsertRow(
        tx,
        cycles,
        importedInProject(cycles, projectId, cycle.id),
        {
          name: cycle.name,
          description: cycle.description ?? '',
          start_date: dateOnly(cycle.start_date),
          end_date: dateOnly(cycle.end_date),
          owned_by_id: localUser(ctx, cycle.owned_by),
          sort_order: cycle.sort_order ?? 65535,
          view_props: cycle.view_props ?? {},
          progress_snapshot: cycle.progress_snapshot ?? {},
          logo_props: cycle.logo_props ?? {},
          archived_at: nullableTimestamp(cycle.archived_at),
          ...audit(cycle),
          ...authors(ctx, cycle),
        },
        {
          workspace_id: ctx.workspace.id,
          project_id: projectId,
          external_source: EXTERNAL_SOURCE,
          external_id: cycle.id,
        },
      );
      count(ctx.tallies, 'cycles', outcome);
      ctx.ids.set(cycle.id, id);
    }
  });
}

const MODULE_STATUSES = new Set(['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled']);

export async function importModules(ctx: ImportContext, projectId: string, list: SourceModule[]) {
  await ctx.db.transaction(async (tx) => {
    for (const module of list) {
      const { id, outcome } = await upsertRow(
        tx,
        modules,
        importedInProject(modules, projectId, module.id),
        {
          name: module.name,
          description: module.description ?? '',
          description_html: sanitizeRichText(module.description_html ?? '<p></p>'),
          status: module.status && MODULE_STATUSES.has(module.status) ? module.status : 'planned',
          lead_id: localUser(ctx, module.lead),
          member_ids: (module.members ?? [])
            .map((member) => localUser(ctx, member))
            .filter((member): member is string => member !== null),
          start_date: dateOnly(module.start_date),
          target_date: dateOnly(module.target_date),
          sort_order: module.sort_order ?? 65535,
          view_props: module.view_props ?? {},
          logo_props: module.logo_props ?? {},
          archived_at: nullableTimestamp(module.archived_at),
          ...audit(module),
          ...authors(ctx, module),
        },
        {
          workspace_id: ctx.workspace.id,
          project_id: projectId,
          external_source: EXTERNAL_SOURCE,
          external_id: module.id,
        },
      );
      count(ctx.tallies, 'modules', outcome);
      ctx.ids.set(module.id, id);
    }
  });
}
