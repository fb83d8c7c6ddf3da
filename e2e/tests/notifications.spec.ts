import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, csrfHeaders, mailedLink, PASSWORD, signUpWithWorkspace, uniqueEmail } from './helpers.ts';

/** Saves a picture under /tmp for a human to look at. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/notif-${name}.png`, fullPage: true });
}

/** A teammate invited by the admin as a member, signed up, joined and onboarded in a browser of their own. */
async function joinAsMember(browser: Browser, admin: Page, slug: string) {
  const email = uniqueEmail('bea');
  await api(admin, 'post', `/api/workspaces/${slug}/invitations/`, { emails: [{ email, role: 15 }] });
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = page.request;
  const signUp = await request.post('/auth/sign-up/', {
    data: { email, password: PASSWORD, first_name: 'Bea', last_name: 'Member' },
    headers: await csrfHeaders(request),
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = new URL(await mailedLink(email), 'http://localhost');
  await api(
    page,
    'post',
    `/api/workspaces/${slug}/invitations/${link.searchParams.get('invitation_id')}/join/`,
    {
      token: link.searchParams.get('token'),
      accepted: true,
    },
  );
  const workspace = await api<{ id: string }>(page, 'get', `/api/workspaces/${slug}/`);
  await api(page, 'patch', '/api/users/me/profile/', { last_workspace_id: workspace.id });
  await api(page, 'patch', '/api/users/me/onboard/', { is_onboarded: true });
  const me = await api<{ id: string }>(page, 'get', '/api/users/me/');
  return { page, id: me.id };
}

test('a member hears of an assignment, opens it, and keeps the inbox tidy; settings persist', async ({
  page: admin,
  browser,
}) => {
  const slug = `notif-${Date.now()}`;
  await signUpWithWorkspace(admin, 'Notify Co', slug);
  const project = await api<{ id: string }>(admin, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const member = await joinAsMember(browser, admin, slug);
  await api(admin, 'post', `${p}/members/`, { members: [{ member_id: member.id, role: 15 }] });
  const issue = await api<{ id: string }>(admin, 'post', `${p}/issues/`, { name: 'Fix the pricing page' });

  // Nothing yet: no badge, and the inbox says so.
  const bea = member.page;
  await bea.goto(`/${slug}/notifications`);
  const badge = bea.getByRole('navigation', { name: 'Main' }).getByTestId('unread-badge');
  await expect(bea.getByRole('region', { name: 'No notifications' })).toBeVisible();
  await expect(badge).toHaveCount(0);
  await shot(bea, 'inbox-empty');

  // The admin assigns her: the badge shows 1 and the inbox the notification (written by a
  // background job after the change; a reload reads both at once).
  await api(admin, 'patch', `${p}/issues/${issue.id}/`, { assignee_ids: [member.id] });
  const list = bea.getByRole('list', { name: 'Notifications' });
  const row = list.getByRole('button', { name: /^Unread: .+ updated the assignees on WEB-1 / });
  await expect(async () => {
    await bea.reload();
    await expect(badge).toHaveText('1 unread', { timeout: 2_000 });
    await expect(row).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });

  // Opening it marks it read and peeks the item over the project's list.
  await row.click();
  await expect(bea).toHaveURL(new RegExp(`/projects/${project.id}/issues\\?peekId=${issue.id}$`));
  await expect(bea.getByTestId('issue-peek')).toContainText('Fix the pricing page');
  await expect(badge).toHaveCount(0);

  // More news: a priority change, a comment that mentions her, a new item assigned to her.
  await api(admin, 'patch', `${p}/issues/${issue.id}/`, { priority: 'high' });
  await api(admin, 'post', `${p}/issues/${issue.id}/comments/`, {
    comment_html: `<p>Can you look, <mention-component entity_name="user_mention" entity_identifier="${member.id}"></mention-component>?</p>`,
  });
  await api(admin, 'post', `${p}/issues/`, { name: 'Write the release notes', assignee_ids: [member.id] });
  await bea.goto(`/${slug}/notifications`);
  await expect(async () => {
    await bea.reload();
    await expect(list.getByRole('button', { name: /^Unread: / })).toHaveCount(3, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(badge).toHaveText('3 unread');
  await list.getByRole('button', { name: /mentioned you/ }).hover();
  await shot(bea, 'inbox-light');

  // The same in the dark theme, with a row's snooze menu open; then the icon rail's badge.
  await api(bea, 'patch', '/api/users/me/profile/', { theme: { theme: 'dark' } });
  await bea.reload();
  await expect(bea.locator('html')).toHaveClass(/\bdark\b/);
  const mention = list.getByRole('listitem').filter({ hasText: 'mentioned you' });
  await mention.hover();
  await mention.getByRole('button', { name: 'Snooze' }).click();
  await expect(bea.getByRole('menuitem', { name: '2 weeks' })).toBeVisible();
  await shot(bea, 'inbox-dark');
  await bea.keyboard.press('Escape');
  await api(bea, 'patch', '/api/users/me/profile/', { theme: { theme: 'light' } });
  await bea.reload();
  await bea.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(bea.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute('data-collapsed', 'true');
  await shot(bea, 'sidebar-collapsed');
  await bea.getByRole('button', { name: 'Expand sidebar' }).click();

  // Mentions tab.
  await bea.getByRole('tab', { name: /Mentions/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await bea.getByRole('tab', { name: 'All' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(4);

  // Archive one: it leaves the inbox for the archived view.
  const release = list.getByRole('listitem').filter({ hasText: 'Write the release notes' });
  await release.hover();
  await release.getByRole('button', { name: 'Archive' }).click();
  await expect(release).toHaveCount(0);
  await expect(badge).toHaveText('2 unread');
  await bea.getByRole('button', { name: 'Filters' }).click();
  await bea.getByRole('menuitemradio', { name: 'Archived' }).click();
  await bea.keyboard.press('Escape');
  await expect(list.getByRole('listitem').filter({ hasText: 'Write the release notes' })).toBeVisible();
  await bea.getByRole('button', { name: 'Back to inbox' }).click();

  // Snooze one for a day: it waits in the snoozed view.
  const priority = list.getByRole('listitem').filter({ hasText: 'updated the priority' });
  await priority.hover();
  await priority.getByRole('button', { name: 'Snooze' }).click();
  await bea.getByRole('menuitem', { name: '1 day' }).click();
  await expect(priority).toHaveCount(0);
  await expect(badge).toHaveText('1 unread');
  await bea.getByRole('button', { name: 'Filters' }).click();
  await bea.getByRole('menuitemradio', { name: 'Snoozed' }).click();
  await bea.keyboard.press('Escape');
  await expect(list.getByText(/Snoozed until/)).toBeVisible();
  await bea.getByRole('button', { name: 'Back to inbox' }).click();

  // Mark all as read: nothing unread is left, here or on the server.
  await bea.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(list.getByRole('button', { name: /^Unread: / })).toHaveCount(0);
  await expect(badge).toHaveCount(0);
  const counts = await api<{ total_unread_notifications_count: number }>(
    bea,
    'get',
    `/api/workspaces/${slug}/users/notifications/unread/`,
  );
  expect(counts.total_unread_notifications_count).toBe(0);

  // Notification settings: a switch saved at once stays after a reload.
  await bea.goto('/settings/profile/notifications');
  const comments = bea.getByRole('switch', { name: 'Comments' });
  await expect(comments).toHaveAttribute('aria-checked', 'true');
  const saved = bea.waitForResponse(
    (r) => r.url().includes('/notification-preferences/') && r.request().method() === 'PATCH',
  );
  await comments.click();
  expect((await saved).ok()).toBe(true);
  await expect(comments).toHaveAttribute('aria-checked', 'false');
  await bea.reload();
  await expect(bea.getByRole('switch', { name: 'Comments' })).toHaveAttribute('aria-checked', 'false');
  await expect(bea.getByRole('switch', { name: 'Mentions' })).toHaveAttribute('aria-checked', 'true');
  await shot(bea, 'settings');
  await bea.context().close();
});
