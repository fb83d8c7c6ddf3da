import { randomUUID } from 'node:crypto';
import { STRONG_PASSWORD, uniqueEmail } from '../test/factories.ts';
import { Client, type HttpResult } from '../test/http-client.ts';

/** The body of a 2xx answer; anything else is a failed set-up. */
export async function ok<T = any>(pending: Promise<HttpResult<T>>): Promise<T> {
  const res = await pending;
  if (res.status >= 300) throw new Error(`${res.status} ${res.text.slice(0, 200)}`);
  return res.body;
}

/** A new account signed in at `baseUrl`, owning a workspace with one project; `base` is the project's API path. */
export async function signedInProject(
  baseUrl: string,
  identifier: string,
): Promise<{ client: Client; base: string }> {
  const client = new Client(baseUrl);
  await ok(
    client.post('/auth/sign-up/', {
      email: uniqueEmail(identifier.toLowerCase()),
      password: STRONG_PASSWORD,
    }),
  );
  const slug = `${identifier.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  await ok(client.post('/api/workspaces/', { name: identifier, slug }));
  const project = await ok(
    client.post(`/api/workspaces/${slug}/projects/`, { name: identifier, identifier }),
  );
  return { client, base: `/api/workspaces/${slug}/projects/${project.id}` };
}
