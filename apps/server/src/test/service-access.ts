import { eq } from 'drizzle-orm';
import { users } from '../platform/db/schema.ts';
import type { ProjectAccess } from '../platform/http/types.ts';
import type { SignedIn } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * What a route hands a service for this member in this project (the user row and the project
 * access the request hooks resolve), for tests that call a service on the real database
 * directly: inside a caller's transaction, say, which no route does on its own.
 */
export async function projectAccessOf(t: TestApp, member: SignedIn, slug: string, projectId: string) {
  const { db } = t.services;
  const [user] = await db.select().from(users).where(eq(users.id, member.user.id));
  const workspace = await t.services.workspaces.findLive(slug);
  if (!user || !workspace) throw new Error(`no user ${member.user.id} or workspace ${slug}`);
  const membership = await t.services.members.findMembership(db, workspace.id, user.id);
  if (!membership) throw new Error(`${member.user.email} is no member of ${slug}`);
  const project: ProjectAccess | undefined = await t.services.projects.access(
    { workspace, membership },
    projectId,
  );
  if (!project) throw new Error(`no project ${projectId} in ${slug}`);
  return { user, project };
}
