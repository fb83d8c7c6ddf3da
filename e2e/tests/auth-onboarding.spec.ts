import { expect, test } from '@playwright/test';
import { PASSWORD, signOutByApi, signUpWithWorkspace, snap, uniqueEmail } from './helpers.ts';

test('sign up, onboard, sign out and sign in again; the sidebar stays collapsed after a reload', async ({
  page,
}) => {
  const email = uniqueEmail('ada');
  const stamp = Date.now();
  const slug = `e2e-${stamp}`;

  // Sign up: a weak password is refused inline, a strong one gets in.
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Password', { exact: true }).fill('password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password is too weak');
  await snap(page, 'sign-up');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Onboarding step 1: profile.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('What is your role?').fill('Engineer');
  await snap(page, 'onboarding-profile');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: create a workspace; the URL follows the name and is checked live.
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByLabel('Workspace name').fill(`E2E ${stamp}`);
  await expect(page.getByLabel('Workspace URL')).toHaveValue(slug);
  await expect(page.getByText('This URL is available')).toBeVisible();
  await page.getByLabel(/Organization size/).selectOption('2-10');
  await snap(page, 'onboarding-workspace');
  await page.getByRole('button', { name: 'Create workspace' }).click();

  // Step 3: invite a teammate as admin.
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel('Email 1').fill(uniqueEmail('friend'));
  await page.getByLabel('Role 1').selectOption({ label: 'Admin' });
  await snap(page, 'onboarding-invite');
  await page.getByRole('button', { name: 'Send invitations' }).click();

  // Finished: the workspace home greets the user.
  await expect(page).toHaveURL(new RegExp(`/${slug}/?$`));
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();
  await snap(page, 'workspace-home');

  // The sidebar collapses, and stays collapsed after a reload (localStorage).
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('app_sidebar_collapsed'))).toBe('true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveAttribute(
    'data-collapsed',
    'true',
  );
  await snap(page, 'workspace-home-collapsed');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();

  // Sign out from the user menu: back on the sign-in screen.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Kite' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);

  // Sign in again with the password: email first, then the password step.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
  await snap(page, 'sign-in-password');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/?$`));
  await expect(page.getByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ })).toBeVisible();

  // The invitation sent during onboarding is listed on the members page.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' }).getByText(/^friend-/)).toBeVisible();
});

test('a signed-out visitor of an app page signs in and comes back to it', async ({ page }) => {
  const { email } = await signUpWithWorkspace(page, 'Return Co', `return-${Date.now()}`);
  await signOutByApi(page);

  await page.goto('/settings/profile/preferences');
  await expect(page).toHaveURL(/\/\?next_path=%2Fsettings%2Fprofile%2Fpreferences$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Kite' })).toBeVisible();
  await snap(page, 'sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/profile\/preferences$/);
  await expect(page.getByRole('heading', { name: 'Preferences' })).toBeVisible();
});
