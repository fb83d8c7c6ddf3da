import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, signedIntoAcme } from '../../test/fixtures.ts';
import { envelope, makeIssue, makeIssueDetail, makeState } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const P = `${W}/projects/p1`;
const STATES = [
  makeState('s1', 'backlog', { name: 'Backlog', default: true, sequence: 1 }),
  makeState('s3', 'completed', { name: 'Done', sequence: 3 }),
];

function setup(role = 20) {
  fakeApi.reset();
  const project = makeProject({ member_role: role });
  signedIntoAcme(fakeApi)
    .on('GET', `${W}/projects/`, [project, makeProject({ id: 'p2', name: 'Website', identifier: 'WEB' })])
    .on('GET', `${P}/`, project)
    .on('GET', `${P}/user-properties/`, null)
    .on('GET', `${P}/states/`, STATES)
    .on('GET', `${P}/issue-labels/`, [])
    .on('GET', `${P}/estimates/`, [])
    .on('GET', `${P}/members/`, [{ id: 'pm1', member: 'user-m1', role, project: 'p1', is_active: true }])
    .on('GET', `${W}/members/`, [makeMember('m1', role, 'Ada')]);
}

describe('archived work items', () => {
  beforeEach(() => fakeApi.reset());

  it('lists archived items read-only, restores one from its row, then shows the empty state', async () => {
    setup();
    const archived = makeIssue('i1', {
      name: 'Old landing page',
      state_id: 's3',
      state__group: 'completed',
      archived_at: '2026-11-01T00:00:00.000Z',
    });
    fakeApi
      .on('GET', `${P}/archived-issues/`, envelope([archived]))
      .on('DELETE', `${P}/issues/i1/archive/`, null);
    renderApp('/acme/projects/p1/archives/issues');
    const row = await screen.findByRole('button', { name: /^MOB-1 Old landing page/ }, { timeout: 15_000 });
    expect(screen.getByRole('link', { name: 'Archived' }).getAttribute('aria-current')).toBe('page');
    // Read-only: no create button, no quick add, properties cannot be opened.
    expect(screen.queryByRole('button', { name: /New work item/ })).toBeNull();
    expect((within(row).getByRole('button', { name: 'State: Done' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Restore MOB-1' }));
    expect(await screen.findByRole('heading', { name: 'No archived work items' })).toBeTruthy();
    expect(fakeApi.callsTo('DELETE', `${P}/issues/i1/archive/`)).toHaveLength(1);
  });

  it('keeps the item in the archive and toasts when the restore is refused', async () => {
    const error = vi.spyOn(toast, 'error');
    setup();
    const archived = makeIssue('i1', { name: 'Old landing page', archived_at: '2026-11-01T00:00:00.000Z' });
    fakeApi
      .on('GET', `${P}/archived-issues/`, envelope([archived]))
      .fail('DELETE', `${P}/issues/i1/archive/`, 403, 'You cannot restore this work item', 'FORBIDDEN');
    renderApp('/acme/projects/p1/archives/issues');
    const row = await screen.findByRole('button', { name: /^MOB-1 Old landing page/ }, { timeout: 15_000 });
    await userEvent.click(within(row).getByRole('button', { name: 'Restore MOB-1' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('You cannot restore this work item'));
    expect(screen.getByRole('button', { name: /^MOB-1 Old landing page/ })).toBeTruthy();
  });

  it('offers no restore to a viewer', async () => {
    setup(10);
    fakeApi.on(
      'GET',
      `${P}/archived-issues/`,
      envelope([makeIssue('i1', { name: 'Old landing page', archived_at: '2026-11-01T00:00:00.000Z' })]),
    );
    renderApp('/acme/projects/p1/archives/issues');
    await screen.findByRole('button', { name: /^MOB-1 Old landing page/ }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Restore MOB-1' })).toBeNull();
  });
});

describe('drafts', () => {
  beforeEach(() => fakeApi.reset());

  const draft = (id: string, name: string, extra = {}) =>
    makeIssue(id, { name, is_draft: true, sequence_id: Number(id.slice(1)), ...extra });

  it('creates drafts at the drafts endpoint, by the dialog and by quick add', async () => {
    setup();
    fakeApi
      .on('GET', `${P}/issue-drafts/`, envelope([]))
      .on('POST', `${P}/issue-drafts/`, (body) =>
        makeIssueDetail('d7', { ...(body as object), sequence_id: 7, is_draft: true }),
      );
    renderApp('/acme/projects/p1/drafts');
    expect(await screen.findByRole('heading', { name: 'No drafts' }, { timeout: 15_000 })).toBeTruthy();
    // The sidebar marks the project on its drafts page too.
    const projects = screen.getByRole('list', { name: 'Your projects' });
    await waitFor(() =>
      expect(
        within(projects)
          .getByRole('link', { name: /Mobile App/ })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
    expect(
      within(projects)
        .getByRole('link', { name: /Website/ })
        .getAttribute('aria-current'),
    ).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'New draft' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New draft' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Plan the sale');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('button', { name: /^MOB-7 Plan the sale/ })).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/issue-drafts/`)[0]!.body).toMatchObject({
      name: 'Plan the sale',
      is_draft: true,
    });
    expect(fakeApi.callsTo('POST', `${P}/issues/`)).toHaveLength(0);

    fakeApi.on('POST', `${P}/issue-drafts/`, (body) =>
      makeIssueDetail('d8', { ...(body as object), sequence_id: 8, is_draft: true }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'New draft in All work items' }));
    await userEvent.type(screen.getByLabelText('Name of the new draft in All work items'), 'Notes{Enter}');
    expect(await screen.findByRole('button', { name: /^MOB-8 Notes/ })).toBeTruthy();
    expect(fakeApi.callsTo('POST', `${P}/issue-drafts/`)[1]!.body).toMatchObject({
      name: 'Notes',
      is_draft: true,
    });
  });

  it('edits a draft in the dialog, publishes one from its row and deletes one after asking', async () => {
    setup();
    fakeApi
      .on(
        'GET',
        `${P}/issue-drafts/`,
        envelope([draft('d1', 'Plan the sale', { priority: 'high' }), draft('d2', 'FAQ')]),
      )
      .on('PATCH', `${P}/issue-drafts/d1/`, (body) =>
        makeIssueDetail('d1', {
          name: 'Plan the sale',
          priority: 'high',
          is_draft: true,
          ...(body as object),
        }),
      )
      .on('PATCH', `${P}/issue-drafts/d2/`, (body) =>
        makeIssueDetail('d2', { name: 'FAQ', sequence_id: 2, is_draft: true, ...(body as object) }),
      )
      .on('DELETE', `${P}/issue-drafts/d1/`, null);
    renderApp('/acme/projects/p1/drafts');
    await userEvent.click(
      await screen.findByRole('button', { name: /^MOB-1 Plan the sale/ }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit draft' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Plan the sale');
    expect((within(dialog).getByLabelText('Priority') as HTMLSelectElement).value).toBe('high');
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Plan the summer sale');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('button', { name: /^MOB-1 Plan the summer sale/ })).toBeTruthy();
    expect(fakeApi.callsTo('PATCH', `${P}/issue-drafts/d1/`)[0]!.body).toMatchObject({
      name: 'Plan the summer sale',
    });
    expect(fakeApi.callsTo('PATCH', `${P}/issue-drafts/d1/`)[0]!.body).not.toHaveProperty('is_draft');

    // Publish from the row: PATCH is_draft false at the draft's path; it leaves the list.
    const faq = screen.getByRole('button', { name: /^MOB-2 FAQ/ });
    await userEvent.click(within(faq).getByRole('button', { name: 'Publish MOB-2' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^MOB-2 FAQ/ })).toBeNull());
    expect(fakeApi.callsTo('PATCH', `${P}/issue-drafts/d2/`)[0]!.body).toEqual({ is_draft: false });
    expect(fakeApi.callsTo('PATCH', `${P}/issues/d2/`)).toHaveLength(0);

    // Delete asks first; cancelling keeps the draft.
    const sale = screen.getByRole('button', { name: /^MOB-1 Plan the summer sale/ });
    await userEvent.click(within(sale).getByRole('button', { name: 'Delete draft MOB-1' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this draft?' })).toBeNull());
    expect(fakeApi.callsTo('DELETE', `${P}/issue-drafts/d1/`)).toHaveLength(0);
    await userEvent.click(within(sale).getByRole('button', { name: 'Delete draft MOB-1' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByRole('heading', { name: 'No drafts' })).toBeTruthy();
    expect(fakeApi.callsTo('DELETE', `${P}/issue-drafts/d1/`)).toHaveLength(1);
  });

  it('puts a draft back and toasts when publishing is refused', async () => {
    const error = vi.spyOn(toast, 'error');
    setup();
    fakeApi
      .on('GET', `${P}/issue-drafts/`, envelope([draft('d2', 'FAQ')]))
      .fail('PATCH', `${P}/issue-drafts/d2/`, 400, 'Name is required', 'VALIDATION_ERROR');
    renderApp('/acme/projects/p1/drafts');
    const faq = await screen.findByRole('button', { name: /^MOB-2 FAQ/ }, { timeout: 15_000 });
    await userEvent.click(within(faq).getByRole('button', { name: 'Publish MOB-2' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Name is required'));
    expect(await screen.findByRole('button', { name: /^MOB-2 FAQ/ })).toBeTruthy();
  });

  it('saves a new work item as a draft from the project create dialog', async () => {
    setup();
    fakeApi
      .on('GET', `${P}/issues/`, envelope([makeIssue('i1', { name: 'Fix login' })]))
      .on('POST', `${P}/issue-drafts/`, (body) =>
        makeIssueDetail('d5', { ...(body as object), sequence_id: 5, is_draft: true }),
      );
    renderApp('/acme/projects/p1/issues');
    await screen.findByRole('button', { name: /Fix login/ }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'New work item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New work item' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Later idea');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(fakeApi.callsTo('POST', `${P}/issue-drafts/`)).toHaveLength(1));
    // A draft stays out of the project's list.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New work item' })).toBeNull());
    expect(screen.queryByRole('button', { name: /Later idea/ })).toBeNull();
    expect(fakeApi.callsTo('POST', `${P}/issues/`)).toHaveLength(0);
  });
});

describe('project list tabs and the sidebar', () => {
  it('links the three lists, and the sidebar lists every project after a deep link', async () => {
    setup();
    fakeApi.on('GET', `${P}/issues/`, envelope([makeIssue('i1', { name: 'Fix login' })]));
    renderApp('/acme/projects/p1/issues');
    await screen.findByRole('button', { name: /Fix login/ }, { timeout: 15_000 });
    const tabs = screen.getByRole('navigation', { name: 'Work item lists' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Work items', '/acme/projects/p1/issues'],
      ['Drafts', '/acme/projects/p1/drafts'],
      ['Archived', '/acme/projects/p1/archives/issues'],
    ]);
    const projects = screen.getByRole('list', { name: 'Your projects' });
    const sectionsList = 'ul[aria-label="Sections of the project"]';
    await waitFor(() =>
      expect(
        within(projects)
          .getAllByRole('link')
          .filter((l) => !l.closest(sectionsList))
          .map((l) => l.textContent?.slice(2)),
      ).toEqual(['Mobile App', 'Website']),
    );
    // The open project shows its sections beneath it.
    const sections = within(projects).getByRole('list', { name: 'Sections of the project' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('aria-current')]),
    ).toEqual([
      ['Work items', '/acme/projects/p1/issues', 'page'],
      ['Cycles', '/acme/projects/p1/cycles', null],
      ['Modules', '/acme/projects/p1/modules', null],
      ['Views', '/acme/projects/p1/views', null],
      ['Pages', '/acme/projects/p1/pages', null],
    ]);
  });
});
