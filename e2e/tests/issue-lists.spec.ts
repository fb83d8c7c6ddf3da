import { expect, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

test('archived and draft lists of a project, and the workspace views across projects', async ({ page }) => {
  const slug = `lists-${Date.now()}`;
  await signUpWithWorkspace(page, 'Lists Co', slug);
  const me = await api<{ id: string }>(page, 'get', '/api/users/me/');
  const web = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const app = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Mobile app',
    identifier: 'APP',
  });
  const p = `/api/workspaces/${slug}/projects/${web.id}`;
  const states = await api<{ id: string; group: string }[]>(page, 'get', `${p}/states/`);
  const done = states.find((s) => s.group === 'completed')!;
  await api(page, 'post', `${p}/issues/`, { name: 'Fix the pricing page', assignee_ids: [me.id] });
  const old = await api<{ id: string }>(page, 'post', `${p}/issues/`, {
    name: 'Ship the old landing page',
    state_id: done.id,
  });
  await api(page, 'post', `${p}/issues/${old.id}/archive/`);
  await api(page, 'post', `/api/workspaces/${slug}/projects/${app.id}/issues/`, { name: 'Crash on launch' });

  // The archive: the archived item, read-only, restored from its row.
  await page.goto(`/${slug}/projects/${web.id}/issues`);
  const items = page.getByRole('main', { name: 'Work items' });
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page/ })).toBeVisible();
  await expect(items.getByText('Ship the old landing page')).toHaveCount(0);
  const tabs = page.getByRole('navigation', { name: 'Work item lists' });
  await tabs.getByRole('link', { name: 'Archived' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${web.id}/archives/issues$`));
  await expect(tabs.getByRole('link', { name: 'Archived' })).toHaveAttribute('aria-current', 'page');
  await expect(items.getByRole('button', { name: /^WEB-2 Ship the old landing page/ })).toBeVisible();
  await expect(items.getByText('Fix the pricing page')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^New work item/ })).toHaveCount(0);
  await snap(page, 'archived-list');
  // The peek opens over the archive, with the item's archived state.
  await items.getByRole('button', { name: /^WEB-2 Ship the old landing page/ }).click();
  await expect(page).toHaveURL(/archives\/issues\?peekId=/);
  const peek = page.getByTestId('issue-peek');
  await expect(peek).toContainText('This work item is archived and read-only.');
  await snap(page, 'archived-peek');
  await page.keyboard.press('Escape');
  await expect(peek).toHaveCount(0);
  await expect(page).toHaveURL(/archives\/issues$/);
  await items.getByRole('button', { name: 'Restore WEB-2' }).click();
  await expect(page.getByText('WEB-2 restored')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No archived work items' })).toBeVisible();
  await snap(page, 'archived-empty');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No archived work items' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Work items' }).click();
  await expect(items.getByRole('button', { name: /^WEB-2 Ship the old landing page/ })).toBeVisible();

  // A new work item saved as a draft stays out of the list and waits under Drafts.
  await page.getByRole('button', { name: 'New work item', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New work item' });
  await create.getByLabel('Name').fill('Draft the pricing FAQ');
  await snap(page, 'create-dialog-save-as-draft');
  await create.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page.getByText('Draft saved: find it under Drafts')).toBeVisible();
  await expect(items.getByText('Draft the pricing FAQ')).toHaveCount(0);
  await tabs.getByRole('link', { name: 'Drafts' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${web.id}/drafts$`));
  await expect(items.getByRole('button', { name: /Draft the pricing FAQ/ })).toBeVisible();

  // Drafts: quick add, the dialog, edit and publish, delete with a confirmation.
  await page.getByRole('button', { name: 'New draft', exact: true }).click();
  const newDraft = page.getByRole('dialog', { name: 'New draft' });
  await newDraft.getByLabel('Name').fill('Plan the spring sale');
  await newDraft.getByLabel('Priority').selectOption('high');
  await newDraft.getByRole('button', { name: 'Save draft' }).click();
  await expect(items.getByRole('button', { name: /Plan the spring sale/ })).toBeVisible();
  await items.getByRole('button', { name: 'New draft in All work items' }).click();
  await items
    .getByRole('textbox', { name: 'Name of the new draft in All work items' })
    .fill('Write release notes');
  await page.keyboard.press('Enter');
  await expect(items.getByRole('button', { name: /^WEB-\d+ Write release notes/ })).toBeVisible();
  await snap(page, 'drafts-list');
  // Publish from the row: the draft leaves the list.
  await items
    .getByRole('button', { name: /^WEB-\d+ Write release notes/ })
    .getByRole('button', { name: 'Publish WEB-5' })
    .click();
  await expect(page.getByText('WEB-5 published')).toBeVisible();
  await expect(items.getByText('Write release notes')).toHaveCount(0);

  await items.getByRole('button', { name: /Plan the spring sale/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit draft' });
  await expect(edit.getByLabel('Name')).toHaveValue('Plan the spring sale');
  await expect(edit.getByLabel('Priority')).toHaveValue('high');
  await snap(page, 'drafts-edit-dialog');
  await edit.getByLabel('Name').fill('Plan the summer sale');
  await edit.getByRole('button', { name: 'Save draft' }).click();
  await expect(items.getByRole('button', { name: /Plan the summer sale/ })).toBeVisible();
  await snap(page, 'drafts-edited');
  await items.getByRole('button', { name: /Plan the summer sale/ }).click();
  await page.getByRole('dialog', { name: 'Edit draft' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('WEB-4 published')).toBeVisible();
  await expect(items.getByText('Plan the summer sale')).toHaveCount(0);

  const faq = items.getByRole('button', { name: /Draft the pricing FAQ/ });
  await faq.getByRole('button', { name: /^Delete draft/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
  await confirm.getByRole('button', { name: 'Delete draft' }).click();
  await expect(page.getByRole('heading', { name: 'No drafts' })).toBeVisible();
  await snap(page, 'drafts-empty');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'No drafts' })).toBeVisible();

  // The published draft is a work item of the project now (and survives a reload).
  await tabs.getByRole('link', { name: 'Work items' }).click();
  await expect(items.getByRole('button', { name: /Plan the summer sale/ })).toBeVisible();
  await expect(items.getByRole('button', { name: /Write release notes/ })).toBeVisible();

  // Workspace views: every project's items in a spreadsheet; Assigned narrows to mine.
  // The workspace's Views, not the open project's section of the same name under it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Views' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/workspace-views/all-issues$`));
  const views = page.getByRole('navigation', { name: 'Views' });
  await expect(views.getByRole('link', { name: 'All work items' })).toHaveAttribute('aria-current', 'page');
  await expect(items.getByText('Crash on launch')).toBeVisible();
  await expect(items.getByText('Fix the pricing page')).toBeVisible();
  await expect(items.getByText('APP-1')).toBeVisible();
  await snap(page, 'workspace-views-all');
  await views.getByRole('link', { name: 'Assigned' }).click();
  await expect(page).toHaveURL(/\/workspace-views\/assigned$/);
  await expect(items.getByText('Fix the pricing page')).toBeVisible();
  await expect(items.getByText('Crash on launch')).toHaveCount(0);
  await page.getByRole('button', { name: 'List layout' }).click();
  await expect(items.getByRole('button', { name: /^WEB-1 Fix the pricing page/ })).toBeVisible();
  await snap(page, 'workspace-views-assigned-list');
  // An item opens on its page.
  await items.getByRole('button', { name: /^WEB-1 Fix the pricing page/ }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${web.id}/issues/`));

  // The same screens in the dark theme.
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.goto(`/${slug}/workspace-views/all-issues`);
  await expect(items.getByText('Crash on launch')).toBeVisible();
  await snap(page, 'dark-workspace-views-all');
  await page.goto(`/${slug}/projects/${web.id}/drafts`);
  await expect(page.getByRole('heading', { name: 'No drafts' })).toBeVisible();
  await snap(page, 'dark-drafts-empty');
});
