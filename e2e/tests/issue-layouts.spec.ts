import { expect, test } from '@playwright/test';
import { apiPost, signUpWithWorkspace, snap } from './helpers.ts';

/** A day of the current month (local time), as the calendar names its cells. */
function dayOfMonth(day: number): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

test('issue layouts: spreadsheet cell edit survives a reload, calendar drag to another day, gantt bars', async ({
  page,
}) => {
  const slug = `layouts-${Date.now()}`;
  await signUpWithWorkspace(page, 'Layouts Co', slug);

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

  const bug = await apiPost<{ id: string }>(page, `${p}/issue-labels/`, { name: 'Bug', color: '#dc2626' });
  const pricing = await apiPost<{ id: string }>(page, `${p}/issues/`, {
    name: 'Fix the pricing page layout',
    priority: 'high',
    label_ids: [bug.id],
    start_date: dayOfMonth(8),
    target_date: dayOfMonth(14),
  });
  await apiPost(page, `${p}/issues/`, { name: 'Write the launch announcement', target_date: dayOfMonth(12) });
  await apiPost(page, `${p}/issues/`, { name: 'Audit image sizes', priority: 'urgent' });
  await apiPost(page, `${p}/issues/`, {
    name: 'Compress the hero images',
    parent_id: pricing.id,
    start_date: dayOfMonth(10),
    target_date: dayOfMonth(13),
  });
  await apiPost(page, `${p}/issues/`, { name: 'Plan the beta', start_date: dayOfMonth(20) });

  // ---- list: select two rows (checkbox, then x on the focused row), bulk priority, reload ----
  await page.goto(`/${slug}/projects/${projectId}/issues`);
  await page.getByRole('button', { name: 'List layout' }).click();
  const list = page.getByTestId('list-layout');
  await list.getByRole('button', { name: /Write the launch announcement/ }).hover();
  await list.getByRole('checkbox', { name: /^Select WEB-2$/ }).click();
  await list.getByRole('button', { name: /Plan the beta/ }).focus();
  await page.keyboard.press('x');
  const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bulkBar).toContainText('2 selected');
  await snap(page, 'layouts-list-selected');
  await bulkBar.getByRole('button', { name: 'Set priority of the selected' }).click();
  const bulk = page.waitForResponse((r) => r.url().includes('/bulk-operation-issues/'));
  await page.getByRole('menuitemradio', { name: /Medium/ }).click();
  expect((await bulk).ok()).toBe(true);
  await page.reload();
  for (const name of [/Write the launch announcement/, /Plan the beta/])
    await expect(
      page
        .getByTestId('list-layout')
        .getByRole('button', { name })
        .getByRole('button', { name: /^Priority: Medium/ }),
    ).toBeVisible();

  // ---- spreadsheet: edit a priority cell, reload, it stays ----
  await page.getByRole('button', { name: 'Spreadsheet layout' }).click();
  const sheet = page.getByTestId('spreadsheet-layout');
  const audit = sheet.getByTestId('sheet-row').filter({ hasText: 'Audit image sizes' });
  await expect(audit).toBeVisible();
  await audit.getByRole('button', { name: 'Priority: Urgent' }).click();
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/issues/'));
  await page.getByRole('menuitemradio', { name: /Low/ }).click();
  expect((await saved).ok()).toBe(true);
  await expect(audit.getByRole('button', { name: 'Priority: Low' })).toBeVisible();
  await page.reload();
  await expect(
    page
      .getByTestId('sheet-row')
      .filter({ hasText: 'Audit image sizes' })
      .getByRole('button', { name: 'Priority: Low' }),
  ).toBeVisible();
  // Sort by priority from the header.
  await page.getByRole('button', { name: 'Sort by priority' }).click();
  await expect(page.getByRole('columnheader', { name: /Priority/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await snap(page, 'layouts-spreadsheet');

  // ---- calendar: drag an item to another day; it stays after a reload ----
  await page.getByRole('button', { name: 'Calendar layout' }).click();
  const calendar = page.getByTestId('calendar-layout');
  const from = calendar.locator(`[data-day="${dayOfMonth(12)}"]`);
  const to = calendar.locator(`[data-day="${dayOfMonth(19)}"]`);
  const announcement = from.getByRole('button', { name: /^WEB-2 / });
  await expect(announcement).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show weekends' }).check();
  await announcement.dragTo(to);
  await expect(to.getByRole('button', { name: /^WEB-2 / })).toBeVisible();
  await expect(from.getByRole('button', { name: /^WEB-2 / })).toHaveCount(0);
  await page.waitForTimeout(500);
  await page.reload();
  await expect(
    page
      .getByTestId('calendar-layout')
      .locator(`[data-day="${dayOfMonth(19)}"]`)
      .getByRole('button', {
        name: /^WEB-2 /,
      }),
  ).toBeVisible();
  await snap(page, 'layouts-calendar');
  await page.getByRole('button', { name: 'week', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Calendar' }).getByRole('row')).toHaveCount(2);
  await snap(page, 'layouts-calendar-week');
  await page.getByRole('button', { name: 'month', exact: true }).click();

  // ---- gantt: bars, a point, the "add dates" row, sub-items under their parent ----
  await page.getByRole('button', { name: 'Gantt layout' }).click();
  await page.getByRole('button', { name: 'Display' }).click();
  await page
    .getByRole('dialog', { name: 'Display options' })
    .getByRole('switch', { name: 'Show sub-work items' })
    .check();
  await page.keyboard.press('Escape');
  const gantt = page.getByTestId('gantt-layout');
  await expect(gantt.getByTestId('gantt-row').filter({ hasText: 'Compress the hero images' })).toBeVisible();
  await expect(gantt.getByRole('button', { name: 'Add dates to WEB-3' })).toBeVisible();
  // Plan the beta (start only) and the announcement (due only) are points.
  await expect(gantt.getByTestId('gantt-point')).toHaveCount(2);
  // Drag the pricing bar two days later.
  const bar = gantt.locator(`[data-testid="gantt-bar"][data-issue-id="${pricing.id}"]`);
  // Scroll the timeline back so the bar is clear of the sticky names column.
  await page.getByTestId('gantt-scroll').evaluate((el, id) => {
    const target = el.querySelector<HTMLElement>(`[data-testid="gantt-bar"][data-issue-id="${id}"]`);
    if (target) el.scrollLeft = Math.max(0, target.offsetLeft - 100);
  }, pricing.id);
  const box = (await bar.boundingBox())!;
  const moved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes(pricing.id));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 72, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const body = (await moved).request().postDataJSON() as { start_date: string; target_date: string };
  expect(body).toEqual({ start_date: dayOfMonth(10), target_date: dayOfMonth(16) });
  await snap(page, 'layouts-gantt');
  await gantt.getByRole('button', { name: 'week', exact: true }).click();
  await snap(page, 'layouts-gantt-week');
  await gantt.getByRole('button', { name: 'day', exact: true }).click();

  // ---- the same three in the dark theme ----
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.goto(`/${slug}/projects/${projectId}/issues`);
  await expect(page.getByTestId('gantt-layout')).toBeVisible();
  await snap(page, 'dark-layouts-gantt');
  await page.getByRole('button', { name: 'Spreadsheet layout' }).click();
  await expect(page.getByTestId('sheet-row').first()).toBeVisible();
  await snap(page, 'dark-layouts-spreadsheet');
  await page.getByRole('button', { name: 'Calendar layout' }).click();
  await expect(page.getByTestId('calendar-item').first()).toBeVisible();
  await snap(page, 'dark-layouts-calendar');
});
