import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { xssCorpus } from '../../apps/server/src/test/security/xss-corpus.ts';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

/**
 * quality.md §2 HTML, in the browser: the XSS corpus stored through names, descriptions and
 * comments renders inert on the board, the work item's page, the public board, the intake and a
 * page's editor — no script runs (the vectors call alert) and no request leaves the app's origin.
 */

const CORPUS = xssCorpus();

/** Records every dialog and every request to another origin (which is refused). */
async function watch(context: BrowserContext, origin: string) {
  const ran: string[] = [];
  const left: string[] = [];
  await context.route(
    (url) => url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      left.push(route.request().url());
      return route.abort();
    },
  );
  const onPage = (page: Page) =>
    page.on('dialog', (dialog) => {
      ran.push(dialog.message());
      dialog.dismiss().catch(() => {});
    });
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
  return { ran, left };
}

test('the XSS corpus renders inert on the board, the work item page, the public board, the intake and a page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const seen = await watch(page.context(), origin);
  const slug = `xss-${Date.now()}`;
  await signUpWithWorkspace(page, 'XSS Co', slug);
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: '<img src=x onerror=alert(1)> Project',
    identifier: 'XSS',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  await api(page, 'post', `${p}/issue-labels/`, { name: '<svg onload=alert(1)>', color: '#dc2626' });

  // Every vector, in one description and one comment; a spread of them as names on the board.
  const everything = CORPUS.join('\n');
  const host = await api<{ id: string }>(page, 'post', `${p}/issues/`, {
    name: '"><script>alert(1)</script> host',
    description_html: everything,
  });
  await api(page, 'post', `${p}/issues/${host.id}/comments/`, { comment_html: everything });
  for (const vector of CORPUS.filter((_, i) => i % 20 === 0)) {
    await api(page, 'post', `${p}/issues/`, { name: vector.slice(0, 255), description_html: vector });
  }

  await page.goto(`/${slug}/projects/${project.id}/issues`);
  await expect(page.getByText('"><script>alert(1)</script> host')).toBeVisible();
  await snap(page, 'xss-board');
  await page.goto(`/${slug}/projects/${project.id}/issues/${host.id}`);
  await page.waitForLoadState('networkidle');
  expect(seen.ran, 'script ran on the work item page').toEqual([]);
  expect(seen.left, 'requests left the origin from the work item page').toEqual([]);
  await expect(
    page.getByRole('heading', { name: 'Activity' }).or(page.getByText('Activity').first()),
  ).toBeVisible();
  await page.mouse.move(400, 400);
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  await snap(page, 'xss-detail');

  // The public board shows the description to visitors without a session.
  const board = await api<{ anchor: string }>(page, 'post', `${p}/project-deploy-boards/`, {});
  const visitor = await browser.newContext({ baseURL });
  const visitorSeen = await watch(visitor, origin);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/spaces/issues/${board.anchor}`);
  await visitorPage.getByRole('button', { name: /script>alert\(1\)<\/script> host$/ }).click();
  await expect(visitorPage.getByRole('dialog')).toBeVisible();
  await visitorPage.mouse.move(600, 400);
  await visitorPage.waitForTimeout(500);
  await snap(visitorPage, 'xss-public-peek');

  // The intake shows an item's description as HTML; a page opens its description in the editor.
  await api(page, 'patch', `${p}/`, { intake_view: true });
  await api(page, 'post', `${p}/inbox-issues/`, {
    source: 'IN_APP',
    issue: { name: '<img src=x onerror=alert(1)> intake', description_html: everything },
  });
  await page.goto(`/${slug}/projects/${project.id}/intake`);
  await page.getByText('<img src=x onerror=alert(1)> intake').first().click();
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  await snap(page, 'xss-intake');
  const doc = await api<{ id: string }>(page, 'post', `${p}/pages/`, {
    name: '<svg onload=alert(1)> page',
    description_html: everything,
  });
  await page.goto(`/${slug}/projects/${project.id}/pages/${doc.id}`);
  await expect(page.locator('.ProseMirror').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await page.mouse.move(600, 400);
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(500);
  await snap(page, 'xss-page');

  expect(seen.ran, 'script ran for the member').toEqual([]);
  expect(visitorSeen.ran, 'script ran for the visitor').toEqual([]);
  expect(seen.left, 'requests left the origin for the member').toEqual([]);
  expect(visitorSeen.left, 'requests left the origin for the visitor').toEqual([]);
  await visitor.close();
});
