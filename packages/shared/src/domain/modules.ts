import { ROLE } from './roles.ts';

/** A module's statuses (api.md §7), in the order the product lists them. */
export const MODULE_STATUSES = [
  'backlog',
  'planned',
  'in-progress',
  'paused',
  'completed',
  'cancelled',
] as const;
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** A module may be archived only when its work is over. */
export const ARCHIVABLE_MODULE_STATUSES: readonly ModuleStatus[] = ['completed', 'cancelled'];

/** The module list's orderings (api.md §7). */
export const MODULE_ORDERINGS = [
  'name',
  '-name',
  'progress',
  '-progress',
  'issues_length',
  '-issues_length',
  'target_date',
  '-target_date',
  'created_at',
  '-created_at',
  'sort_order',
] as const;
export type ModuleOrdering = (typeof MODULE_ORDERINGS)[number];

/** What the rules read of a module. */
export interface ModuleFacts {
  created_by: string | null;
}

/** Who is asking, in the module's project. */
export interface ModuleCaller {
  userId: string;
  /** Effective project role (0 when not a member). */
  role: number;
}

/**
 * The rules of modules (api.md §7), the one definition the server enforces and the web shows:
 * editing, archiving, restoring and the module's links need role ≥ member; deleting needs the
 * module's creator or a project admin. (A module's lead and members have no rights of their own.)
 */
export function moduleRights(module: ModuleFacts, caller: ModuleCaller) {
  const creator = module.created_by !== null && module.created_by === caller.userId;
  const member = caller.role >= ROLE.MEMBER;
  return {
    creator,
    canEdit: member,
    canArchive: member,
    canDelete: creator || caller.role >= ROLE.ADMIN,
  };
}
export type ModuleRights = ReturnType<typeof moduleRights>;
