import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

/**
 * Programmable from outside (api.md §13–14): an API token made in settings works once against
 * /api/v1, and a webhook made in settings receives a delivery after a work item changes, which its
 * delivery log then shows.
 */

/** A local receiver of webhook deliveries (the e2e server allows private destinations). */
async function startReceiver() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, bodies, close: () => server.close() };
}

test('an API token and a webhook made in settings work from outside', async ({ page, request }) => {
  const receiver = await startReceiver();
  try {
    const slug = `integrations-${Date.now()}`;
    await signUpWithWorkspace(page, 'Integrations', slug);

    // The token is shown once, with a copy button; it answers /api/v1 as its user.
    await page.goto(`/${slug}/settings/api-tokens`);
    await page.getByRole('button', { name: 'Add API token' }).first().click();
    const create = page.getByRole('dialog', { name: 'Add API token' });
    await create.getByLabel('Label').fill('CI script');
    await create.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByRole('dialog', { name: 'Copy your new API token' });
    const token = await shown.getByLabel('API token').inputValue();
    expect(token).toMatch(/^plane_api_/);
    await snap(page, 'integrations-token-created');
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('CI script')).toBeVisible();
    const me = await request.get('/api/v1/users/me/', { headers: { 'X-Api-Key': token } });
    expect(me.status()).toBe(200);
    expect((await request.get('/api/v1/users/me/', { headers: { 'X-Api-Key': `${token}x` } })).status()).toBe(
      401,
    );

    // A webhook for work items only; its secret is shown once.
    await page.goto(`/${slug}/settings/webhooks`);
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('Payload URL').fill(receiver.url);
    await dialog.getByRole('radio', { name: 'Individual events' }).check();
    for (const other of ['Projects', 'Cycles', 'Modules', 'Comments', 'Intake']) {
      await dialog.getByRole('checkbox', { name: new RegExp(`^${other}`) }).uncheck();
    }
    await dialog.getByRole('checkbox', { name: /^Work items/ }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await expect(
      page
        .getByRole('dialog')
        .getByText(/secret/i)
        .first(),
    ).toBeVisible();
    await snap(page, 'integrations-webhook-secret');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listitem', { name: receiver.url })).toBeVisible();

    // A work item changes; the receiver gets the delivery and the log shows it.
    const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
      name: 'Hooks',
      identifier: 'HK',
    });
    await api(page, 'post', `/api/workspaces/${slug}/projects/${project.id}/issues/`, { name: 'Ship it' });
    await expect.poll(() => receiver.bodies.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const events = receiver.bodies.map((body) => JSON.parse(body) as { event: string; action: string });
    // Only what the webhook asked for: the project's creation went to no one.
    expect(events.map((e) => `${e.event}.${e.action}`)).toEqual(['issue.created']);
    await page.getByRole('link', { name: `Deliveries of ${receiver.url}` }).click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/settings/webhooks/[0-9a-f-]{36}#deliveries$`));
    const webhookPath = new URL(page.url()).pathname;
    const logs = page.getByRole('table', { name: 'Delivery attempts' });
    await expect(logs.getByRole('cell', { name: 'issue.created' })).toBeVisible();
    await expect(logs.getByRole('cell', { name: /^200/ })).toBeVisible();
    await snap(page, 'integrations-webhook-log');

    // The webhook's own page (spec §2, webhookId), opened by its URL and reloaded: its settings
    // and its delivery log; a switch made there holds after a reload.
    await page.goto(webhookPath);
    await page.reload();
    await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
    await expect(page.locator('dd', { hasText: /^Work items$/ })).toBeVisible();
    await expect(page.locator('dd', { hasText: /^plane_wh_\*{4}/ })).toBeVisible();
    await expect(logs.getByRole('cell', { name: 'issue.created' })).toBeVisible();
    await page.getByRole('switch', { name: `Disable ${receiver.url}` }).click();
    await expect(page.getByText('Off: nothing is sent')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: `Enable ${receiver.url}` })).toBeVisible();
    await snap(page, 'integrations-webhook-page');
    // An id that is no webhook of the workspace says so.
    await page.goto(`/${slug}/settings/webhooks/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByRole('region', { name: 'Webhook not found' })).toBeVisible();
    await snap(page, 'integrations-webhook-not-found');
    // Deleted from its page, it leaves the list.
    await page.goto(webhookPath);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Delete this webhook?' })
      .getByRole('button', { name: 'Delete webhook' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${slug}/settings/webhooks$`));
    await expect(page.getByRole('region', { name: 'No webhooks yet' })).toBeVisible();
  } finally {
    receiver.close();
  }
});
