import { expect, test } from '@playwright/test';
import { apiPost, signUpWithWorkspace, snap } from './helpers.ts';

function isoDay(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return d.toISOString().slice(0, 10);
}

test('issue board: quick add in list and board, drag between columns, keyboard priority, layouts', async ({
  page,
}) => {
  const slug = `board-${Date.now()}`;
  await signUpWithWorkspace(page, 'Board Co', slug);

  await page.goto(`/${slug}/projects`);
  await page.getByRole('button', { name: 'Create project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await dialog.getByLabel('Project name').fill('Website');
  await dialog.getByLabel('Identifier').fill('WEB');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  // A new project opens on its work items.
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]+\/issues$/);
  const projectId = page.url().split('/projects/')[1]!.split('/')[0]!;
  const p = `/api/workspaces/${slug}/projects/${projectId}`;

  // A few work items with labels, dates and priorities through the API.
  const bug = await apiPost<{ id: string }>(page, `${p}/issue-labels/`, { name: 'Bug', color: '#dc2626' });
  const ux = await apiPost<{ id: string }>(page, `${p}/issue-labels/`, { name: 'UX', color: '#7c3aed' });
  await apiPost(page, `${p}/issues/`, {
    name: 'Fix the pricing page layout',
    priority: 'high',
    label_ids: [bug.id, ux.id],
    target_date: isoDay(-2),
  });
  await apiPost(page, `${p}/issues/`, {
    name: 'Write the launch announcement',
    start_date: isoDay(1),
    target_date: isoDay(9),
  });
  await apiPost(page, `${p}/issues/`, { name: 'Audit image sizes', priority: 'urgent' });

  // The list (default layout): rows with keys, quick add at the end.
  await page.goto(`/${slug}/projects/${projectId}/issues`);
  const list = page.getByTestId('list-layout');
  await expect(list.getByRole('button', { name: /^WEB-1 Fix the pricing page layout$/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /^WEB-1 / }).locator('[data-overdue]')).toBeVisible();
  await page.getByRole('button', { name: 'New work item in All work items' }).click();
  await page.getByLabel('Name of the new work item in All work items').fill('Added from the list');
  await page.keyboard.press('Enter');
  await expect(list.getByRole('button', { name: /^WEB-4 Added from the list$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await snap(page, 'issues-list');

  // Group the list by state from the Display menu.
  await page.getByRole('button', { name: 'Display' }).click();
  await page.getByRole('dialog', { name: 'Display options' }).getByLabel('Group by').selectOption('state');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Collapse Backlog' })).toBeVisible();
  await snap(page, 'issues-list-grouped');

  // The board: a column per state; quick add in Todo.
  await page.getByRole('button', { name: 'Board layout' }).click();
  // Empty states show as columns too (Display → Show empty groups), so cards can go there.
  await page.getByRole('button', { name: 'Display' }).click();
  await page
    .getByRole('dialog', { name: 'Display options' })
    .getByRole('switch', { name: 'Show empty groups' })
    .check();
  await page.keyboard.press('Escape');
  const todo = page.getByRole('region', { name: 'Todo column' });
  const backlog = page.getByRole('region', { name: 'Backlog column' });
  await expect(backlog.getByRole('button', { name: /^WEB-2 Write the launch announcement$/ })).toBeVisible();
  await todo.getByRole('button', { name: 'New work item in Todo' }).click();
  await todo.getByLabel('Name of the new work item in Todo').fill('Added on the board');
  await page.keyboard.press('Enter');
  await expect(todo.getByRole('button', { name: /^WEB-5 Added on the board$/ })).toBeVisible();
  await page.keyboard.press('Escape');

  // Drag a card from Backlog to In Progress; it stays there after a reload.
  const inProgress = page.getByRole('region', { name: 'In Progress column' });
  await backlog.getByRole('button', { name: /^WEB-2 / }).dragTo(inProgress);
  await expect(inProgress.getByRole('button', { name: /^WEB-2 / })).toBeVisible();
  await expect(backlog.getByRole('button', { name: /^WEB-2 / })).toHaveCount(0);
  await page.waitForTimeout(500);
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'In Progress column' }).getByRole('button', { name: /^WEB-2 / }),
  ).toBeVisible();

  // Keyboard: j focuses the first card, p opens its priority menu, Urgent is chosen with the keys.
  const first = page.getByRole('region', { name: 'Backlog column' }).getByRole('button', { name: /^WEB-1 / });
  await expect(first).toBeVisible();
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  await expect(first).toBeFocused();
  await page.keyboard.press('p');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: /Urgent/ })).toBeVisible();
  await menu.getByRole('menuitemradio', { name: /Urgent/ }).focus();
  await page.keyboard.press('Enter');
  await expect(first.getByRole('button', { name: 'Priority: Urgent' })).toBeVisible();
  await snap(page, 'issues-kanban');

  // Back to the list, and the same screens in the dark theme.
  await page.getByRole('button', { name: 'List layout' }).click();
  await expect(page.getByTestId('list-layout')).toBeVisible();
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.goto(`/${slug}/projects/${projectId}/issues`);
  await expect(page.getByRole('button', { name: /^WEB-1 / })).toBeVisible();
  await snap(page, 'dark-issues-list');
  await page.getByRole('button', { name: 'Board layout' }).click();
  await expect(page.getByRole('region', { name: 'Todo column' })).toBeVisible();
  await snap(page, 'dark-issues-kanban');
});
