import { expect, type Page, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light' }).check();
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

test('a module: create it, fill it with work items and a link, see its progress, archive and restore it', async ({
  page,
}) => {
  // One long walk through every modules screen, in both themes.
  test.setTimeout(180_000);
  const slug = `modules-${Date.now()}`;
  await signUpWithWorkspace(page, 'Modules Co', slug);
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Website',
    identifier: 'WEB',
  });
  const p = `/api/workspaces/${slug}/projects/${project.id}`;

  // From the project's sections in the sidebar to the empty modules page, then the dialog.
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  await page
    .getByRole('list', { name: 'Sections of the project' })
    .getByRole('link', { name: 'Modules' })
    .click();
  await expect(page.getByRole('region', { name: 'No modules yet' })).toBeVisible();
  await snap(page, 'modules-empty');
  await page.getByRole('button', { name: 'Create module' }).click();
  const dialog = page.getByRole('dialog', { name: 'New module' });
  await dialog.getByLabel('Name').fill('Billing');
  await dialog.getByLabel('Description').fill('Invoices, plans and receipts');
  await dialog.getByLabel('Status').selectOption('in-progress');
  await dialog.getByLabel('Start date').fill('2026-11-02');
  await dialog.getByLabel('Target date').fill('2026-12-31');
  // The lead is one of the project's members (the signed-up user, named after the mail's local part).
  await dialog.getByRole('button', { name: 'Lead: none' }).click();
  await page.getByRole('menuitemradio', { name: /^e2e-/ }).click();
  await expect(dialog.getByRole('button', { name: /^Lead: e2e-/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Members: none' }).click();
  await page.getByRole('menuitemcheckbox', { name: /^e2e-/ }).click();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: /^Members: e2e-/ })).toBeVisible();
  await snap(page, 'module-dialog');
  await dialog.getByRole('button', { name: 'Create module' }).click();
  await expect(dialog).toHaveCount(0);
  const list = page.getByRole('list', { name: 'Modules' });
  await expect(list.getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(list.getByText('In progress')).toBeVisible();
  await expect(list.getByText(/Lead: e2e-/)).toBeVisible();

  // A name already used is refused in the dialog.
  await page.getByRole('button', { name: 'New module' }).click();
  const again = page.getByRole('dialog', { name: 'New module' });
  await again.getByLabel('Name').fill('Billing');
  await again.getByRole('button', { name: 'Create module' }).click();
  await expect(again.getByText(/already exists/)).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  // The module's page: items created there join it; a link; the progress follows the items.
  await list.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('region', { name: 'No work items in this module' })).toBeVisible();
  for (const name of ['Invoice PDF', 'Plan upgrade flow']) {
    await page.getByRole('button', { name: 'New work item' }).first().click();
    const create = page.getByRole('dialog', { name: /work item/i });
    await create
      .getByRole('textbox', { name: /title|name/i })
      .first()
      .fill(name);
    await create.getByRole('button', { name: /^Create/ }).click();
    await expect(create).toHaveCount(0);
  }
  const items = page.getByRole('main', { name: 'Work items' });
  await expect(items.getByText('Plan upgrade flow')).toBeVisible();
  const moduleId = page.url().split('/modules/')[1]!.split(/[?/]/)[0]!;
  const inModule = await api<{ results: { id: string; name: string }[] }>(
    page,
    'get',
    `${p}/modules/${moduleId}/issues/`,
  );
  expect(inModule.results).toHaveLength(2);

  const panel = page.getByRole('complementary', { name: 'Module progress' });
  await panel.getByRole('button', { name: 'Add link' }).click();
  await panel.getByLabel('URL').fill('javascript:alert(1)');
  await panel.getByRole('button', { name: 'Add link' }).click();
  await expect(panel.getByText('Enter a valid http or https URL')).toBeVisible();
  await panel.getByLabel('URL').fill('https://example.com/billing-spec');
  await panel.getByLabel('Title').fill('Billing spec');
  await panel.getByRole('button', { name: 'Add link' }).click();
  await expect(panel.getByRole('link', { name: 'Billing spec' })).toHaveAttribute(
    'href',
    'https://example.com/billing-spec',
  );

  // An item of the project's list joins from its row's Modules property, and shows there.
  await api(page, 'post', `${p}/issues/`, { name: 'Refund flow' });
  const moduleUrl = page.url();
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  const refund = page.getByTestId('list-layout').getByRole('button', { name: /Refund flow/ });
  await refund.getByRole('button', { name: 'Modules: none' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Billing' }).click();
  await page.keyboard.press('Escape');
  await expect(refund.getByRole('button', { name: 'Modules: Billing' })).toBeVisible();
  await snap(page, 'issues-list-with-modules');

  // Completing one on the module's page moves its progress at once.
  await page.goto(moduleUrl);
  await expect(items.getByText('Refund flow')).toBeVisible();
  await items
    .getByRole('button', { name: /Invoice PDF/ })
    .getByRole('button', { name: /^State: / })
    .click();
  await page.getByRole('menuitemradio', { name: 'Done' }).click();
  await expect(panel.getByText('33% done')).toBeVisible();
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await page.goto(`/${slug}/projects/${project.id}/modules/${moduleId}`);
    await expect(
      page.getByRole('complementary', { name: 'Module progress' }).getByText('33% done'),
    ).toBeVisible();
    // The chart draws its three lines: ideal, remaining and scope.
    const burndown = page.getByRole('figure', { name: /Burndown/ });
    await expect(burndown.getByText('Remaining')).toBeVisible();
    await expect(burndown.locator('path.recharts-line-curve')).toHaveCount(3);
    await snap(page, `${theme}-module-page`);
    await page.goto(`/${slug}/projects/${project.id}/modules`);
    await expect(page.getByRole('list', { name: 'Modules' }).getByText('1/3')).toBeVisible();
    await snap(page, `${theme}-modules`);
    // The same modules as a gallery of cards and on a timeline; the list again for what follows.
    const suffix = theme === 'dark' ? '-dark' : '';
    await page.getByRole('button', { name: 'Gallery layout' }).click();
    await expect(
      page.getByRole('list', { name: 'Modules gallery' }).getByRole('link', { name: 'Billing' }),
    ).toBeVisible();
    await snap(page, `modules-gallery${suffix}`);
    await page.getByRole('button', { name: 'Timeline layout' }).click();
    await expect(
      page
        .getByRole('region', { name: 'Modules timeline' })
        .getByRole('link', { name: /^Billing: 33% done/ }),
    ).toBeVisible();
    await snap(page, `modules-timeline${suffix}`);
    await page.getByRole('button', { name: 'List layout' }).click();
  }

  // Completed, then archived and restored from the list.
  await page.getByRole('button', { name: 'Actions for Billing' }).click();
  await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit module' });
  await edit.getByLabel('Status').selectOption('completed');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toHaveCount(0);
  await page.getByRole('button', { name: 'Actions for Billing' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByRole('region', { name: 'No modules yet' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Module lists' })
    .getByRole('link', { name: 'Archived' })
    .click();
  await expect(
    page.getByRole('list', { name: 'Archived modules' }).getByRole('link', { name: 'Billing' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Actions for Billing' }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expect(page.getByRole('region', { name: 'No archived modules' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Module lists' }).getByRole('link', { name: 'Modules' }).click();
  await expect(
    page.getByRole('list', { name: 'Modules' }).getByRole('link', { name: 'Billing' }),
  ).toBeVisible();
});
