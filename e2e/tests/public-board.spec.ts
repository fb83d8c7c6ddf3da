import { type Browser, expect, type Page, test } from '@playwright/test';
import { apiPost, signUpWithWorkspace, snap } from './helpers.ts';

async function anonymousPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  // A new context: no cookies, no session — a visitor who never signed in.
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

test('publish a project and browse its read-only board signed out', async ({ page, browser, baseURL }) => {
  const slug = `pub-${Date.now()}`;
  await signUpWithWorkspace(page, 'Publish Co', slug);

  // Create a project through the screens; it lands on its general settings.
  await page.goto(`/${slug}/projects`);
  await page.getByRole('button', { name: 'Create project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await dialog.getByLabel('Project name').fill('Website');
  await expect(dialog.getByLabel('Identifier')).toHaveValue('WEBSI');
  await dialog.getByLabel('Identifier').fill('WEB');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  // A new project opens on its work items.
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]+\/issues$/);
  const projectId = page.url().split('/projects/')[1]!.split('/')[0]!;
  const p = `/api/workspaces/${slug}/projects/${projectId}`;

  // Two work items (and a label) through the API from the page.
  const label = await apiPost<{ id: string }>(page, `${p}/issue-labels/`, { name: 'Bug', color: '#dc2626' });
  await apiPost(page, `${p}/issues/`, {
    name: 'Fix the pricing page layout',
    priority: 'high',
    label_ids: [label.id],
    description_html:
      '<p>The plans table overflows on <strong>small screens</strong>.</p><ul><li>Stack the columns</li><li>Keep the CTA visible</li></ul>',
  });
  await apiPost(page, `${p}/issues/`, { name: 'Write the launch announcement' });

  // Publish from settings: the public link appears.
  await page.goto(`/${slug}/settings/projects/${projectId}`);
  const section = page.getByRole('region', { name: 'Publish' });
  await expect(section.getByText('Not published')).toBeVisible();
  await section.getByRole('button', { name: 'Publish' }).click();
  const linkInput = section.getByRole('textbox', { name: 'Public link' });
  await expect(linkInput).toHaveValue(/\/spaces\/issues\/[0-9a-f]{32}$/);
  await expect(section.getByRole('button', { name: 'Copy public link' })).toBeVisible();
  const link = await linkInput.inputValue();
  await section.scrollIntoViewIfNeeded();
  await snap(page, 'project-settings-publish');

  // A visitor without a session sees the board: never sent to sign-in.
  const visitor = await anonymousPage(browser, baseURL);
  await visitor.goto(link);
  await expect(visitor).toHaveURL(link);
  await expect(visitor.getByRole('heading', { name: /Website/ })).toBeVisible();
  const backlog = visitor.getByRole('region', { name: 'Backlog column' });
  await expect(backlog.getByRole('button', { name: /^WEB-\d+ Fix the pricing page layout$/ })).toBeVisible();
  await expect(
    backlog.getByRole('button', { name: /^WEB-\d+ Write the launch announcement$/ }),
  ).toBeVisible();
  await expect(backlog.getByRole('heading')).toContainText('2');
  await snap(visitor, 'public-board');

  // The list layout shows the same rows grouped by state.
  await visitor.getByRole('button', { name: 'List' }).click();
  await expect(
    visitor
      .getByRole('region', { name: 'Backlog group' })
      .getByRole('button', { name: /Write the launch announcement/ }),
  ).toBeVisible();
  await snap(visitor, 'public-board-list');
  await visitor.getByRole('button', { name: 'Board' }).click();

  // Opening a card shows the work item read only.
  await backlog.getByRole('button', { name: /Fix the pricing page layout/ }).click();
  const peek = visitor.getByRole('dialog', { name: 'Fix the pricing page layout' });
  await expect(peek.getByText('small screens')).toBeVisible();
  await expect(peek.getByText('Bug')).toBeVisible();
  await snap(visitor, 'public-board-peek');
  await peek.getByRole('button', { name: 'Close' }).click();

  // A visitor whose system is dark gets the dark theme without an account.
  await visitor.emulateMedia({ colorScheme: 'dark' });
  await visitor.reload();
  await expect(visitor.locator('html')).toHaveClass(/\bdark\b/);
  await expect(backlog.getByRole('button', { name: /Fix the pricing page layout/ })).toBeVisible();
  await snap(visitor, 'dark-public-board');
  await visitor.emulateMedia({ colorScheme: 'light' });

  // A column of more than 30 items shows 30 and loads the rest on demand.
  await page.evaluate(
    async ([url]) => {
      const token = document.cookie
        .split('; ')
        .find((c) => c.startsWith('csrftoken='))
        ?.split('=')[1];
      for (let i = 1; i <= 30; i += 1) {
        const res = await fetch(url as string, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token ?? '' },
          body: JSON.stringify({ name: `Backlog chore ${i}` }),
        });
        if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      }
    },
    [`${p}/issues/`] as const,
  );
  await visitor.reload();
  await expect(backlog.getByRole('heading')).toContainText('32');
  await expect(backlog.getByRole('button', { name: /^WEB-\d+ / })).toHaveCount(30);
  await backlog.getByRole('button', { name: 'Load more in Backlog' }).click();
  await expect(backlog.getByRole('button', { name: /^WEB-\d+ / })).toHaveCount(32);
  await expect(backlog.getByRole('button', { name: 'Load more in Backlog' })).toHaveCount(0);

  // Unpublish (with confirmation): the link stops working.
  await section.getByRole('button', { name: 'Unpublish' }).click();
  await page
    .getByRole('dialog', { name: /Unpublish/ })
    .getByRole('button', { name: 'Unpublish' })
    .click();
  await expect(section.getByText('Not published')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Board not found' })).toBeVisible();
  await snap(visitor, 'public-board-not-found');
  await visitor.context().close();
});
