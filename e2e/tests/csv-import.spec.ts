import path from 'node:path';
import { expect, test } from '@playwright/test';
import { api, signUpWithWorkspace, snap } from './helpers.ts';

/**
 * Moving in from Jira by CSV (project settings → Import): the file chosen, recognised as a Jira
 * export, its columns mapped with a preview of the first rows, a dry run, the import followed to
 * its report, and the work items on the board.
 */

const JIRA_EXPORT = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/domains/imports/fixtures/jira.csv',
);

test('a Jira export goes through the mapping screen into the project', async ({ page }) => {
  const slug = `csv-import-${Date.now()}`;
  await signUpWithWorkspace(page, 'CSV import', slug);
  const project = await api<{ id: string }>(page, 'post', `/api/workspaces/${slug}/projects/`, {
    name: 'Shop',
    identifier: 'SHOP',
  });

  await page.goto(`/${slug}/settings/projects/${project.id}/imports`);
  await expect(page.getByRole('heading', { name: 'Import', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'No imports yet' })).toBeVisible();
  await page.getByLabel('Choose a CSV file').setInputFiles(JIRA_EXPORT);

  // Recognised as Jira: its columns are mapped, the repeated Labels and Sprint columns too.
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await expect(page.getByText('It looks like an export of Jira.')).toBeVisible();
  await expect(page.getByLabel('Preset')).toHaveValue('jira');
  await expect(mapping.getByLabel('Field for column Summary')).toHaveValue('name');
  await expect(mapping.getByLabel('Field for column Sprint').first()).toHaveValue('cycle');
  await expect(mapping.getByLabel('Field for column Labels').nth(1)).toHaveValue('labels');

  // The assignees are people of the old tracker and the project has no estimate: not imported.
  await mapping.getByLabel('Field for column Assignee').selectOption({ label: 'Not imported' });
  await mapping.getByLabel('Field for column Custom field (Story Points)').selectOption('');
  await expect(mapping.getByLabel('Field for column Assignee')).toHaveValue('');
  for (const option of ['Create missing states', 'Create missing labels', 'Create missing cycles'])
    await page.getByRole('checkbox', { name: option }).check();

  // The preview reads the first rows as the import will: Jira's priorities and dates.
  const preview = page.getByRole('table', { name: 'Preview of the first rows as mapped' });
  const first = preview.getByRole('row').nth(1);
  await expect(first).toContainText('Checkout fails for guest users');
  await expect(first).toContainText('Urgent');
  await expect(first).toContainText('2024-01-02 09:15 UTC');
  await expect(first).toContainText('checkout, payments');
  await expect(preview.getByRole('columnheader', { name: 'Assignees' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByText('Dry run: 6 to create, 0 to update, 0 unchanged, 0 refused.')).toBeVisible();
  await snap(page, 'csv-import-mapping');

  // Keyboard: Start is reached and pressed without the mouse.
  await page.getByRole('button', { name: 'Start import' }).focus();
  await page.keyboard.press('Enter');
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toBeVisible({ timeout: 30_000 });
  const counts = report.getByLabel('Import counts');
  await expect(counts).toContainText('Created6');
  await expect(counts).toContainText('Refused0');
  await expect(page.getByRole('table', { name: 'Past imports' })).toContainText('Completed');
  await snap(page, 'csv-import-report');

  // The work items are on the project's list, numbered in file order; those with a parent in the
  // file sit under it (the list hides sub-work items by default).
  await page.goto(`/${slug}/projects/${project.id}/issues`);
  const epic = page.getByTestId('issue-row').filter({ hasText: 'Checkout revamp' });
  await expect(epic).toContainText('SHOP-6');
  await expect(page.getByText('Search returns stale results')).toBeVisible();
  await expect(page.getByText('Checkout fails for guest users')).toHaveCount(0);
});
