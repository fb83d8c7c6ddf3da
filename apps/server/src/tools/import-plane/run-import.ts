import { sql } from 'drizzle-orm';
import { users } from '../../platform/db/schema.ts';
import type { Services } from '../../services.ts';
import type { ImportContext } from './context.ts';
import { importActivities, importComments, importLinks, importRelations } from './item-parts.ts';
import { findWorkspace, importUsers, importWorkspaceMembers } from './members.ts';
import { importCycles, importModules } from './planning.ts';
import { type Progress, silentProgress } from './progress.ts';
import {
  importEstimates,
  importLabels,
  importProject,
  importProjectMembers,
  importStates,
  projectClash,
  readEstimates,
} from './projects.ts';
import { type PlaneSource, SourceError } from './source-client.ts';
import type {
  SourceActivity,
  SourceComment,
  SourceCycle,
  SourceLabel,
  SourceLink,
  SourceMember,
  SourceModule,
  SourceProject,
  SourceRelations,
  SourceState,
  SourceUserMe,
  SourceWorkItem,
} from './source-types.ts';
import type { Tallies } from './upsert.ts';
import { importWorkItems, type Membership, settleParents } from './work-items.ts';

export interface ImportOptions {
  source: PlaneSource;
  /** The target instance's services (its database is `services.db`). */
  services: Services;
  /** The source workspace's slug. */
  workspace: string;
  /** The target workspace's slug (default: the source's). */
  into?: string;
  /** Who owns a target workspace this import creates (default: the API key's user, by email). */
  ownerEmail?: string;
  progress?: Progress;
}

export interface ImportReport {
  workspace: string;
  tallies: Tallies;
  /** What the source does not expose, so it was not copied. */
  skipped: string[];
  requests: number;
}

export class ImportError extends Error {}

/**
 * Copies a Plane workspace (through its public API) into this instance's database. Every object
 * is found again by its source id (`external_source` 'plane') or a natural key, and updated only
 * where it differs: a second run changes nothing, and a run after a crash finishes the job.
 */
export async function importPlane(options: ImportOptions): Promise<ImportReport> {
  const { source, services } = options;
  const progress = options.progress ?? silentProgress;
  const db = services.db;
  const sourcePath = `workspaces/${encodeURIComponent(options.workspace)}`;
  const tallies: Tallies = {};

  progress.phase('Reading members', 0);
  const me = await source.get<SourceUserMe>('users/me/');
  const members = await source.list<SourceMember>(`${sourcePath}/members/`).catch((error: unknown) => {
    if (error instanceof SourceError && error.status === 404) {
      throw new ImportError(
        `Workspace '${options.workspace}' was not found on ${source.base}, or the API key's user is not its member`,
      );
    }
    throw error;
  });
  const withoutEmail = members.filter((member) => !member.email);
  if (withoutEmail.length > 0) {
    throw new ImportError(
      `The source hides the email of ${withoutEmail.length} member(s): use an API key of a workspace admin`,
    );
  }

  const userMap = await importUsers(db, services, members, tallies);
  const slug = options.into ?? options.workspace;
  let workspace = await findWorkspace(db, slug);
  if (!workspace) {
    const ownerEmail = (options.ownerEmail ?? me.email).trim().toLowerCase();
    const [owner] = await db.select().from(users).where(sql`lower(${users.email}) = ${ownerEmail}`).limit(1);
    if (!owner) {
      throw new ImportError(
        `No local user ${ownerEmail} to own the new workspace '${slug}': pass --owner-email of an existing user`,
      );
    }
    await services.workspaces.create(owner, { name: slug, slug });
    workspace = await findWorkspace(db, slug);
    tallies.workspaces = { created: 1, updated: 0, unchanged: 0 };
  } else {
    tallies.workspaces = { created: 0, updated: 0, unchanged: 1 };
  }
  const ctx: ImportContext = {
    source,
    services,
    db,
    sourcePath,
    // Who stands in for people the source does not name (a workspace without an owner: the key's user).
    workspace: { id: workspace!.id, slug, owner_id: workspace!.owner_id ?? userMap.get(me.id)! },
    users: userMap,
    ids: new Map(),
    items: new Map(),
    pendingParents: [],
    tallies,
    skipped: new Set(),
    progress,
  };
  await importWorkspaceMembers(ctx, members);

  const projects = await source.list<SourceProject>(`${sourcePath}/projects/`);
  for (const project of projects) {
    const clash = await projectClash(ctx, project);
    if (clash) {
      throw new ImportError(
        `The target workspace already has a project '${clash.name}' (${clash.identifier}) that this import did not make; ` +
          `rename it or import into another workspace (--into)`,
      );
    }
  }
  const projectIds: string[] = [];
  for (const project of projects) {
    await importProjectData(ctx, project, projectIds);
  }
  await settleParents(ctx, projectIds);

  // What hangs off each work item, once every item of every project exists (relations cross projects).
  progress.phase('Comments, links, history', ctx.items.size);
  for (const [sourceId, item] of ctx.items) {
    const itemPath = `${item.sourceProjectPath}/work-items/${sourceId}`;
    await importComments(ctx, item, await source.list<SourceComment>(`${itemPath}/comments/`));
    await importLinks(ctx, item, await source.list<SourceLink>(`${itemPath}/links/`));
    const history = await source.listOptional<SourceActivity>(`${itemPath}/activities/`);
    if (history) await importActivities(ctx, item, history);
    else ctx.skipped.add('activity history (the source has no activities endpoint)');
    const relations = await source.getOptional<SourceRelations>(`${itemPath}/relations/`);
    if (relations) await importRelations(ctx, item, relations);
    else ctx.skipped.add('relations (the source has no relations endpoint)');
    progress.tick();
  }

  for (const projectId of projectIds) services.listChanges.changed(projectId);
  await services.listChanges.flush();
  progress.done();
  return { workspace: slug, tallies, skipped: [...ctx.skipped], requests: source.requestCount() };
}

