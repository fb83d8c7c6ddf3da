import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, csrfHeaders, mailedLink, PASSWORD, signUpWithWorkspace, snap, uniqueEmail } from './helpers.ts';

/** INTAKE_SHOTS=<dir> saves pictures of the inbox (light and dark) for a human to look at. */
const SHOTS = process.env.INTAKE_SHOTS;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A teammate invited with `role`, signed up, joined and onboarded in a browser of their own. */
async function joinWorkspace(browser: Browser, admin: Page, slug: string, role: number, firstName: string) {
  const email = uniqueEmail(firstName.toLowerCase());
  await api(admin, 'post', `/api/workspaces/${slug}/invitations/`, { emails: [{ email, role }] });
  const context = await browser.newContext();
  const page = await context.newPage();
  const signUp = await page.request.post('/auth/sign-up/', {
    data: { email, password: PASSWORD, first_name: firstName, last_name: 'Guest' },
    headers: await csrfHeaders(page.request),
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

test('a guest submits to intake; the admin accepts, snoozes and declines', async ({
  page: admin,
  browser,
}) => {
  const slug = `intake-${Date.now()}`;
  await signUpWithWorkspace(admin, 'Intake Co', slug);
  const project = await api<{ id: string }>(admin, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Storefront',
    identifier: 'SHOP',
    intake_view: true,
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const intakeUrl = `/${slug}/projects/${project.id}/intake`;
  const guest = await joinWorkspace(browser, admin, slug, 5, 'Gus');
  await api(admin, 'post', `${p}/members/`, { members: [{ member_id: guest.id, role: 5 }] });

  // The guest submits through the dialog; two more requests arrive through the API.
  const gus = guest.page;
  await gus.goto(intakeUrl);
  await expect(gus.getByRole('region', { name: 'No open intake items' })).toBeVisible();
  await gus.getByRole('button', { name: 'New intake item' }).first().click();
  const dialog = gus.getByRole('dialog', { name: 'New intake item' });
  await dialog.getByLabel('Title').fill('Checkout button does nothing');
  await dialog.getByLabel(/Description/).fill('Clicking "Pay" on Safari shows no reaction.');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toHaveCount(0);
  const guestList = gus.getByRole('list', { name: 'Open intake items' });
  await expect(guestList.getByRole('button', { name: /Checkout button does nothing/ })).toBeVisible();
  // A guest sees their own submissions and no triage.
  await expect(gus.getByText('You see the items you submitted.')).toBeVisible();
  await expect(gus.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await shot(gus, 'guest-light');
  for (const name of ['Add a dark theme', 'Duplicate charge on refund'])
    await api(gus, 'post', `${p}/inbox-issues/`, { source: 'IN_APP', issue: { name } });

  // The admin sees all three in the Open tab, newest first, the newest selected.
  await admin.goto(intakeUrl);
  const open = admin.getByRole('list', { name: 'Open intake items' });
  await expect(open.getByRole('button')).toHaveCount(3);
  await expect(open.getByRole('button').first()).toContainText('Duplicate charge on refund');
  await expect(
    admin.getByRole('navigation', { name: 'Intake tabs' }).getByRole('link', { name: /^Open/ }),
  ).toContainText('3');
  const item = admin.getByRole('region', { name: 'Intake item' });
  await open.getByRole('button', { name: /Checkout button does nothing/ }).click();
  await expect(item.getByRole('textbox', { name: 'Title' })).toHaveValue('Checkout button does nothing');
  await expect(item.getByText('Clicking "Pay" on Safari shows no reaction.')).toBeVisible();
  await expect(item.getByText('Gus Guest').first()).toBeVisible();
  await shot(admin, 'open-light');

  // The selected item has its own URL (spec §2, inboxId): a reload and a shared link open it.
  await expect(admin).toHaveURL(/\/intake\/[0-9a-f-]{36}$/);
  const itemPath = new URL(admin.url()).pathname;
  await admin.reload();
  await expect(item.getByRole('textbox', { name: 'Title' })).toHaveValue('Checkout button does nothing');
  await expect(open.getByRole('button', { name: /Checkout button does nothing/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await snap(admin, 'intake-item-by-url');
  await gus.goto(itemPath);
  await expect(
    gus.getByRole('region', { name: 'Intake item' }).getByText('Checkout button does nothing').first(),
  ).toBeVisible();
  // Plane's form of the link (?currentTab=&inboxIssueId=) lands on the same path.
  const issueId = itemPath.split('/').at(-1);
  await admin.goto(`${intakeUrl}?currentTab=open&inboxIssueId=${issueId}`);
  await expect(admin).toHaveURL(new RegExp(`${itemPath}$`));
  await expect(item.getByRole('textbox', { name: 'Title' })).toHaveValue('Checkout button does nothing');
  // An id that is no intake item of this project says so, and keeps the URL.
  const foreign = `${intakeUrl}/00000000-0000-4000-8000-000000000000`;
  await admin.goto(foreign);
  await expect(item.getByRole('region', { name: 'Intake item not found' })).toBeVisible();
  await expect(admin).toHaveURL(new RegExp(`${foreign}$`));
  await snap(admin, 'intake-item-not-found');
  await open.getByRole('button', { name: /Checkout button does nothing/ }).click();
  await expect(admin).toHaveURL(new RegExp(`${itemPath}$`));

  // Accept: it leaves the Open tab and joins the project's work items.
  await item.getByRole('button', { name: 'Accept' }).click();
  await expect(item.getByText('It is now a work item of the project.')).toBeVisible();
  await expect(open.getByRole('button')).toHaveCount(2);

  // Snooze with a preset: it stays open, its end shown.
  await open.getByRole('button', { name: /Add a dark theme/ }).click();
  await item.getByRole('button', { name: 'Snooze' }).click();
  await expect(admin.getByRole('menuitem', { name: '2 weeks' })).toBeVisible();
  await shot(admin, 'snooze-menu-light');
  await admin.getByRole('menuitem', { name: '3 days' }).click();
  await expect(item.getByText(/^Snoozed till /)).toBeVisible();
  await expect(open.getByRole('button', { name: /Add a dark theme/ })).toContainText('Snoozed till');

  // Decline (confirmed): it moves to Closed with the accepted one.
  await admin.keyboard.press('k'); // the item above: the newest
  await expect(item.getByRole('textbox', { name: 'Title' })).toHaveValue('Duplicate charge on refund');
  await item.getByRole('button', { name: 'Decline' }).click();
  await admin
    .getByRole('dialog', { name: /^Decline/ })
    .getByRole('button', { name: 'Decline' })
    .click();
  await expect(item.getByText('Declined', { exact: true }).first()).toBeVisible();
  await expect(open.getByRole('button')).toHaveCount(1);
  await admin.getByRole('link', { name: /^Closed/ }).click();
  const closed = admin.getByRole('list', { name: 'Closed intake items' });
  await expect(closed.getByRole('button')).toHaveCount(2);
  await expect(closed.getByRole('button', { name: /Duplicate charge on refund/ })).toContainText('Declined');
  await expect(closed.getByRole('button', { name: /Checkout button does nothing/ })).toContainText(
    'Accepted',
  );
  await shot(admin, 'closed-light');

  // Filtered to the declined ones: the filter shows as a chip, and removing it lists both again.
  await admin.getByRole('button', { name: 'Filters' }).click();
  await admin.getByRole('menuitemcheckbox', { name: 'Declined' }).click();
  await admin.keyboard.press('Escape');
  const chips = admin.getByRole('region', { name: 'Applied filters' });
  await expect(chips.getByText('Status:')).toBeVisible();
  await expect(closed.getByRole('button')).toHaveCount(1);
  await shot(admin, 'closed-filtered-light');
  await chips.getByRole('button', { name: 'Remove filter Declined' }).click();
  await expect(chips).toHaveCount(0);
  await expect(closed.getByRole('button')).toHaveCount(2);

  // The server agrees: the accepted item is in the project's work items, the declined one not.
  await admin.goto(`/${slug}/projects/${project.id}/issues`);
  await expect(admin.getByText('Checkout button does nothing')).toBeVisible();
  await expect(admin.getByText('Duplicate charge on refund')).toHaveCount(0);
  await expect(
    admin.getByRole('list', { name: 'Sections of the project' }).getByRole('link', { name: 'Intake' }),
  ).toBeVisible();

  if (SHOTS) {
    const empty = await api<{ id: string }>(admin, 'post', `/api/workspaces/${slug}/projects/`, {
      name: 'Quiet',
      identifier: 'QUIET',
      intake_view: true,
    });
    const emptyUrl = `/${slug}/projects/${empty.id}/intake`;
    await admin.goto(emptyUrl);
    await expect(admin.getByRole('region', { name: 'No open intake items' })).toBeVisible();
    await shot(admin, 'empty-light');
    await api(admin, 'patch', '/api/users/me/profile/', { theme: { theme: 'dark' } });
    await admin.goto(emptyUrl);
    await expect(admin.locator('html')).toHaveClass(/\bdark\b/);
    await expect(admin.getByRole('region', { name: 'No open intake items' })).toBeVisible();
    await shot(admin, 'empty-dark');
    await admin.goto(`${intakeUrl}?tab=closed`);
    await expect(closed.getByRole('button')).toHaveCount(2);
    await shot(admin, 'closed-dark');
    await admin.goto(intakeUrl);
    await expect(open.getByRole('button')).toHaveCount(1);
    await item.getByRole('button', { name: 'Snoozed' }).click();
    await expect(admin.getByRole('menuitem', { name: 'Unsnooze' })).toBeVisible();
    await shot(admin, 'snooze-menu-dark');
    await admin.getByRole('menuitem', { name: 'Custom…' }).click();
    await expect(admin.getByRole('dialog', { name: 'Snooze until' })).toBeVisible();
    await shot(admin, 'custom-snooze-dark');
    await admin.keyboard.press('Escape');
    await admin.getByRole('button', { name: 'Filters' }).click();
    await admin.getByRole('menuitem', { name: 'Priority' }).hover();
    await expect(admin.getByRole('menuitemcheckbox', { name: /Urgent/ })).toBeVisible();
    await shot(admin, 'filters-dark');
    await admin.keyboard.press('Escape');
    await admin.keyboard.press('Escape');
    await shot(admin, 'open-dark');
    await api(admin, 'patch', '/api/users/me/profile/', { theme: { theme: 'light' } });
  }
  await gus.context().close();
});
