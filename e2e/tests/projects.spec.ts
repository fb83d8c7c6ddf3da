import { expect, request as playwrightRequest, test } from '@playwright/test';
import { csrfHeaders, mailedLink, PASSWORD, snap, uniqueEmail } from './helpers.ts';

test('create a project, shape its states and labels, add a member; every settings tab pictured', async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now();
  const slug = `proj-${stamp}`;
  const teammate = uniqueEmail('bea');

  // Sign up and onboard through the screens, inviting a teammate as a member.
  await page.goto('/sign-up');
  await page.getByLabel('Email').fill(uniqueEmail('ada'));
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByLabel('Workspace name').fill(`Proj ${stamp}`);
  await expect(page.getByText('This URL is available')).toBeVisible();
  await page.getByRole('button', { name: 'Create workspace' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await page.getByLabel('Email 1').fill(teammate);
  await page.getByLabel('Role 1').selectOption({ label: 'Member' });
  await page.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/?$`));

  // The teammate signs up elsewhere and accepts the emailed invitation.
  const bea = await playwrightRequest.newContext({ baseURL });
  const headers = await csrfHeaders(bea);
  const signUp = await bea.post('/auth/sign-up/', {
    data: { email: teammate, password: PASSWORD, first_name: 'Bea', last_name: 'Teammate' },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const link = new URL(await mailedLink(teammate), baseURL);
  const invitationId = link.searchParams.get('invitation_id');
  const join = await bea.post(`/api/workspaces/${slug}/invitations/${invitationId}/join/`, {
    data: { token: link.searchParams.get('token'), accepted: true },
    headers: await csrfHeaders(bea),
  });
  expect(join.ok(), await join.text()).toBe(true);
  await bea.dispose();

  // Projects list: empty at first, with a way to create one.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  const empty = page.getByRole('region', { name: 'No projects yet' });
  await expect(empty).toBeVisible();
  await snap(page, 'projects-empty');
  await empty.getByRole('button', { name: 'Create project' }).click();

  // Create modal: the identifier follows the name and is checked live.
  const dialog = page.getByRole('dialog', { name: 'Create project' });
  await dialog.getByLabel('Project name').fill('Mobile App');
  await expect(dialog.getByLabel('Identifier')).toHaveValue('MOBIL');
  await expect(dialog.getByText('MOBIL is available')).toBeVisible();
  await dialog.getByLabel('Identifier').fill('mob-1!');
  await expect(dialog.getByLabel('Identifier')).toHaveValue('MOB1');
  await expect(dialog.getByText('MOB1 is available')).toBeVisible();
  await dialog.getByLabel(/Description/).fill('The iOS and Android apps.');
  await snap(page, 'project-create-modal');
  await dialog.getByRole('button', { name: 'Create project' }).click();

  // Lands on the project's work items; its settings are one step away.
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]+\/issues$/);
  const projectId = page.url().split('/projects/')[1]!.split('/')[0]!;
  await page.goto(`/${slug}/settings/projects/${projectId}`);
  await expect(page.getByLabel('Project name')).toHaveValue('Mobile App');
  await expect(page.getByLabel('Identifier')).toHaveValue('MOB1');
  await expect(
    page.getByRole('list', { name: 'Your projects' }).getByRole('link', { name: 'Mobile App' }),
  ).toBeVisible();
  await snap(page, 'project-settings-general');

  const nav = page.getByRole('navigation', { name: 'Project settings' });

  // States: rename Todo to Ready and make it the default.
  await nav.getByRole('link', { name: 'States' }).click();
  await page.getByRole('button', { name: 'Rename state Todo' }).click();
  await page.getByLabel('New name of state Todo').fill('Ready');
  await page.getByLabel('New name of state Todo').press('Enter');
  await expect(page.getByRole('button', { name: 'Set Ready as default' })).toBeVisible();
  await page.getByRole('button', { name: 'Set Ready as default' }).click();
  const unstarted = page.getByRole('list', { name: 'Unstarted states' });
  await expect(unstarted.getByText('Default')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set Backlog as default' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Unstarted states' }).getByText('Default')).toBeVisible();
  await snap(page, 'project-settings-states');

  // Labels: a label with a sub-label.
  await nav.getByRole('link', { name: 'Labels' }).click();
  await expect(page.getByRole('region', { name: 'No labels yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Add label' }).click();
  await page.getByLabel('Name of the new label').fill('Bug');
  await page.getByLabel('Name of the new label').press('Enter');
  await page.getByRole('button', { name: 'Add sub-label to Bug' }).click();
  await page.getByLabel('Name of the new sub-label of Bug').fill('Crash');
  await page.getByLabel('Name of the new sub-label of Bug').press('Enter');
  await expect(page.getByRole('list', { name: 'Sub-labels of Bug' }).getByText('Crash')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Sub-labels of Bug' }).getByText('Crash')).toBeVisible();
  await snap(page, 'project-settings-labels');

  // Members: add the teammate as a viewer.
  await nav.getByRole('link', { name: 'Members' }).click();
  await expect(page.getByRole('list', { name: 'Project members' })).toBeVisible();
  await page.getByRole('button', { name: 'Add member' }).click();
  const add = page.getByRole('dialog', { name: 'Add project member' });
  await add.getByLabel('Member').selectOption({ label: `Bea Teammate (${teammate})` });
  await add.getByLabel('Project role').selectOption({ label: 'Viewer' });
  await snap(page, 'project-add-member');
  await add.getByRole('button', { name: 'Add to project' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByLabel('Project role of Bea Teammate')).toHaveValue('10');
  await snap(page, 'project-settings-members');

  // Features and estimates.
  await nav.getByRole('link', { name: 'Features' }).click();
  await page.getByRole('switch', { name: 'Intake' }).click();
  await expect(page.getByRole('switch', { name: 'Intake' })).toHaveAttribute('aria-checked', 'true');
  await snap(page, 'project-settings-features');
  await nav.getByRole('link', { name: 'Estimates' }).click();
  await page.getByRole('button', { name: 'Create estimate' }).click();
  const estimate = page.getByRole('dialog', { name: 'Create estimate' });
  await estimate.getByLabel('Estimate name').fill('Story points');
  await estimate.getByRole('button', { name: 'Create estimate' }).click();
  await expect(estimate).toBeHidden();
  await page.getByRole('button', { name: 'Use Story points' }).click();
  await expect(
    page.getByRole('list', { name: 'Estimates' }).getByText('Active', { exact: true }),
  ).toBeVisible();
  await snap(page, 'project-settings-estimates');
  await nav.getByRole('link', { name: 'Automations' }).click();
  await page.getByLabel('Close after').selectOption({ label: '3 months' });
  await expect(page.getByLabel('Close into state')).toBeEnabled();
  await snap(page, 'project-settings-automations');

  // Back on the list: the card, starred.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  const card = page.getByRole('listitem', { name: 'Mobile App' });
  await expect(card.getByText('2 members')).toBeVisible();
  await card.getByRole('button', { name: 'Add Mobile App to favorites' }).click();
  await expect(card.getByRole('button', { name: 'Remove Mobile App from favorites' })).toBeVisible();
  await snap(page, 'projects-list');

  // The issues page: an empty project invites the first work item.
  await card
    .getByRole('link', { name: /Mobile App/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'No work items yet' })).toBeVisible();
  await snap(page, 'project-issues');

  // Archive from the settings, find it under Archived, restore it.
  await page.getByRole('link', { name: 'Project settings' }).click();
  await page.getByRole('button', { name: 'Archive project' }).click();
  await page
    .getByRole('dialog', { name: 'Archive Mobile App?' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(page.getByText('This project is archived and read-only.')).toBeVisible();
  await expect(page.getByLabel('Project name')).toBeDisabled();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('region', { name: 'No projects yet' })).toBeVisible();
  await page.getByRole('tab', { name: /Archived/ }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/projects/archives$`));
  await expect(page.getByRole('list', { name: 'Archived projects' })).toBeVisible();
  await snap(page, 'projects-archived');
  await page.getByRole('button', { name: 'Restore Mobile App' }).click();
  await expect(page.getByRole('region', { name: 'No archived projects' })).toBeVisible();
  await page.getByRole('tab', { name: 'Projects' }).click();
  await expect(page.getByRole('listitem', { name: 'Mobile App' })).toBeVisible();

  // The same screens in the dark theme.
  await page.goto('/settings/profile/preferences');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.goto(`/${slug}/projects`);
  await expect(page.getByRole('listitem', { name: 'Mobile App' })).toBeVisible();
  await snap(page, 'dark-projects-list');
  const projectUrl = await page.getByRole('link', { name: 'Settings of Mobile App' }).getAttribute('href');
  for (const tab of ['states', 'labels', 'members', 'features']) {
    await page.goto(`${projectUrl}/${tab}`);
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${tab}$`, 'i') })).toBeVisible();
    await snap(page, `dark-project-settings-${tab}`);
  }
});
