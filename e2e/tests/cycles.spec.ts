import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Clicks a day on the dialog's calendar, named as the picker names it ("Wednesday, November 25th, 2026"). */
async function pickDay(dialog: Locator, offset: number) {
  const date = new Date(Date.now() + offset * 86_400_000);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long' });
  const month = date.toLocaleDateString('en-US', { month: 'long' });
  const name = new RegExp(`${weekday}, ${month} ${date.getDate()}(st|nd|rd|th), ${date.getFullYear()}`);
  await dialog.getByRole('button', { name }).first().click();
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test('plan a cycle: create it with dates, fill it, complete work and watch the burndown, transfer the rest', async ({
  page,
}) => {
  const slug = `cycles-${Date.now()}`;
  await signUpWithWorkspace(page, 'Cycles Co', slug);
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;

  // The empty cycles page leads to the create dialog.
  await page.goto(`/${slug}/projects/${project.id}/cycles`);
  await expect(page.getByRole('region', { name: 'No active cycle' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Cycle tabs' }).getByRole('link', { name: 'Active' }),
  ).toHaveAttribute('aria-current', 'page');
  await snap(page, 'cycles-empty');
  await page.getByRole('button', { name: 'Create cycle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New cycle' });
  await dialog.getByLabel('Name').fill('Sprint 1');
  // Today and six days on, picked on the calendar (both show in its two months).
  await pickDay(dialog, 0);
  await pickDay(dialog, 6);
  await expect(dialog.getByText(/ – /)).toBeVisible();
  await snap(page, 'cycle-dialog');
  await dialog.getByRole('button', { name: 'Create cycle' }).click();
  await expect(dialog).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Active cycles' });
  await expect(list.getByRole('link', { name: 'Sprint 1' })).toBeVisible();

  // An overlapping range is refused in the dialog before saving.
  await page.getByRole('button', { name: 'New cycle' }).click();
  const second = page.getByRole('dialog', { name: 'New cycle' });
  await second.getByLabel('Name').fill('Overlapping');
  await pickDay(second, 3);
  await pickDay(second, 8);
  await expect(second.getByText(/overlap/i)).toBeVisible();
  await expect(second.getByRole('button', { name: 'Create cycle' })).toBeDisabled();
  await second.getByRole('button', { name: 'Cancel' }).click();

  // Items of the project join the cycle: one dragged on the board grouped by cycle, two by a bulk edit.
  const made: { id: string }[] = [];
  for (const name of ['Design the pricing page', 'Write the copy', 'Tidy the footer'])
    made.push(await api<{ id: string }>(page, 'post', `${p}/issues/`, { name }));
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  await page.getByRole('button', { name: 'Board layout' }).click();
  await page.getByRole('button', { name: 'Display' }).click();
  const display = page.getByRole('dialog', { name: 'Display options' });
  await display.getByLabel('Group by', { exact: true }).selectOption('cycle');
  await display.getByRole('switch', { name: 'Show empty groups' }).check();
  await page.keyboard.press('Escape');
  const noCycle = page.getByRole('region', { name: 'No cycle column' });
  const sprintColumn = page.getByRole('region', { name: 'Sprint 1 column' });
  await expect(sprintColumn).toBeVisible();
  await noCycle
    .getByRole('button', { name: /^WEB-1 / })
    .dragTo(sprintColumn, { sourcePosition: { x: 30, y: 12 } });
  await expect(sprintColumn.getByRole('button', { name: /^WEB-1 / })).toBeVisible();
  await expect(noCycle.getByRole('button', { name: /^WEB-1 / })).toHaveCount(0);
  await snap(page, 'issues-kanban-by-cycle');

  await page.getByRole('button', { name: 'List layout' }).click();
  const rows = page.getByTestId('list-layout');
  for (const [key, name] of [
    ['WEB-2', 'Write the copy'],
    ['WEB-3', 'Tidy the footer'],
  ]) {
    await rows.getByRole('button', { name: new RegExp(name!) }).hover();
    await rows.getByRole('checkbox', { name: `Select ${key}` }).click();
  }
  const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await bulkBar.getByRole('button', { name: 'Set cycle of the selected' }).click();
  const bulk = page.waitForResponse((r) => r.url().includes('/bulk-operation-issues/'));
  await page.getByRole('menuitemradio', { name: 'Sprint 1' }).click();
  expect((await bulk).ok()).toBe(true);
  await expect(rows.getByRole('button', { name: 'Cycle: Sprint 1' })).toHaveCount(3);

  // The active cycle's list names its urgent and high-priority items; its page holds the three, and one
  // created there joins it too.
  await api(page, 'patch', `${p}/issues/${made[0]!.id}/`, { priority: 'urgent' });
  await page.goto(`/${slug}/projects/${project.id}/cycles`);
  const priority = page.getByRole('region', { name: 'Priority work items in Sprint 1' });
  await expect(priority.getByRole('link', { name: /WEB-1 Design the pricing page/ })).toBeVisible();
  await snap(page, 'cycles-active-priority');
  await list.getByRole('link', { name: 'Sprint 1' }).click();
  const items = page.getByRole('main', { name: 'Work items' });
  await expect(items.getByText('Tidy the footer')).toBeVisible();
  const cycleUrl = page.url();
  const cycleId = cycleUrl.split('/cycles/')[1]!.split(/[?/]/)[0]!;
  await page.getByRole('button', { name: 'New work item' }).first().click();
  const create = page.getByRole('dialog', { name: /work item/i });
  await create
    .getByRole('textbox', { name: /title|name/i })
    .first()
    .fill('Ship the page');
  await expect(create.getByLabel('Cycle')).toHaveValue(cycleId);
  await create.getByRole('button', { name: /^Create/ }).click();
  await expect(create).toHaveCount(0);
  await expect(items.getByText('Ship the page')).toBeVisible();
  const inCycle = await api<{ results: { id: string; name: string }[] }>(
    page,
    'get',
    `${p}/cycles/${cycleId}/cycle-issues/`,
  );
  expect(inCycle.results.map((i) => i.name).sort()).toEqual([
    'Design the pricing page',
    'Ship the page',
    'Tidy the footer',
    'Write the copy',
  ]);

  // Completing one on the page moves the totals and the burndown at once.
  const panel = page.getByRole('complementary', { name: 'Cycle progress' });
  await expect(panel.getByText('0% done')).toBeVisible();
  await items
    .getByRole('button', { name: /Design the pricing page/ })
    .getByRole('button', { name: /^State: / })
    .click();
  await page.getByRole('menuitemradio', { name: 'Done' }).click();
  await expect(panel.getByText('25% done')).toBeVisible();
  await expect(panel.getByRole('figure', { name: /Burndown/ })).toBeVisible();
  await expect(panel.locator('.recharts-line').first()).toBeVisible();
  await snap(page, 'cycle-page');

  // The peek names the item's cycle among its properties.
  await items.getByText('Write the copy').click();
  const peek = page.getByTestId('issue-peek');
  // The Cycle property (the activity below also names the cycle once it has loaded).
  await expect(peek.getByRole('button', { name: 'Cycle', exact: true })).toContainText('Sprint 1');
  await snap(page, 'cycle-item-peek');
  await page.keyboard.press('Escape');
  await expect(peek).toHaveCount(0);

  // The cycle ends with three items unfinished: they move to the next cycle.
  const next = await api<{ id: string }>(page, 'post', `${p}/cycles/`, {
    name: 'Sprint 2',
    start_date: day(20),
    end_date: day(30),
  });
  await api(page, 'patch', `${p}/cycles/${cycleId}/`, { start_date: day(-8), end_date: day(-1) });
  await page.reload();
  await expect(page.getByText(/ended with 3 unfinished work items/)).toBeVisible();
  await page.getByRole('button', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer work items' });
  await expect(transfer.getByRole('radio', { name: /Sprint 2/ })).toBeChecked();
  await snap(page, 'cycle-transfer');
  await transfer.getByRole('button', { name: 'Transfer' }).click();
  await expect(transfer).toHaveCount(0);
  await expect(page.getByText(/ended with/)).toHaveCount(0);
  const moved = await api<{ total_issues: number }>(page, 'get', `${p}/cycles/${next.id}/`);
  expect(moved.total_issues).toBe(3);

  // The list by tab, and archiving the completed cycle; light and dark.
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(`/${slug}/projects/${project.id}/cycles?tab=completed`);
    await expect(
      page.getByRole('list', { name: 'Completed cycles' }).getByRole('link', { name: 'Sprint 1' }),
    ).toBeVisible();
    await snap(page, `${theme}-cycles-completed`);
    await page.goto(`/${slug}/projects/${project.id}/cycles?tab=upcoming`);
    await expect(page.getByRole('link', { name: 'Sprint 2' })).toBeVisible();
    await snap(page, `${theme}-cycles-upcoming`);
    await page.goto(cycleUrl);
    await expect(page.getByRole('complementary', { name: 'Cycle progress' })).toBeVisible();
    await snap(page, `${theme}-cycle-page`);
  }
  await page.goto(`/${slug}/projects/${project.id}/cycles?tab=completed`);
  await page.getByRole('button', { name: 'Actions for Sprint 1' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByRole('region', { name: 'No completed cycles' })).toBeVisible();
  await page.getByRole('link', { name: 'Archived' }).click();
  await expect(
    page.getByRole('list', { name: 'Archived cycles' }).getByRole('link', { name: 'Sprint 1' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Sprint 1' }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByRole('region', { name: 'No archived cycles' })).toBeVisible();

  // Cycles switched off: the page says so, the sidebar entry, the items' cycle chips and the grouping go.
  await api(page, 'patch', `/api/workspaces/${slug}/projects/${project.id}/`, { cycle_view: false });
  await page.goto(`/${slug}/projects/${project.id}/cycles`);
  await expect(page.getByRole('heading', { name: 'Cycles are turned off in Website' })).toBeVisible();
  await snap(page, 'cycles-off');
  await expect(
    page.getByRole('list', { name: 'Sections of the project' }).getByRole('link', { name: 'Cycles' }),
  ).toHaveCount(0);
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  await expect(page.getByTestId('list-layout').getByText('Tidy the footer')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cycle: / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Collapse Sprint/ })).toHaveCount(0);
});
