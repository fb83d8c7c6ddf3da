import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, csrfHeaders, mailedLink, PASSWORD, signUpWithWorkspace, uniqueEmail } from './helpers.ts';

const SHOTS = '/tmp/pages-shots';

/** Saves a picture under /tmp/pages-shots for a human to look at. */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
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
  const me = await api<{ id: string; display_name: string }>(page, 'get', '/api/users/me/');
  return { page, id: me.id, name: me.display_name };
}

const body = (page: Page) => page.getByRole('textbox', { name: 'Page content' });

/**
 * Whether the caret is in the editor's last top-level block — in the editor's own state, not only in
 * the DOM: the browser moves the DOM caret at once, ProseMirror reads it on the next selectionchange,
 * and a key pressed before that (Playwright types faster than a hand, and a busy page delays the
 * event) would act on the old position.
 */
const caretInLastBlock = (page: Page) =>
  page.evaluate(() => {
    const dom = document.querySelector('[aria-label="Page content"]') as
      | (Element & {
          editor?: {
            state: { doc: { childCount: number }; selection: { $from: { index(depth: number): number } } };
          };
        })
      | null;
    const state = dom?.editor?.state;
    return !!state && state.selection.$from.index(0) === state.doc.childCount - 1;
  });

test('two members edit one page together; a lock makes the other read-only; the title autosaves', async ({
  page: grace,
  browser,
}) => {
  const slug = `pages-${Date.now()}`;
  await signUpWithWorkspace(grace, 'Pages Co', slug);
  const graceMe = await api<{ display_name: string }>(grace, 'get', '/api/users/me/');
  const project = await api<{ id: string }>(grace, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  const bea = await joinAsMember(browser, grace, slug);
  await api(grace, 'post', `${p}/members/`, { members: [{ member_id: bea.id, role: 15 }] });
  const created = await api<{ id: string }>(grace, 'post', `${p}/pages/`, { name: 'Launch plan' });
  const url = `/${slug}/projects/${project.id}/pages/${created.id}`;

  await grace.goto(url);
  await bea.page.goto(url);
  for (const page of [grace, bea.page]) {
    await expect(page.getByRole('textbox', { name: 'Page title' })).toHaveValue('Launch plan');
    await expect(body(page)).toHaveAttribute('contenteditable', 'true');
  }

  // The empty page shows the spec's placeholder (drawn by CSS from the attribute).
  const empty = body(grace).locator('p.is-editor-empty');
  await expect(empty).toHaveAttribute('data-placeholder', "Press '/' for commands...");
  expect(await empty.evaluate((p) => getComputedStyle(p, '::before').content)).toBe(
    '"Press \'/\' for commands..."',
  );

  // Each types; each sees the other's words.
  await body(grace).click();
  await grace.keyboard.type('Hello from Grace.');
  await expect(body(bea.page)).toContainText('Hello from Grace.');
  await body(bea.page).click();
  await bea.page.keyboard.press('End');
  await bea.page.keyboard.press('Enter');
  await bea.page.keyboard.type('And Bea was here.');
  await expect(body(grace)).toContainText('And Bea was here.');
  await expect(body(bea.page)).toContainText('Hello from Grace.');

  // Each sees the other's caret with their name, and their avatar among the editors.
  await expect(grace.locator('.collaboration-carets__label', { hasText: bea.name })).toBeVisible();
  await expect(
    bea.page.locator('.collaboration-carets__label', { hasText: graceMe.display_name }),
  ).toBeVisible();
  await expect(grace.getByRole('list', { name: 'Also editing' })).toContainText(bea.name);
  await shot(grace, 'together-grace');
  await shot(bea.page, 'together-bea');

  // The title is saved 2 s after the last keystroke, saying so.
  const title = grace.getByRole('textbox', { name: 'Page title' });
  await title.click();
  await title.press('End');
  await title.pressSequentially(' v2');
  const status = grace.getByTestId('title-status');
  await expect(status).toHaveText('Saving…');
  await expect(status).toHaveText('Saved', { timeout: 6000 });
  const saved = await api<{ name: string }>(grace, 'get', `${p}/pages/${created.id}/`);
  expect(saved.name).toBe('Launch plan v2');
  // Bea's page follows (the rename is announced to the other editors).
  await expect(bea.page.getByRole('textbox', { name: 'Page title' })).toHaveValue('Launch plan v2');

  // The owner locks the page: Bea's editor turns read-only, with the banner.
  await grace.getByRole('button', { name: 'Lock page' }).click();
  await expect(grace.getByText('This page is locked')).toBeVisible();
  await expect(body(grace)).toHaveAttribute('contenteditable', 'false');
  await expect(bea.page.getByText('This page is locked')).toBeVisible({ timeout: 20_000 });
  await expect(body(bea.page)).toHaveAttribute('contenteditable', 'false');
  await shot(bea.page, 'locked-light');

  // Unlocked, Bea may edit again.
  await grace.getByRole('button', { name: 'Unlock page' }).click();
  await expect(body(bea.page)).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
  await bea.page.context().close();
});

test('pages list and a page with rich content, in light and dark', async ({ page }) => {
  const slug = `pages-shots-${Date.now()}`;
  await signUpWithWorkspace(page, 'Pages Shots', slug);
  const me = await api<{ id: string; display_name: string }>(page, 'get', '/api/users/me/');
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;
  await api(page, 'post', `${p}/issues/`, { name: 'Fix the pricing page' });
  const list = `/${slug}/projects/${project.id}/pages`;

  for (const theme of ['light', 'dark'] as const) {
    await api(page, 'patch', '/api/users/me/profile/', { theme: { theme } });
    // Empty states (a fresh project only for the first theme; the archived tab stays empty).
    if (theme === 'light') {
      await page.goto(list);
      await expect(page.getByRole('region', { name: 'No public pages yet' })).toBeVisible();
      await shot(page, `${theme}-empty-public`);
    }
    await page.goto(`${list}?tab=archived`);
    await expect(page.getByRole('region', { name: 'No archived pages' })).toBeVisible();
    await shot(page, `${theme}-empty-archived`);
  }
  await api(page, 'patch', '/api/users/me/profile/', { theme: { theme: 'light' } });

  const html = [
    '<h1>Launch plan</h1>',
    '<p>Owner: <mention-component entity_identifier="' +
      me.id +
      '" entity_name="user_mention" label="' +
      me.display_name +
      '">@' +
      me.display_name +
      '</mention-component> — see the checklist below.</p>',
    '<div data-type="callout" data-emoji="💡"><p>Ship on Friday unless the pricing page is still broken.</p></div>',
    '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked><span></span></label><div><p>Write the announcement</p></div></li><li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Record the demo</p></div></li></ul>',
    '<table><tbody><tr><th><p>Area</p></th><th><p>Owner</p></th><th><p>Status</p></th></tr><tr><td><p>Docs</p></td><td><p>Grace</p></td><td><p>Done</p></td></tr><tr><td><p>Pricing</p></td><td><p>Bea</p></td><td><p>In progress</p></td></tr></tbody></table>',
    '<issue-embed-component entity_identifier="x" project_identifier="WEB" sequence_id="1">WEB-1</issue-embed-component>',
    '<pre><code>npm run release</code></pre>',
  ].join('');
  // One rich page per theme (each theme's pass adds a card and a mention to its page).
  const rich = {
    light: await api<{ id: string }>(page, 'post', `${p}/pages/`, {
      name: 'Launch plan',
      description_html: html,
    }),
    dark: await api<{ id: string }>(page, 'post', `${p}/pages/`, {
      name: 'Launch plan (dark)',
      description_html: html,
    }),
  };
  const notes = await api<{ id: string }>(page, 'post', `${p}/pages/`, { name: 'Architecture notes' });
  const locked = await api<{ id: string }>(page, 'post', `${p}/pages/`, { name: 'Security review' });
  await api(page, 'post', `${p}/pages/${locked.id}/lock/`);
  await api(page, 'post', `${p}/pages/`, { name: 'My scratchpad', access: 1 });
  await api(page, 'post', `${p}/favorite-pages/${rich.light.id}/`);
  await api(page, 'post', `${p}/favorite-pages/${notes.id}/`);

  for (const theme of ['light', 'dark'] as const) {
    await api(page, 'patch', '/api/users/me/profile/', { theme: { theme } });
    await page.goto(list);
    await expect(page.getByRole('list', { name: 'Public pages' })).toContainText('Launch plan');
    await shot(page, `${theme}-list`);

    // The favorites filter: the public favorites, then a tab without any (it stays on across tabs).
    const favorites = page.getByRole('button', { name: 'Favorites', exact: true });
    await favorites.click();
    await expect(favorites).toHaveAttribute('aria-pressed', 'true');
    const publicList = page.getByRole('list', { name: 'Public pages' });
    await expect(publicList.getByRole('listitem')).toHaveCount(2);
    await expect(publicList).not.toContainText('Security review');
    await shot(page, `${theme}-favorites`);
    await page
      .getByRole('navigation', { name: 'Page tabs' })
      .getByRole('link', { name: /Private/ })
      .click();
    const none = page.getByRole('region', { name: 'No favorite pages' });
    await expect(none).toBeVisible();
    await shot(page, `${theme}-favorites-empty`);
    await none.getByRole('button', { name: 'Show all pages' }).click();
    await expect(page.getByRole('list', { name: 'Private pages' })).toContainText('My scratchpad');

    await page.goto(`${list}/${rich[theme].id}`);
    await expect(body(page)).toContainText('Ship on Friday');
    // The stored mention links to the member's profile in this workspace.
    await expect(body(page).locator('a.mention')).toHaveAttribute('href', `/${slug}/profile/${me.id}`);
    await expect(page.locator('.work-item-embed')).toContainText('Fix the pricing page');
    await shot(page, `${theme}-editor`);
    // The '/' menu.
    // Into the heading (a click in the middle may land in the table, where Ctrl+End stays in the cell).
    await body(page).getByRole('heading', { name: 'Launch plan' }).click();
    // The editor may still be taking the click's selection: press again until the caret is in the
    // document's last block.
    await expect(async () => {
      await page.keyboard.press('Control+End');
      expect(await caretInLastBlock(page)).toBe(true);
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await page.keyboard.type('/');
    await expect(page.getByRole('listbox', { name: 'Commands' })).toBeVisible();
    await shot(page, `${theme}-slash-menu`);
    await page.keyboard.type('work');
    await page.keyboard.press('Enter');
    await page.getByLabel('Work item key').fill('web-1');
    await shot(page, `${theme}-embed-prompt`);
    await page.getByRole('button', { name: 'Embed' }).click();
    await expect(page.locator('.work-item-embed')).toHaveCount(2);
    // An @ mention from the members.
    await page.keyboard.type('Thanks @');
    await expect(page.getByRole('listbox', { name: 'Members' })).toBeVisible();
    await shot(page, `${theme}-mention-menu`);
    await page.keyboard.press('Enter');
    await expect(body(page).locator('a.mention')).toHaveCount(2);
    // Typed after the new card, not somewhere else in the document.
    await expect(body(page).locator('> p').last()).toContainText('Thanks @');

    await page.goto(`${list}/${locked.id}`);
    await expect(page.getByText('This page is locked')).toBeVisible();
    await shot(page, `${theme}-locked`);
  }
  // Opened again after its edits were stored, a page made from HTML holds its content once.
  await page.goto(`${list}/${rich.light.id}`);
  await expect(body(page).locator('a.mention')).toHaveCount(2);
  await expect(body(page).locator('div[data-type="callout"]')).toHaveCount(1);
  await expect(page.locator('.work-item-embed')).toHaveCount(2);
  await api(page, 'patch', '/api/users/me/profile/', { theme: { theme: 'light' } });
});
