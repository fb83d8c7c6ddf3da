import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { Client } from './http-client.ts';
import type { TestApp } from './test-app.ts';

export const STRONG_PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function uniqueSlug(prefix = 'ws'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface SignedIn {
  client: Client;
  user: { id: string; email: string; [key: string]: unknown };
}

/** Signs a new account up by password (JSON mode) and returns its signed-in client. */
export async function signUp(
  t: TestApp,
  email = uniqueEmail(),
  password = STRONG_PASSWORD,
): Promise<SignedIn> {
  const client = new Client(t.baseUrl);
  const res = await client.post('/auth/sign-up/', { email, password, first_name: 'Test', last_name: 'User' });
  expect(res.status, res.text).toBe(200);
  return { client, user: res.body };
}

export async function createWorkspace(owner: SignedIn, slug = uniqueSlug()) {
  const res = await owner.client.post('/api/workspaces/', { name: `Workspace ${slug}`, slug });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; slug: string; name: string };
}

/** The last mail line sent to `email`, with its code or link parsed out. */
export function lastMailTo(t: TestApp, email: string): { line: string; code?: string; link?: string } {
  const line = [...t.mails].reverse().find((l) => l.startsWith(`MAIL to=${email} `));
  if (!line) throw new Error(`no mail to ${email}`);
  return { line, code: /code=(\d{6})/.exec(line)?.[1], link: /link=(\S+)/.exec(line)?.[1] };
}

/** Invites a new account (of `email`, else a unique one) into the workspace with `role` and has it join through the emailed token. */
export async function addMember(t: TestApp, admin: SignedIn, slug: string, role: number, email?: string) {
  const invitee = await signUp(t, email);
  const invite = await admin.client.post(`/api/workspaces/${slug}/invitations/`, {
    emails: [{ email: invitee.user.email, role }],
  });
  expect(invite.status, invite.text).toBe(201);
  const link = new URL(lastMailTo(t, invitee.user.email).link!);
  const join = await invitee.client.post(
    `/api/workspaces/${slug}/invitations/${link.searchParams.get('invitation_id')}/join/`,
    { token: link.searchParams.get('token'), accepted: true },
  );
  expect(join.status, join.text).toBe(200);
  const members = await admin.client.get(`/api/workspaces/${slug}/members/`);
  const membership = members.body.find((m: { member: { id: string } }) => m.member.id === invitee.user.id);
  return { ...invitee, memberId: membership.id as string };
}

let projectCounter = 0;

/** Creates a project (the owner becomes its admin) and returns the Project object. */
export async function createProject(owner: SignedIn, slug: string, body: Record<string, unknown> = {}) {
  projectCounter += 1;
  const res = await owner.client.post(`/api/workspaces/${slug}/projects/`, {
    name: `Project ${projectCounter} ${randomUUID().slice(0, 4)}`,
    identifier: `P${projectCounter}${randomUUID()
      .slice(0, 3)
      .replace(/[^a-z0-9]/gi, '')}`,
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; identifier: string; name: string; [key: string]: unknown };
}

/** Adds an existing workspace member (by user id) to a project with `role`; returns the ProjectMember. */
export async function addProjectMember(
  admin: SignedIn,
  slug: string,
  projectId: string,
  userId: string,
  role: number,
) {
  const res = await admin.client.post(`/api/workspaces/${slug}/projects/${projectId}/members/`, {
    members: [{ member_id: userId, role }],
  });
  expect(res.status, res.text).toBe(201);
  return res.body[0] as { id: string; member: string; role: number };
}
