import net from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { api, INSTANCE_ADMIN, signInAsInstanceAdmin, signUpWithWorkspace, snap } from './helpers.ts';

/** A loopback port nothing listens on (opened, then closed again). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function openSection(page: Page, name: string, heading = name) {
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

interface InstanceAnswer {
  instance: { instance_name: string };
  config: { is_magic_login_enabled: boolean; is_oidc_enabled: boolean };
}

test.describe('instance admin console', () => {
  // The settings this spec changes are the whole instance's: put them back for the specs after it.
  test.afterAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsInstanceAdmin(page);
    await api(page, 'patch', '/api/instances/configurations/', {
      EMAIL_HOST: '',
      EMAIL_PORT: '',
      EMAIL_FROM: '',
      ENABLE_MAGIC_LINK_LOGIN: null,
    });
    await context.close();
  });

  test('an instance admin renames the instance, sets sign-in, SMTP, workspaces and users, and sees it audited', async ({
    page,
    browser,
    context,
  }) => {
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // A second, ordinary account to manage (its own browser, so the admin's session stays).
    const otherContext = await browser.newContext();
    const otherPage = await otherContext.newPage();
    const suffix = Date.now().toString(36);
    const other = await signUpWithWorkspace(otherPage, 'Other Co', `other-${suffix}`);
    await otherContext.close();

    await signInAsInstanceAdmin(page);
    await page.goto(`/${INSTANCE_ADMIN.workspaceSlug}`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin console' }).click();
    await expect(page).toHaveURL(/\/god-mode\/general$/);

    // General: rename the instance.
    await expect(page.getByRole('heading', { name: 'General', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Admin email')).toHaveValue(INSTANCE_ADMIN.email);
    await expect(page.getByRole('switch', { name: 'Send anonymous usage data' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    // The e2e server sets WEBHOOK_ALLOW_PRIVATE in its environment: the console shows it in effect.
    await expect(page.getByRole('switch', { name: 'Allow private addresses' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.getByLabel('Instance name').fill(`Kite ${suffix}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Instance name saved')).toBeVisible();
    await snap(page, 'god-mode-general');
    expect((await api<InstanceAnswer>(page, 'get', '/api/instances/')).instance.instance_name).toBe(
      `Kite ${suffix}`,
    );

    // Authentication: a sign-in method switched here is what the instance reports.
    await openSection(page, 'Authentication');
    const magic = page.getByRole('switch', { name: 'Magic code' });
    const wasOn = (await magic.getAttribute('aria-checked')) === 'true';
    await magic.click();
    await expect(magic).toHaveAttribute('aria-checked', String(!wasOn));
    await expect
      .poll(
        async () => (await api<InstanceAnswer>(page, 'get', '/api/instances/')).config.is_magic_login_enabled,
      )
      .toBe(!wasOn);

    // OpenID Connect: configured, the secret comes back masked, the callback URL copies.
    const oidc = page.getByRole('listitem', { name: 'OpenID Connect' });
    await expect(oidc.getByText('Off')).toBeVisible();
    await oidc.getByRole('button', { name: 'Configure OpenID Connect' }).click();
    let dialog = page.getByRole('dialog', { name: 'Configure OpenID Connect' });
    await dialog.getByLabel('Issuer URL').fill('https://sso.example.com/realms/main');
    await dialog.getByLabel('Client ID').fill('kite-e2e');
    await dialog.getByLabel('Client secret').fill('oidc-e2e-secret');
    await dialog.getByLabel('Allowed email domains').fill('example.com');
    await expect(dialog.getByLabel('Scopes')).toHaveValue('openid email profile');
    await snap(page, 'god-mode-oidc-dialog');
    await dialog.getByRole('button', { name: 'Copy callback url' }).click();
    await expect(page.getByText('Callback URL copied')).toBeVisible();
    const origin = new URL(page.url()).origin;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/auth/oidc/callback/`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('OpenID Connect settings saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Authentication', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Configure OpenID Connect' }).click();
    dialog = page.getByRole('dialog', { name: 'Configure OpenID Connect' });
    await expect(dialog.getByLabel('Client ID')).toHaveValue('kite-e2e');
    await expect(dialog.getByLabel('Client secret')).toHaveValue('********');
    await expect(dialog.getByLabel('Client secret')).toHaveAttribute('type', 'password');
    await page.keyboard.press('Escape');
    await snap(page, 'god-mode-authentication');

    // Email: SMTP saved, and a test to a port nothing listens on shows the server's error.
    await openSection(page, 'Email');
    const port = await closedPort();
    await page.getByLabel('Host').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(port));
    await page.getByLabel(/^Username/).fill('mailer');
    await page.getByLabel(/^Password/).fill('smtp-e2e-secret');
    await page.getByLabel('Sender address').fill('kite@example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Email settings saved')).toBeVisible();
    await expect(page.getByLabel(/^Password/)).toHaveValue('********');
    await page.getByRole('button', { name: 'Send test email' }).click();
    const test_ = page.getByRole('dialog', { name: 'Send a test email' });
    await expect(test_.getByLabel('Send to')).toHaveValue(INSTANCE_ADMIN.email);
    await test_.getByRole('button', { name: 'Send' }).click();
    await expect(test_.getByRole('alert')).toContainText('ECONNREFUSED', { timeout: 20_000 });
    await snap(page, 'god-mode-email-test-failed');
    await test_.getByRole('button', { name: 'Done' }).click();

    // Workspaces: create one and find it with its counts.
    await openSection(page, 'Workspaces');
    await expect(page.getByRole('switch', { name: 'Allow members to create workspaces' })).toBeVisible();
    await page.getByRole('button', { name: 'Create workspace' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create workspace' });
    await create.getByLabel('Workspace name').fill(`Console ${suffix}`);
    await create.getByLabel('Workspace URL').fill('god-mode');
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await expect(create.getByText('This slug is reserved')).toBeVisible();
    await create.getByLabel('Workspace URL').fill(`other-${suffix}`);
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await expect(create.getByText('This workspace URL is already taken')).toBeVisible();
    await create.getByLabel('Workspace URL').fill(`console-${suffix}`);
    await create.getByRole('button', { name: 'Create workspace' }).click();
    await expect(create).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search workspaces' }).fill(`console-${suffix}`);
    const row = page.getByRole('row', { name: `Console ${suffix}` });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(row.getByRole('cell').nth(1)).toContainText(INSTANCE_ADMIN.email);
    await expect(row.getByRole('cell').nth(2)).toHaveText('1');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    await page.getByRole('searchbox', { name: 'Search workspaces' }).fill('');
    await expect(page.getByRole('row', { name: 'Other Co' })).toBeVisible();
    await snap(page, 'god-mode-workspaces');

    // Users: find the other account, deactivate and reactivate it, grant and revoke admin.
    await openSection(page, 'Users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(other.email);
    const user = page.getByRole('row', { name: other.email });
    await expect(user).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    const act = async (item: string, confirm: string) => {
      await user.getByRole('button', { name: `Actions for ${other.email}` }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await page.getByRole('dialog').getByRole('button', { name: confirm }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
    };
    await act('Deactivate', 'Deactivate');
    await expect(user.getByText('Deactivated')).toBeVisible();
    await snap(page, 'god-mode-users-deactivated');
    await act('Reactivate', 'Reactivate');
    await expect(user.getByText('Active', { exact: true })).toBeVisible();
    await act('Make instance admin', 'Make admin');
    await expect(user.getByText('Admin', { exact: true })).toBeVisible();
    await act('Remove instance admin', 'Remove admin');
    await expect(user.getByText('Admin', { exact: true })).toBeHidden();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('');
    await expect(page.getByRole('row', { name: INSTANCE_ADMIN.email })).toBeVisible();
    await snap(page, 'god-mode-users');

    // Audit log: every change above, newest first, secrets never shown.
    await openSection(page, 'Audit log');
    const log = page.getByRole('list', { name: 'Audit log entries' });
    const entries = log.locator(':scope > li');
    await expect(entries.first()).toContainText('Removed an instance admin');
    await expect(entries.first()).toContainText(other.email);
    for (const text of [
      'Made an instance admin',
      'Reactivated a user',
      'Deactivated a user',
      'Created a workspace',
      `console-${suffix}`,
      'Sent a test email',
      'EMAIL_HOST',
      'OIDC_CLIENT_SECRET',
      'ENABLE_MAGIC_LINK_LOGIN',
      `Kite ${suffix}`,
    ]) {
      await expect(log, text).toContainText(text);
    }
    await expect(log).not.toContainText('oidc-e2e-secret');
    await expect(log).not.toContainText('smtp-e2e-secret');
    await snap(page, 'god-mode-audit-log');
  });

  test('a workspace admin who is not an instance admin finds no console', async ({ page }) => {
    const { slug } = await signUpWithWorkspace(page, 'Plain Co', `plain-${Date.now().toString(36)}`);
    await page.goto(`/${slug}`);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Account settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/god-mode');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin console' })).toHaveCount(0);
    await page.goto('/god-mode/users');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await snap(page, 'god-mode-not-found');
  });

  test('a signed-out visitor is asked to sign in first', async ({ page }) => {
    await page.goto('/god-mode/email');
    await expect(page).toHaveURL(/[?&]next_path=%2Fgod-mode%2Femail/);
  });
});
