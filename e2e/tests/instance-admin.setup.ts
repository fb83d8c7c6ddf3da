import { expect, test as setup } from '@playwright/test';
import { csrfHeaders, INSTANCE_ADMIN } from './helpers.ts';

/**
 * Runs before every spec (the `setup` project): signs up the instance's first account, which
 * makes it the instance admin, with an onboarded workspace of its own. Specs sign in as it
 * through `signInAsInstanceAdmin`; every other account a spec makes is an ordinary user.
 */
setup('sign up the instance admin', async ({ request }) => {
  const headers = await csrfHeaders(request);
  const send = async (method: 'post' | 'patch', url: string, data: unknown) => {
    const answer = await request[method](url, { data, headers });
    expect(answer.ok(), `${method.toUpperCase()} ${url}: ${answer.status()} ${await answer.text()}`).toBe(
      true,
    );
    return answer.json();
  };
  await send('post', '/auth/sign-up/', {
    email: INSTANCE_ADMIN.email,
    password: INSTANCE_ADMIN.password,
    first_name: 'Ada',
    last_name: 'Admin',
  });
  const check = await request.get('/api/users/me/instance-admin/');
  expect(await check.json(), 'the first account of a fresh instance is its admin').toEqual({
    is_instance_admin: true,
  });
  const workspace = (await send('post', '/api/workspaces/', {
    name: 'Instance HQ',
    slug: INSTANCE_ADMIN.workspaceSlug,
  })) as { id: string };
  await send('patch', '/api/users/me/profile/', { last_workspace_id: workspace.id });
  await send('patch', '/api/users/me/onboard/', { is_onboarded: true });
});
