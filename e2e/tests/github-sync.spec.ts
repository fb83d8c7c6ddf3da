import http from 'node:http';
import { expect, test } from '@playwright/test';
import { GITHUB_PORT } from '../playwright.config.ts';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

/**
 * Linking a project to a GitHub repository from its settings, and unlinking it. GitHub's API is a
 * stand-in on loopback (the server is started with GITHUB_API_URL pointing at it) that knows one
 * repository with no issues; github-sync.test.ts covers the import and the webhook in depth.
 */
function startFakeGithub() {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== 'Bearer ghp_e2e_token')
      return json(401, { message: 'Bad credentials' });
    if (path === '/repos/octo/hello-world')
      return json(200, { id: 4242, name: 'hello-world', full_name: 'octo/hello-world' });
    if (path === '/repos/octo/hello-world/issues') return json(200, []);
    return json(404, { message: 'Not Found' });
  });
  return new Promise<http.Server>((resolve) =>
    server.listen(GITHUB_PORT, '127.0.0.1', () => resolve(server)),
  );
}

test('a project admin links a GitHub repository, sees its webhook, and unlinks it', async ({ page }) => {
  const github = await startFakeGithub();
  try {
    const slug = `github-${Date.now()}`;
    await signUpWithWorkspace(page, 'GitHub Co', slug);
    const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
      name: 'Website',
      identifier: 'WEB',
    });
    await page.goto(`/${slug}/settings/projects/${project.id}/integrations`);
    await page.getByRole('button', { name: 'Link a repository' }).click();
    await page.getByLabel('Owner').fill('octo');
    await page.getByLabel('Repository name').fill('hello-world');
    await page.getByLabel('Repository URL').fill('https://github.com/octo/hello-world');
    await page.getByLabel('Repository id').fill('4242');
    await page.getByLabel('Access token').fill('ghp_e2e_token');
    await page.getByRole('button', { name: 'Link repository' }).click();
    await expect(page.getByRole('link', { name: 'octo/hello-world' })).toBeVisible();
    await expect(page.getByText('This is the only time the secret is shown.')).toBeVisible();
    await expect(page.getByText('Issues and comments imported')).toBeVisible({ timeout: 15_000 });
    await snap(page, 'github-sync-linked');

    await page.getByRole('button', { name: 'Unlink octo/hello-world' }).click();
    const confirm = page.getByRole('dialog', { name: 'Unlink octo/hello-world?' });
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByRole('button', { name: 'Link a repository' })).toBeVisible();
    expect(
      await api(page, 'get', `/api/workspaces/${slug}/projects/${project.id}/github-repository-sync/`),
    ).toEqual([]);
  } finally {
    github.close();
  }
});
