import { expect, type Page, test } from '@playwright/test';
import { csrfHeaders, signUpWithWorkspace, snap } from './helpers.ts';

/** A JSON POST through the page's session (CSRF header like the web app). */
async function apiPost<T>(page: Page, url: string, data: unknown): Promise<T> {
  const answer = await page.request.post(url, { data, headers: await csrfHeaders(page.request) });
  expect(answer.ok(), `POST ${url}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const answer = await page.request.get(url);
  expect(answer.ok(), `GET ${url}: ${answer.status()}`).toBe(true);
  return (await answer.json()) as T;
}

test('work item peek and page: edit title and description, mention, link, sub-issue, archive and restore', async ({
  page,
}) => {
  const slug = `detail-${Date.now()}`;
  await signUpWithWorkspace(page, 'Detail Co', slug);
  const me = await apiGet<{ id: string; display_name: string }>(page, '/api/users/me/');
  const project = await apiPost<{ id: string }>(page, `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const first = await apiPost<{ id: string }>(page, `${p}/issues/`, {
    name: 'Fix the pricing page',
    priority: 'high',
    description_html: '<p>The table overflows on small screens.</p>',
  });
  await apiPost(page, `${p}/issues/`, { name: 'Write the launch post' });

  // The board: a click opens the peek (?peekId=), j moves to the next item, k back.
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  await page.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ }).click();
  await expect(page).toHaveURL(new RegExp(`peekId=${first.id}`));
  const peek = page.getByTestId('issue-peek');
  await expect(peek.getByLabel('Title', { exact: true })).toHaveValue('Fix the pricing page');
  await expect(peek.getByRole('textbox', { name: 'Description' })).toContainText('overflows');
  await expect(peek.getByRole('region', { name: 'Properties' })).toContainText('High');
  await snap(page, 'issue-peek');
  await page.keyboard.press('j');
  await expect(peek.getByLabel('Title', { exact: true })).toHaveValue('Write the launch post');
  await page.keyboard.press('k');
  await expect(peek.getByLabel('Title', { exact: true })).toHaveValue('Fix the pricing page');
  await page.keyboard.press('Escape');
  await expect(peek).toBeHidden();
  await expect(page).not.toHaveURL(/peekId=/);

  // Peek again, then the full page.
  await page.getByRole('button', { name: /^WEB-1 / }).click();
  await peek.getByRole('link', { name: 'Open full page' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/issues/${first.id}$`));
  const main = page.getByRole('main', { name: 'Work item' });

  // Title: saved on Enter.
  const title = main.getByLabel('Title', { exact: true });
  await title.fill('Fix the pricing page on mobile');
  await title.press('Enter');
  await expect
    .poll(async () => (await apiGet<{ name: string }>(page, `${p}/issues/${first.id}/`)).name)
    .toBe('Fix the pricing page on mobile');

  // Description: Tiptap, saved after a pause.
  const description = main.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Also the footer.');
  await expect(main.getByText('Saved', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiGet<{ description_html: string }>(page, `${p}/issues/${first.id}/`)).description_html,
    )
    .toContain('Also the footer.');

  // A comment that mentions a member links to their profile.
  const composer = main.getByRole('combobox', { name: 'Add a comment' });
  await composer.fill('Looks good, thanks @Gra');
  await page.getByRole('option', { name: /Grace Hopper/ }).click();
  await composer.pressSequentially('for the report');
  await main.getByRole('button', { name: 'Comment', exact: true }).click();
  const comment = main.getByRole('article', { name: /Comment by/ });
  await expect(comment).toContainText('Looks good, thanks');
  await expect(comment.getByRole('link', { name: `@${me.display_name}` })).toHaveAttribute(
    'href',
    `/${slug}/profile/${me.id}`,
  );

  // A link: the URL is checked before it is sent.
  await main.getByRole('button', { name: 'Add link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Add link' });
  await linkDialog.getByLabel('URL').fill('not a url');
  await linkDialog.getByRole('button', { name: 'Add link' }).click();
  await expect(linkDialog.getByRole('alert')).toContainText('valid URL');
  await linkDialog.getByLabel('URL').fill('https://example.com/pricing-spec');
  await linkDialog.getByLabel(/Title/).fill('Pricing spec');
  await linkDialog.getByRole('button', { name: 'Add link' }).click();
  await expect(main.getByRole('link', { name: 'Pricing spec' })).toHaveAttribute(
    'href',
    'https://example.com/pricing-spec',
  );

  // A new sub-work item.
  const subIssues = main.getByRole('region', { name: 'Sub-work items' });
  await subIssues.getByRole('button', { name: /Add sub-work item/ }).click();
  await page.getByRole('menuitem', { name: 'Create new' }).click();
  await subIssues.getByLabel('Sub-work item title').fill('Shrink the comparison table');
  await subIssues.getByRole('button', { name: 'Create' }).click();
  await expect(subIssues.getByRole('link', { name: 'Shrink the comparison table' })).toBeVisible();
  await expect(subIssues.getByText('0/1 done')).toBeVisible();

  // Archive is refused until the item is done; then it is archived and restored.
  const sidebar = page.getByRole('complementary', { name: 'Properties' });
  await page.getByRole('button', { name: 'Work item actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const archiveDialog = page.getByRole('dialog', { name: /Archive WEB-1/ });
  await expect(archiveDialog).toContainText('Only completed or cancelled');
  await archiveDialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByText(/completed or cancelled/i).last()).toBeVisible();
  await archiveDialog.getByRole('button', { name: 'Cancel' }).click();

  await sidebar.getByRole('button', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Done' }).click();
  await expect(sidebar.getByRole('button', { name: 'State' })).toContainText('Done');
  await snap(page, 'issue-detail-page');

  await page.getByRole('button', { name: 'Work item actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page
    .getByRole('dialog', { name: /Archive WEB-1/ })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(main.getByText('This work item is archived and read-only.')).toBeVisible();
  await expect(main.getByLabel('Title', { exact: true })).toBeHidden();
  await snap(page, 'issue-detail-archived');
  await main.getByRole('button', { name: 'Restore' }).click();
  await expect(main.getByText('This work item is archived and read-only.')).toBeHidden();
  await expect(main.getByLabel('Title', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await apiGet<{ archived_at: string | null }>(page, `${p}/issues/${first.id}/`)).archived_at,
    )
    .toBeNull();

  // The activity timeline lists the changes.
  await expect(main.getByText(/set the state to Done/)).toBeVisible();

  // The peek with everything filled in.
  await page.goto(`/${slug}/projects/${project.id}/issues?peekId=${first.id}`);
  await expect(peek.getByRole('article', { name: /Comment by/ })).toBeVisible();
  await snap(page, 'issue-peek-filled');

  // The same screens in the dark theme.
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.goto(`/${slug}/projects/${project.id}/issues/${first.id}`);
  await expect(
    page.getByRole('main', { name: 'Work item' }).getByLabel('Title', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: /Comment by/ })).toBeVisible();
  await snap(page, 'dark-issue-detail-page');
  await page.goto(`/${slug}/projects/${project.id}/issues?peekId=${first.id}`);
  await expect(peek.getByLabel('Title', { exact: true })).toHaveValue('Fix the pricing page on mobile');
  await expect(peek.getByRole('article', { name: /Comment by/ })).toBeVisible();
  await snap(page, 'dark-issue-peek');

  // The shareable key resolves to the page.
  await page.goto(`/${slug}/browse/WEB-1/`);
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/issues/${first.id}$`));

  // Unknown work items: a not-found screen, by id and by key.
  await page.goto(`/${slug}/projects/${project.id}/issues/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('region', { name: 'Work item not found' })).toBeVisible();
  await page.goto(`/${slug}/browse/WEB-999/`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
