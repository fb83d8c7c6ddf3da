import { expect, type Page, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

/** The picture in light and in dark (the app follows the system's scheme by default). */
async function snapBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await page.emulateMedia({ colorScheme: 'light' });
  await snap(page, `analytics-${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, `analytics-${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

const rowsOf = (page: Page) =>
  page.getByRole('table', { name: 'Analytics figures' }).getByRole('row').allTextContents();

test('workspace analytics: the chart and its table follow the x-axis and the segment', async ({ page }) => {
  const slug = `analytics-${Date.now()}`;
  await signUpWithWorkspace(page, 'Analytics Co', slug);
  const me = await api<{ id: string }>(page, 'get', '/api/users/me/');
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const states = await api<{ id: string; group: string }[]>(page, 'get', `${p}/states/`);
  const state = (group: string) => states.find((s) => s.group === group)!.id;
  const bug = await api<{ id: string }>(page, 'post', `${p}/issue-labels/`, {
    name: 'Bug',
    color: '#ef4444',
  });
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const sprint = await api<{ id: string }>(page, 'post', `${p}/cycles/`, {
    name: 'Sprint 1',
    start_date: day(-4),
    end_date: day(6),
  });
  const items: [string, string, string, boolean][] = [
    ['Fix the login', 'started', 'urgent', true],
    ['Renew the certificate', 'started', 'high', true],
    ['Write the launch post', 'unstarted', 'high', false],
    ['Plan the roadmap', 'backlog', 'low', false],
    ['Ship the beta', 'completed', 'medium', true],
  ];
  for (const [name, group, priority, labelled] of items) {
    await api(page, 'post', `${p}/issues/`, {
      name,
      state_id: state(group),
      priority,
      assignee_ids: [me.id],
      label_ids: labelled ? [bug.id] : [],
      cycle_id: group === 'backlog' ? null : sprint.id,
    });
  }

  await page.goto(`/${slug}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/analytics$`));
  await expect(page.getByRole('heading', { name: 'Analytics' })).toBeVisible();

  // By state group (the default): one row per group present.
  await expect
    .poll(() => rowsOf(page))
    .toEqual(['State groupWork items', 'Backlog1', 'Unstarted1', 'Started2', 'Completed1']);
  await expect(page.getByRole('figure', { name: 'Work items by State group' })).toBeVisible();

  await page.getByLabel('X-axis').selectOption({ label: 'Priority' });
  await expect
    .poll(() => rowsOf(page))
    .toEqual(['PriorityWork items', 'Urgent1', 'High2', 'Medium1', 'Low1']);

  await page.getByLabel('Segment').selectOption({ label: 'Label' });
  await expect
    .poll(() => rowsOf(page))
    .toEqual(['PriorityBugNoneTotal', 'Urgent101', 'High112', 'Medium101', 'Low011']);
  const scope = page.getByRole('complementary', { name: 'Analytics scope' });
  await expect(scope.getByRole('button', { name: /Website/ })).toBeVisible();
  await snapBoth(page, 'chart');

  // The CSV is the table.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(csv).toString('utf8')).toBe(
    'Priority,Bug,None,Total\r\nUrgent,1,0,1\r\nHigh,1,1,2\r\nMedium,1,0,1\r\nLow,0,1,1\r\n',
  );

  // The overview: the project's trend this week.
  await page.getByRole('link', { name: 'Overview' }).click();
  const card = page.getByRole('region', { name: 'Trend of Website' });
  await expect(card).toContainText('5 created');
  await expect(card).toContainText('1 completed');
  await expect(card.getByRole('figure', { name: 'Burn of Sprint 1' })).toBeVisible();
  await snapBoth(page, 'overview');

  // The project's own analytics, from its header.
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  await page.getByRole('link', { name: 'Project analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/analytics$`));
  await page.getByLabel('X-axis').selectOption({ label: 'Assignee' });
  // Named by their display name (made from the email at sign-up).
  await expect.poll(() => rowsOf(page)).toEqual(['AssigneeWork items', expect.stringMatching(/^e2e-.*5$/)]);
});
