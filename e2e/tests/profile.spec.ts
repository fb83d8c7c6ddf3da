import { expect, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

test('member profile: your work from the user menu, Assigned / Created / Subscribed tabs, board by priority; light and dark', async ({
  page,
}) => {
  const slug = `profile-${Date.now()}`;
  await signUpWithWorkspace(page, 'Profile Co', slug);
  const me = await api<{ id: string; display_name: string }>(page, 'get', '/api/users/me/');
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const assigned = await api<{ id: string }>(page, 'post', `${p}/issues/`, {
    name: 'Fix the pricing page',
    priority: 'urgent',
    assignee_ids: [me.id],
  });
  const launch = await api<{ id: string }>(page, 'post', `${p}/issues/`, {
    name: 'Write the launch post',
    priority: 'low',
  });
  // Creators and assignees are subscribed; leaving one makes the Subscribed tab differ.
  await api(page, 'delete', `${p}/issues/${assigned.id}/subscribe/`);

  // "Your work" in the user menu opens the profile on its default tab, Assigned.
  await page.goto(`/${slug}/projects`);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Your work' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/profile/${me.id}$`));
  const aside = page.getByRole('complementary', { name: 'Member profile' });
  await expect(aside.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(aside).toContainText(`@${me.display_name}`);
  await expect(aside).toContainText('Admin');
  await expect(aside).toContainText('Joined');
  await expect(page.getByRole('link', { name: /Assigned/ })).toHaveAttribute('aria-current', 'page');
  const items = page.getByRole('main', { name: 'Work items' });
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ })).toBeVisible();
  await expect(items.getByRole('button', { name: /Write the launch post/ })).toHaveCount(0);
  // Spec §6: no quick add in the profile's lists.
  await expect(page.getByRole('button', { name: /^New work item/ })).toHaveCount(0);
  await snap(page, 'profile-assigned');

  await page.getByRole('link', { name: /Created/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/created$`));
  await expect(items.getByRole('button', { name: /^WEB-2 Write the launch post$/ })).toBeVisible();
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ })).toBeVisible();

  await page.getByRole('link', { name: /Subscribed/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/subscribed$`));
  await expect(items.getByRole('button', { name: /^WEB-2 Write the launch post$/ })).toBeVisible();
  await expect(items.getByRole('button', { name: /Fix the pricing page/ })).toHaveCount(0);

  // The board groups by priority in the profile.
  await page.getByRole('link', { name: /Created/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/created$`));
  await expect(items.getByRole('button', { name: /^WEB-2 Write the launch post$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Board layout' }).click();
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ })).toBeVisible();
  await expect(items.getByText('Urgent', { exact: true }).first()).toBeVisible();
  await expect(items.getByText('Low', { exact: true }).first()).toBeVisible();
  await snap(page, 'profile-created-board');

  // A work item opens its page.
  // (By its title: the card's middle is its property buttons.)
  await items
    .getByRole('button', { name: /^WEB-2 Write the launch post$/ })
    .getByText('Write the launch post')
    .click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/issues/`));

  // A mention in a comment links to the member's profile.
  await api(page, 'post', `${p}/issues/${launch.id}/comments/`, {
    comment_html: `<p>Over to <mention-component entity_name="user_mention" entity_identifier="${me.id}" label="${me.display_name}"></mention-component></p>`,
  });
  await page.reload();
  await page.getByRole('link', { name: `@${me.display_name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/profile/${me.id}$`));
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ })).toBeVisible();

  // From the members list, a name leads to the profile; an unknown member is "not found".
  await page.goto(`/${slug}/settings/members`);
  await page.getByRole('link', { name: 'Grace Hopper' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/profile/${me.id}$`));
  await expect(page.getByRole('complementary', { name: 'Member profile' })).toBeVisible();
  await page.getByRole('button', { name: 'List layout' }).click();
  await page.goto(`/${slug}/profile/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: 'Member not found' })).toBeVisible();

  // Each view has its URL (spec §2, profileViewId): opened directly and reloaded, it stays.
  await page.goto(`/${slug}/profile/${me.id}/subscribed`);
  await expect(items.getByRole('button', { name: /^WEB-2 Write the launch post$/ })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/subscribed$`));
  await expect(page.getByRole('link', { name: /Subscribed/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: /Assigned/ })).not.toHaveAttribute('aria-current', 'page');
  await expect(items.getByRole('button', { name: /^WEB-2 Write the launch post$/ })).toBeVisible();
  await expect(items.getByRole('button', { name: /Fix the pricing page/ })).toHaveCount(0);
  await snap(page, 'profile-view-subscribed-reloaded');
  // A view id that names no view says so, keeps the member's card, and leads to the default view.
  await page.goto(`/${slug}/profile/${me.id}/starred`);
  await expect(page.getByRole('heading', { name: 'Profile view not found' })).toBeVisible();
  await expect(page.getByText('A profile has no “starred” view.', { exact: false })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Member profile' })).toBeVisible();
  await snap(page, 'profile-view-not-found');
  await page.getByRole('link', { name: 'Open Assigned' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/profile/${me.id}$`));
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ })).toBeVisible();

  // The same page in the dark theme.
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.goto(`/${slug}/profile/${me.id}`);
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page$/ })).toBeVisible();
  await snap(page, 'dark-profile-assigned');
  await page.getByRole('link', { name: /Subscribed/ }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/subscribed$`));
  await page.getByRole('button', { name: 'Board layout' }).click();
  await expect(items.getByRole('button', { name: /^WEB-2 Write the launch post$/ })).toBeVisible();
  await snap(page, 'dark-profile-subscribed-board');

  // On a phone the member's card comes first, the work items below it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('complementary', { name: 'Member profile' })).toBeVisible();
  await snap(page, 'dark-profile-narrow');
});

test('member profile: the Activity tab shows the timeline and downloads it as CSV', async ({ page }) => {
  const slug = `profile-activity-${Date.now()}`;
  await signUpWithWorkspace(page, 'Activity Co', slug);
  const me = await api<{ id: string }>(page, 'get', '/api/users/me/');
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  await page.goto(`/${slug}/profile/${me.id}/activity`);
  await expect(page.getByRole('heading', { name: 'No activity yet' })).toBeVisible();
  await snap(page, 'profile-activity-empty');

  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const item = await api<{ id: string }>(page, 'post', `${p}/issues/`, { name: 'Fix the pricing page' });
  await api(page, 'patch', `${p}/issues/${item.id}/`, {
    name: 'Fix the pricing page, again',
    priority: 'high',
  });

  await page.goto(`/${slug}/profile/${me.id}`);
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${me.id}/activity$`));
  const timeline = page.getByRole('list', { name: 'Activity timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').first()).toContainText('Grace Hopper changed');
  await expect(
    timeline.getByRole('link', { name: 'WEB-1 Fix the pricing page, again' }).first(),
  ).toBeVisible();
  await snap(page, 'profile-activity');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/-activity\.csv$/);

  await timeline.getByRole('link', { name: 'WEB-1 Fix the pricing page, again' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/issues/${item.id}`));
});