/** Live and archived lists may overlap on some sources. */
const uniqueById = <T extends { id: string }>(list: T[]) => [...new Map(list.map((x) => [x.id, x])).values()];

async function importProjectData(ctx: ImportContext, project: SourceProject, projectIds: string[]) {
  const { source, progress } = ctx;
  const projectPath = `${ctx.sourcePath}/projects/${project.id}`;
  progress.phase(`Project ${project.identifier}`, 0);
  const projectId = await importProject(ctx, project);
  projectIds.push(projectId);
  await importProjectMembers(ctx, projectId, await source.list<SourceMember>(`${projectPath}/members/`));
  await importStates(ctx, projectId, project, await source.list<SourceState>(`${projectPath}/states/`));
  await importLabels(ctx, projectId, await source.list<SourceLabel>(`${projectPath}/labels/`));
  await importEstimates(ctx, projectId, project, await readEstimates(ctx, projectPath, project));

  const cycles = uniqueById([
    ...(await source.list<SourceCycle>(`${projectPath}/cycles/?cycle_view=all`)),
    ...((await source.listOptional<SourceCycle>(`${projectPath}/archived-cycles/`)) ?? []),
  ]);
  await importCycles(ctx, projectId, cycles);
  const modules = uniqueById([
    ...(await source.list<SourceModule>(`${projectPath}/modules/`)),
    ...((await source.listOptional<SourceModule>(`${projectPath}/archived-modules/`)) ?? []),
  ]);
  await importModules(ctx, projectId, modules);

  const membership: Membership = { cycleOf: new Map(), modulesOf: new Map() };
  for (const cycle of cycles) {
    const items = await source.listOptional<{ id: string }>(
      `${projectPath}/cycles/${cycle.id}/cycle-issues/`,
    );
    for (const item of items ?? []) membership.cycleOf.set(item.id, cycle.id);
  }
  for (const module of modules) {
    const items = await source.listOptional<{ id: string }>(
      `${projectPath}/modules/${module.id}/module-issues/`,
    );
    for (const item of items ?? []) {
      membership.modulesOf.set(item.id, [...(membership.modulesOf.get(item.id) ?? []), module.id]);
    }
  }

  const items = await source.list<SourceWorkItem>(`${projectPath}/work-items/`);
  progress.phase(`Work items ${project.identifier}`, items.length);
  await importWorkItems(ctx, projectId, projectPath, items, membership);
}
