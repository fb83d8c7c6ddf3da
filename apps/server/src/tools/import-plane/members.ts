import { ROLES, type Role } from '@kite/shared/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { users, workspaceMembers, workspaces } from '../../platform/db/schema.ts';
import type { Services } from '../../services.ts';
import type { ImportContext } from './context.ts';
import type { SourceMember } from './source-types.ts';
import { count } from './upsert.ts';

/** The closest role this product knows (Plane's are the same numbers). */
export function knownRole(role: number): Role {
  return [...ROLES].reverse().find((known) => known <= role) ?? ROLES[0]!;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * A local user for every source member, matched by email: an existing account is reused as it
 * is; anyone else gets an account without a password (they sign in with a magic code or set one
 * through "forgot password").
 */
export async function importUsers(
  db: Db,
  services: Services,
  members: SourceMember[],
  tallies: ImportContext['tallies'],
): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const member of members) {
    const email = normalEmail(member.email!);
    await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (existing) {
        map.set(member.id, existing.id);
        count(tallies, 'users', 'unchanged');
        return;
      }
      const user = await services.users.create(tx, {
        email,
        password_hash: null,
        first_name: member.first_name ?? '',
        last_name: member.last_name ?? '',
        is_password_autoset: true,
        is_email_verified: false,
        is_instance_admin: false,
        last_login_medium: 'import',
      });
      if (member.display_name) {
        await services.users.update(tx, user.id, { display_name: member.display_name, last_login_at: null });
      } else {
        await services.users.update(tx, user.id, { last_login_at: null });
      }
      map.set(member.id, user.id);
      count(tallies, 'users', 'created');
    });
  }
  return map;
}

/** The live workspace with this slug, if there is one. */
export async function findWorkspace(db: Db, slug: string) {
  const [row] = await db
    .select({ id: workspaces.id, slug: workspaces.slug, owner_id: workspaces.owner_id })
    .from(workspaces)
    .where(and(eq(workspaces.slug, slug), sql`${workspaces.deleted_at} is null`))
    .limit(1);
  return row;
}

/** Every source member is an active member of the target with the source's role (the owner stays admin). */
export async function importWorkspaceMembers(ctx: ImportContext, members: SourceMember[]): Promise<void> {
  for (const member of members) {
    const userId = ctx.users.get(member.id);
    if (!userId) continue;
    const role = userId === ctx.workspace.owner_id ? 20 : knownRole(member.role);
    await ctx.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspace_id, ctx.workspace.id), eq(workspaceMembers.member_id, userId)),
        )
        .limit(1);
      if (existing?.is_active && existing.role === role) {
        count(ctx.tallies, 'workspace members', 'unchanged');
        return;
      }
      await ctx.services.members.add(tx, {
        workspace_id: ctx.workspace.id,
        member_id: userId,
        role,
        created_by: ctx.workspace.owner_id,
        updated_by: ctx.workspace.owner_id,
      });
      count(ctx.tallies, 'workspace members', existing ? 'updated' : 'created');
    });
  }
}
