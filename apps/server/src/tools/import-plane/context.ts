import type { Db } from '../../platform/db/database.ts';
import type { Services } from '../../services.ts';
import type { Progress } from './progress.ts';
import type { PlaneSource } from './source-client.ts';
import type { Tallies } from './upsert.ts';

/** What every step of one import run shares: the two sides and the source → target id map. */
export interface ImportContext {
  source: PlaneSource;
  services: Services;
  db: Db;
  /** The source workspace's path: `workspaces/<slug>`. */
  sourcePath: string;
  workspace: { id: string; slug: string; owner_id: string };
  /** Source user id → local user id. */
  users: Map<string, string>;
  /** Source id → local id of every imported object (source ids are uuids, unique across kinds). */
  ids: Map<string, string>;
  /** Source work-item id → the local work item and the source project's path. */
  items: Map<string, { id: string; projectId: string; sourceProjectPath: string }>;
  /** Work items whose parent was not imported yet when they were. */
  pendingParents: { id: string; parent?: string | null }[];
  tallies: Tallies;
  /** Entities the source does not expose, with why (reported at the end). */
  skipped: Set<string>;
  progress: Progress;
}

/** The local user for a source user id; null when the source names nobody or someone unknown. */
export function localUser(ctx: ImportContext, sourceId: string | null | undefined): string | null {
  return sourceId ? (ctx.users.get(sourceId) ?? null) : null;
}

/** The local id of a source object, or null. */
export function localId(ctx: ImportContext, sourceId: string | null | undefined): string | null {
  return sourceId ? (ctx.ids.get(sourceId) ?? null) : null;
}

export const EXTERNAL_SOURCE = 'plane';
