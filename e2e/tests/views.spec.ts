import { expect, type Page, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** A picture for a person to look at, in /tmp (toasts and transitions settled first). */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/views-${name}.png`, fullPage: true });
}

/** Ticks `value` in the Filters menu's `property` sub-menu, then closes the menu. */
async function filterBy(page: Page, property: string, values: string[]) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('menuitem', { name: property }).click();
  for (const value of values) await page.getByRole('menuitemcheckbox', { name: value }).click();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

test('saved views: save a filtered list as a private view, reopen it elsewhere, lock, update, reset; a workspace view across projects', async ({
  page,
  browser,
}) => {
  const slug = `views-${Date.now()}`;
  await signUpWithWorkspace(page, 'Views Co', slug);
  const ws = `/api/workspaces/${slug}`;
  const web = await api<{ id: string }>(page, 'post', `${ws}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const mobile = await api<{ id: string }>(page, 'post', `${ws}/projects/`, {
    name: 'Mobile',
    identifier: 'MOB',
  });
  const p = `${ws}/projects/${web.id}`;
  const bug = await api<{ id: string }>(page, 'post', `${p}/issue-labels/`, {
    name: 'Bug',
    color: '#dc2626',
  });
  const legacy = await api<{ id: string }>(page, 'post', `${p}/issue-labels/`, {
    name: 'Legacy',
    color: '#9333ea',
  });
  for (const [name, priority, labels] of [
    ['Crash on checkout', 'high', [bug.id]],
    ['Old browser hack', 'high', [legacy.id]],
    ['Typo in the footer', 'low', [bug.id]],
    ['Unlabelled urgent thing', 'high', []],
  ] as const)
    await api(page, 'post', `${p}/issues/`, { name, priority, label_ids: labels });
  for (const [name, priority] of [
    ['App crashes on start', 'high'],
    ['Dark icons', 'low'],
  ] as const)
    await api(page, 'post', `${ws}/projects/${mobile.id}/issues/`, { name, priority });

  const me = await api<{ id: string; display_name: string }>(page, 'get', '/api/users/me/');
  await api(page, 'post', `${p}/issues/`, {
    name: 'Review the mention',
    description_html: `<p>Over to <mention-component entity_name="user_mention" entity_identifier="${me.id}"></mention-component></p>`,
  });

  // Filtered by whom the description mentions, then cleared again.
  await page.goto(`/${slug}/projects/${web.id}/issues`);
  const items = page.getByRole('main', { name: 'Work items' });
  await expect(items.getByText('Typo in the footer')).toBeVisible();
  await filterBy(page, 'Mentions', [me.display_name]);
  await expect(items.getByText('Review the mention')).toBeVisible();
  await expect(items.getByText('Typo in the footer')).toHaveCount(0);
  await page.getByRole('button', { name: `Remove filter ${me.display_name}` }).click();
  await expect(items.getByText('Typo in the footer')).toBeVisible();

  // The project's list, filtered: high priority, labelled Bug or Legacy.
  await filterBy(page, 'Priority', ['High']);
  await filterBy(page, 'Labels', ['Bug', 'Legacy']);
  await expect(items.getByText('Typo in the footer')).toHaveCount(0);
  await expect(items.getByText('Unlabelled urgent thing')).toHaveCount(0);
  await expect(items.getByText('Crash on checkout')).toBeVisible();

  // Saved as a private view, which opens with the same items.
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as view' });
  await dialog.getByLabel('Name').fill('Hot bugs');
  await dialog.getByRole('radio', { name: /Private/ }).check();
  await shot(page, 'save-dialog');
  await dialog.getByRole('button', { name: 'Create view' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${web.id}/views/[0-9a-f-]{36}$`));
  const viewUrl = page.url();
  const viewId = viewUrl.split('/views/')[1]!;
  await expect(page.getByRole('heading', { name: /Views\s*\/\s*Hot bugs/ })).toBeVisible();
  await expect(items.getByText('Old browser hack')).toBeVisible();
  const bar = page.getByRole('region', { name: 'Saved view' });
  await expect(bar.getByRole('button', { name: 'Private' })).toBeVisible();
  await expect(bar.getByText('Unsaved changes')).toHaveCount(0);

  // A fresh browser context of the same user (its session, none of this browser's storage) sees it alike.
  const fresh = await browser.newContext({
    storageState: { cookies: (await page.context().storageState()).cookies, origins: [] },
  });
  const other = await fresh.newPage();
  await other.goto(viewUrl);
  const otherItems = other.getByRole('main', { name: 'Work items' });
  await expect(otherItems.getByText('Crash on checkout')).toBeVisible();
  await expect(otherItems.getByText('Old browser hack')).toBeVisible();
  await expect(otherItems.getByText('Typo in the footer')).toHaveCount(0);
  await expect(otherItems.getByText('Unlabelled urgent thing')).toHaveCount(0);
  await expect(other.getByRole('region', { name: 'Applied filters' }).getByText('High')).toBeVisible();

  // Locked there: a changed filter shows the unsaved state, and no Update until it is unlocked.
  const otherBar = other.getByRole('region', { name: 'Saved view' });
  await otherBar.getByRole('button', { name: 'Lock' }).click();
  await expect(otherBar.getByRole('button', { name: 'Locked' })).toHaveAttribute('aria-pressed', 'true');
  await other.getByRole('button', { name: 'Remove filter High' }).click();
  await expect(otherBar.getByText('Unsaved changes')).toBeVisible();
  await expect(otherItems.getByText('Typo in the footer')).toBeVisible();
  await expect(otherBar.getByText('Locked: unlock it to update the view.')).toBeVisible();
  await expect(otherBar.getByRole('button', { name: 'Update view' })).toHaveCount(0);
  // The server keeps a locked view too (VIEW_LOCKED).
  const refused = await other.request.patch(`${p}/views/${viewId}/`, {
    data: { filters: { priority: null } },
    headers: { 'X-CSRFToken': (await fresh.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '' },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error_code).toBe('VIEW_LOCKED');

  // Unlocked, updated: the view now holds the wider filters.
  await otherBar.getByRole('button', { name: 'Locked' }).click();
  await otherBar.getByRole('button', { name: 'Update view' }).click();
  await expect(otherBar.getByText('Unsaved changes')).toHaveCount(0);
  const updated = await api<{ filters: Record<string, string[] | null> }>(
    page,
    'get',
    `${p}/views/${viewId}/`,
  );
  expect(updated.filters.priority).toBeNull();
  expect(updated.filters.labels?.sort()).toEqual([bug.id, legacy.id].sort());

  // A layout switched, then reset to the saved one.
  await other.getByRole('button', { name: 'Spreadsheet layout' }).click();
  await expect(otherBar.getByText('Unsaved changes')).toBeVisible();
  await otherBar.getByRole('button', { name: 'Reset' }).click();
  await expect(otherBar.getByText('Unsaved changes')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'List layout' })).toHaveAttribute('aria-pressed', 'true');
  await fresh.close();

  // A label the view filters by is deleted: its chip says so and the list still loads.
  await api(page, 'delete', `${p}/issue-labels/${legacy.id}/`);
  await page.goto(viewUrl);
  const applied = page.getByRole('region', { name: 'Applied filters' });
  await expect(applied.locator('s', { hasText: 'Removed label' })).toBeVisible();
  await expect(applied.getByText('Bug')).toBeVisible();
  await expect(items.getByText('Crash on checkout')).toBeVisible();
  await expect(items.getByText('Typo in the footer')).toBeVisible();
  await expect(items.getByText('Old browser hack')).toHaveCount(0);

  // The views list: private, starred, found by search.
  await page.goto(`/${slug}/projects/${web.id}/views`);
  const list = page.getByRole('list', { name: 'Saved views' });
  await expect(list.getByText('Private')).toBeVisible();
  await list.getByRole('button', { name: 'Add to favorites' }).click();
  await expect(list.getByRole('button', { name: 'Remove from favorites' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search views' }).fill('hot');
  await expect(list.getByRole('link', { name: 'Hot bugs' })).toBeVisible();
  await snap(page, 'views-list-search');

  // A workspace view from the built-in "All work items", filtered: its items span both projects.
  await page.goto(`/${slug}/workspace-views/all-issues`);
  const grid = page.getByRole('grid', { name: 'Work items' });
  await expect(grid.getByText('Dark icons')).toBeVisible();
  await filterBy(page, 'Priority', ['High']);
  await expect(grid.getByText('Dark icons')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save view' }).click();
  const save = page.getByRole('dialog', { name: 'Save as view' });
  await save.getByLabel('Name').fill('Urgent everywhere');
  await save.getByRole('button', { name: 'Create view' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/workspace-views/[0-9a-f-]{36}$`));
  const workspaceViewUrl = page.url();
  await expect(
    page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /Urgent everywhere/ }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(grid.getByText('App crashes on start')).toBeVisible();
  await expect(grid.getByText('Crash on checkout')).toBeVisible();
  await expect(grid.getByText('MOB-1')).toBeVisible();
  await expect(grid.getByText('Dark icons')).toHaveCount(0);
  await expect(grid.getByText('Typo in the footer')).toHaveCount(0);
  await page.getByRole('link', { name: 'All views' }).click();
  await expect(
    page.getByRole('list', { name: 'Saved views' }).getByRole('link', { name: 'Urgent everywhere' }),
  ).toBeVisible();
  await shot(page, 'workspace-all');

  // Pictures, light and dark: the views list, a view with unsaved changes, the workspace view.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(`/${slug}/projects/${web.id}/views`);
    await expect(page.getByRole('list', { name: 'Saved views' })).toBeVisible();
    await shot(page, `${theme}-list`);
    await page.goto(viewUrl);
    await expect(items.getByText('Crash on checkout')).toBeVisible();
    await page.getByRole('button', { name: 'Board layout' }).click();
    await expect(bar.getByText('Unsaved changes')).toBeVisible();
    await shot(page, `${theme}-unsaved`);
    await page.goto(workspaceViewUrl);
    await expect(grid.getByText('App crashes on start')).toBeVisible();
    await shot(page, `${theme}-workspace`);
  }
});
