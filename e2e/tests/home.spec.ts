import { expect, type Page, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

const DAY = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** The picture in light and in dark (the app follows the system's scheme by default). */
async function snapBoth(page: Page, name: string) {
  // Tall enough for every widget (the page scrolls inside its main area, not the document).
  await page.setViewportSize({ width: 1280, height: name === 'filled' ? 1500 : 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await snap(page, `home-${name}-light`);
  await page.emulateMedia({ colorScheme: 'dark' });
  await snap(page, `home-${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the home page: empty for a new user, then their figures and lists; a hidden widget stays hidden', async ({
  page,
}) => {
  const slug = `home-${Date.now()}`;
  await signUpWithWorkspace(page, 'Home Co', slug);

  // A fresh user: the greeting, and a way to make the first project.
  await page.goto(`/${slug}`);
  await expect(
    page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Grace$/ }),
  ).toBeVisible();
  const empty = page.getByRole('region', { name: 'No projects yet' });
  await expect(empty).toBeVisible();
  await snapBoth(page, 'empty');
  await empty.getByRole('button', { name: 'Create a project' }).click();
  await expect(page.getByRole('dialog', { name: 'Create project' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Projects and work: three assigned (overdue, upcoming, completed), one more created only.
  const me = await api<{ id: string }>(page, 'get', '/api/users/me/');
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const states = await api<{ id: string; group: string }[]>(page, 'get', `${p}/states/`);
  const state = (group: string) => states.find((s) => s.group === group)!.id;
  const make = (body: Record<string, unknown>) => api<{ id: string }>(page, 'post', `${p}/issues/`, body);
  const overdue = await make({
    name: 'Renew the certificate',
    state_id: state('started'),
    priority: 'urgent',
    assignee_ids: [me.id],
    target_date: dayOf(-2),
  });
  await make({
    name: 'Write the launch post',
    state_id: state('unstarted'),
    priority: 'high',
    assignee_ids: [me.id],
    target_date: dayOf(3),
  });
  await make({ name: 'Pick a font', state_id: state('completed'), priority: 'low', assignee_ids: [me.id] });
  await make({ name: 'Someday: dark mode', priority: 'none', target_date: dayOf(20) });

  await page.goto(`/${slug}`);
  const overview = page.getByRole('region', { name: 'Overview' });
  const tile = (label: string) =>
    overview.locator('dl > div', { has: page.getByText(label, { exact: true }) }).locator('dd');
  await expect(tile('Assigned to you')).toHaveText('3');
  await expect(tile('Pending')).toHaveText('2');
  await expect(tile('Completed')).toHaveText('1');
  await expect(tile('Created by you')).toHaveText('4');

  const assigned = page.getByRole('region', { name: 'Assigned to you' });
  await expect(assigned.getByRole('link', { name: /WEB-2.*Write the launch post/ })).toBeVisible();
  await assigned.getByRole('tab', { name: /Overdue/ }).click();
  const overdueLink = assigned.getByRole('link', { name: /WEB-1.*Renew the certificate/ });
  await expect(overdueLink).toBeVisible();
  await expect(assigned.getByRole('link', { name: /Write the launch post/ })).toHaveCount(0);
  const created = page.getByRole('region', { name: 'Created by you' });
  await expect(created.getByRole('link', { name: /WEB-2.*Write the launch post/ })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Assigned work items by state group' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Open assigned work items by priority' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your recent activity' }).getByRole('listitem')).toHaveCount(
    4,
  );
  await expect(
    page.getByRole('region', { name: 'Recent projects' }).getByRole('link', { name: /Website/ }),
  ).toBeVisible();
  await snapBoth(page, 'filled');

  // The tab is remembered, and its rows open the work item.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Assigned to you' }).getByRole('tab', { name: /Overdue/ }),
  ).toHaveAttribute('aria-selected', 'true');
  await page
    .getByRole('region', { name: 'Assigned to you' })
    .getByRole('link', { name: /Renew the certificate/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/${project.id}/issues/${overdue.id}`));

  // Customise: hide the collaborators; it stays hidden after a reload.
  await page.goto(`/${slug}`);
  await expect(page.getByRole('region', { name: 'Collaborators' })).toBeVisible();
  await page.getByRole('button', { name: 'Customise' }).click();
  const panel = page.getByRole('dialog', { name: 'Customise home' });
  await snapBoth(page, 'customise');
  await panel.getByRole('switch', { name: 'Collaborators' }).click();
  await expect(panel.getByRole('switch', { name: 'Collaborators' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('region', { name: 'Collaborators' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Collaborators' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Customise' }).click();
  const again = page.getByRole('dialog', { name: 'Customise home' });
  await expect(again.getByRole('switch', { name: 'Collaborators' })).toHaveAttribute('aria-checked', 'false');

  // Order: Recent projects moves above the recent activity, on the page and after a reload.
  const regionNames = () => page.locator('section[aria-labelledby^="widget-"] h3').allTextContents();
  await again.getByRole('button', { name: 'Move Recent projects up' }).click();
  await again.getByRole('button', { name: 'Done' }).click();
  await expect.poll(regionNames).toContain('Recent projects');
  const before = await regionNames();
  expect(before.indexOf('Recent projects')).toBeLessThan(before.indexOf('Your recent activity'));
  await page.reload();
  await expect(page.getByRole('region', { name: 'Overview' })).toBeVisible();
  const after = await regionNames();
  expect(after.indexOf('Recent projects')).toBeLessThan(after.indexOf('Your recent activity'));

  // A custom due range on the assigned list: only what is due inside it.
  const list = page.getByRole('region', { name: 'Assigned to you' });
  await list.getByRole('tab', { name: /Upcoming/ }).click();
  await list.getByRole('combobox', { name: 'Assigned to you: due' }).selectOption('custom');
  await list.getByLabel('Assigned to you: due from').fill(dayOf(5));
  await list.getByLabel('Assigned to you: due until').fill(dayOf(10));
  await list.getByRole('button', { name: 'Apply' }).click();
  await expect(list.getByRole('link', { name: /Write the launch post/ })).toHaveCount(0);
  await list.getByLabel('Assigned to you: due from').fill(dayOf(1));
  await snapBoth(page, 'custom-range');
  await list.getByRole('button', { name: 'Apply' }).click();
  await expect(list.getByRole('link', { name: /Write the launch post/ })).toBeVisible();
});
