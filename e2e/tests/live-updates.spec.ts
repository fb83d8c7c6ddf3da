import { expect, type Page, test } from '@playwright/test';
import { api, csrfHeaders, PASSWORD, signUpWithWorkspace, snap } from './helpers.ts';

/** api.md §16.1 and issue #22: what one tab changes shows in the others within a second. */
const LIVE = { timeout: 1000 };
/** On the card's key, clear of its property buttons: opens the peek. */
const AT_KEY = { position: { x: 16, y: 12 } };

async function openBoard(page: Page, slug: string, projectId: string) {
  await page.goto(`/${slug}/projects/${projectId}/issues`);
  await page.getByRole('button', { name: 'Board layout' }).click();
  await expect(page.getByRole('region', { name: 'Backlog column' })).toBeVisible();
}

test('live updates: a move, an edit, a new item and a comment in one browser appear in another', async ({
  page,
  browser,
}) => {
  const slug = `live-${Date.now()}`;
  const { email } = await signUpWithWorkspace(page, 'Live Co', slug);
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  await api(page, 'post', `${p}/issues/`, { name: 'Fix the pricing page' });
  await api(page, 'post', `${p}/issues/`, { name: 'Write the launch post' });
  const docs = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Docs',
    identifier: 'DOC',
  });

  // The same user in a second browser (its own cookies and socket): another tab, another device.
  const other = await browser.newContext();
  const second = await other.newPage();
  const signIn = await second.request.post('/auth/sign-in/', {
    data: { email, password: PASSWORD },
    headers: await csrfHeaders(second.request),
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);

  await openBoard(page, slug, project.id);
  // Empty columns show too (the user's display setting, which the second browser then has as well).
  await page.getByRole('button', { name: 'Display' }).click();
  await page
    .getByRole('dialog', { name: 'Display options' })
    .getByRole('switch', { name: 'Show empty groups' })
    .check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'In Progress column' })).toBeVisible();
  await openBoard(second, slug, project.id);
  await expect(second.getByRole('region', { name: 'In Progress column' })).toBeVisible();
  const card = (where: Page, column: string, key: string) =>
    where
      .getByRole('region', { name: `${column} column` })
      .getByRole('button', { name: new RegExp(`^${key} `) });
  await expect(card(second, 'Backlog', 'WEB-1')).toBeVisible();

  // A move: dragged to In Progress in the first, it leaves Backlog in the second.
  await card(page, 'Backlog', 'WEB-1').dragTo(page.getByRole('region', { name: 'In Progress column' }));
  await expect(card(page, 'In Progress', 'WEB-1')).toBeVisible();
  await expect(card(second, 'In Progress', 'WEB-1')).toBeVisible(LIVE);
  await expect(card(second, 'Backlog', 'WEB-1')).toHaveCount(0);

  // An edit: the title changed in the first browser's peek shows on the second's card.
  await card(page, 'Backlog', 'WEB-2').click(AT_KEY);
  const peek = page.getByTestId('issue-peek');
  const title = peek.getByLabel('Title', { exact: true });
  await title.fill('Write the launch announcement');
  await title.press('Enter');
  await expect(card(second, 'Backlog', 'WEB-2')).toHaveAccessibleName(
    /^WEB-2 Write the launch announcement$/,
    LIVE,
  );
  await page.keyboard.press('Escape');

  // A new item from the second browser's quick add joins the first's board.
  const todo = second.getByRole('region', { name: 'Todo column' });
  await todo.getByRole('button', { name: 'New work item in Todo' }).click();
  await todo.getByLabel('Name of the new work item in Todo').fill('Added in the other browser');
  await second.keyboard.press('Enter');
  await expect(card(page, 'Todo', 'WEB-3')).toBeVisible(LIVE);
  await second.keyboard.press('Escape');

  // A comment: the second browser has WEB-1 open; one written in the first appears there, and a
  // title being typed in the second is not overwritten by the first browser's change.
  await card(second, 'In Progress', 'WEB-1').click(AT_KEY);
  const otherPeek = second.getByTestId('issue-peek');
  await expect(otherPeek.getByLabel('Title', { exact: true })).toHaveValue('Fix the pricing page');
  await otherPeek.getByLabel('Title', { exact: true }).fill('Fix the pricing page on mobile');

  await card(page, 'In Progress', 'WEB-1').click(AT_KEY);
  const composer = peek.getByRole('combobox', { name: 'Add a comment' });
  await composer.fill('Deployed to staging');
  await peek.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(peek.getByRole('article', { name: /Comment by/ })).toContainText('Deployed to staging');
  await expect(otherPeek.getByRole('article', { name: /Comment by/ })).toContainText(
    'Deployed to staging',
    LIVE,
  );
  await expect(otherPeek.getByLabel('Title', { exact: true })).toHaveValue('Fix the pricing page on mobile');
  await snap(second, 'live-updates-second-browser');

  // The second browser saves its title; the first sees it.
  await otherPeek.getByLabel('Title', { exact: true }).press('Enter');
  await expect(peek.getByLabel('Title', { exact: true })).toHaveValue('Fix the pricing page on mobile', LIVE);

  // A project archived in the first browser leaves the second's sidebar.
  const sidebarProjects = second.getByRole('list', { name: 'Your projects' });
  await expect(sidebarProjects).toContainText('Docs');
  await api(page, 'post', `/api/workspaces/${slug}/projects/${docs.id}/archive/`);
  await expect(sidebarProjects).not.toContainText('Docs', LIVE);
  await expect(sidebarProjects).toContainText('Website');
  await snap(second, 'live-updates-project-archived');
  await other.close();
});
