import { expect, test } from '@playwright/test';
import { signUpWithWorkspace, snap } from './helpers.ts';

test('settings screens in light and dark; the theme choice is saved to the profile', async ({ page }) => {
  const slug = `screens-${Date.now()}`;
  await signUpWithWorkspace(page, 'Screens Inc', slug);

  const screens: [string, string, RegExp | string][] = [
    ['workspace-settings', `/${slug}/settings`, 'Workspace name'],
    ['workspace-members', `/${slug}/settings/members`, /Pending invitations/],
    ['profile-general', '/settings/profile/general', 'Display name'],
    ['profile-security', '/settings/profile/security', 'Current password'],
    ['profile-preferences', '/settings/profile/preferences', 'Theme'],
    ['create-workspace', '/create-workspace', 'Workspace name'],
    ['invitations', '/invitations', /No pending invitations/],
    ['not-found', `/${slug}/no/such/page`, /not found/i],
  ];

  for (const theme of ['light', 'dark'] as const) {
    await page.goto('/settings/profile/preferences');
    await page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // Saved on the server: still applied after a reload.
    await page.reload();
    await expect(page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' })).toBeChecked();
    for (const [name, url, marker] of screens) {
      await page.goto(url);
      await expect(page.getByText(marker).first()).toBeVisible();
      await snap(page, `${theme}-${name}`);
    }
    await page.goto(`/${slug}`);
    await page.getByRole('button', { name: /Workspace menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Create workspace' })).toBeVisible();
    await snap(page, `${theme}-workspace-menu`);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByRole('dialog', { name: 'Add members' })).toBeVisible();
    await snap(page, `${theme}-add-member`);
    await page.keyboard.press('Escape');
  }
});
