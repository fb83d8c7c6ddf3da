import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../app/RootStore.ts';
import { fakeApi } from '../../test/fakeApi.ts';
import { makeMember, makeProject, makeWorkspace, signedIntoAcme } from '../../test/fixtures.ts';
import { intakePage, makeIntakeItem } from '../../test/intakeFixtures.ts';
import { makeComment } from '../../test/issueFixtures.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.mock('../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api.ts')>()),
  api: (await import('../../test/fakeApi.ts')).fakeApi.client,
}));

const W = '/api/workspaces/acme';
const P = `${W}/projects/p1`;
const I = `${P}/inbox-issues/`;

type Item = ReturnType<typeof makeIntakeItem>;

/** The workspace, project p1 with intake on, and an inbox answering by status from `items`. */
function setup({
  items = [makeIntakeItem('i1', { issue: { name: 'Export fails' } }), makeIntakeItem('i2')] as Item[],
  project = makeProject({ intake_view: true }),
  role = 20,
} = {}) {
  fakeApi.reset();
  signedIntoAcme(fakeApi, makeWorkspace({ role }))
    .on('GET', `${W}/projects/`, [project])
    .on('GET', `${P}/`, project)
    .on('GET', `${W}/members/`, [makeMember('m1', 20, 'Ada')])
    .on('GET', I, (_body, path) => {
      const statuses = (new URLSearchParams(path.split('?')[1]).get('status') ?? '-2').split(',');
      return intakePage(items.filter((item) => statuses.includes(String(item.status))));
    })
    .on('GET', `${P}/intakes/`, () => [
      {
        id: 'in1',
        name: 'Intake',
        description: '',
        is_default: true,
        pending_issue_count: items.filter((item) => item.status === -2).length,
        project: 'p1',
        workspace: 'w1',
      },
    ])
    .on('GET', `${P}/issues/issue-i1/history/`, [])
    .on('GET', `${P}/issues/issue-i1/comments/`, [])
    .on('GET', `${P}/issues/issue-i2/history/`, [])
    .on('GET', `${P}/issues/issue-i2/comments/`, []);
}

const openList = () => screen.findByRole('list', { name: 'Open intake items' }, { timeout: 15_000 });
const detail = () => screen.getByRole('region', { name: 'Intake item' });

describe('project intake', () => {
  beforeEach(() => setup());

  it('shows the Open tab with the first item selected; accepting moves it to Closed at once', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/intake');
    const list = await openList();
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i1'));
    // An admin edits the title in place.
    expect((within(detail()).getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement).value).toBe(
      'Export fails',
    );
    // The project's sections name the intake while it is switched on, with its pending count.
    const sections = screen.getByRole('list', { name: 'Sections of the project' });
    expect(await within(sections).findByRole('link', { name: 'Intake, 2 pending' })).toBeTruthy();

    const accepted = makeIntakeItem('i1', { status: 1, issue: { name: 'Export fails' } });
    fakeApi.on('PATCH', `${I}issue-i1/`, accepted);
    setup({ items: [accepted, makeIntakeItem('i2')] }); // what the server counts after the accept
    fakeApi.on('PATCH', `${I}issue-i1/`, accepted);
    await user.click(within(detail()).getByRole('button', { name: 'Accept' }));
    expect(await within(sections).findByRole('link', { name: 'Intake, 1 pending' })).toBeTruthy();
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    expect(within(detail()).getByText('It is now a work item of the project.')).toBeTruthy();
    expect(within(detail()).getByRole('link', { name: 'Open MOB-1' })).toBeTruthy();
    expect(fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body).toEqual({ status: 1 });

    // The server has it closed now.
    setup({ items: [accepted, makeIntakeItem('i2')] });
    await user.click(screen.getByRole('link', { name: /^Closed/ }));
    const closed = await screen.findByRole('list', { name: 'Closed intake items' });
    expect(within(closed).getByRole('button', { name: /Export fails/ })).toBeTruthy();
  });

  it('puts a refused decline back and says why', async () => {
    const error = vi.spyOn(toast, 'error');
    fakeApi.fail(
      'PATCH',
      `${I}issue-i1/`,
      400,
      'Triage is final: this item was already accepted',
      'BAD_REQUEST',
    );
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/intake/issue-i1');
    const list = await openList();
    await user.click(await within(detail()).findByRole('button', { name: 'Decline' }));
    const confirm = await screen.findByRole('dialog', { name: 'Decline “Export fails”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Triage is final: this item was already accepted'),
    );
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(within(detail()).queryByText('Declined')).toBeNull();
  });

  it('snoozes for a preset: the item stays open with its end shown; j and k move the selection', async () => {
    fakeApi.on('PATCH', `${I}issue-i1/`, (body) =>
      makeIntakeItem('i1', { ...(body as object), issue: { name: 'Export fails' } }),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/intake/issue-i1');
    const list = await openList();
    await user.click(await within(detail()).findByRole('button', { name: 'Snooze' }));
    await user.click(await screen.findByRole('menuitem', { name: '1 week' }));
    const body = fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body as {
      status: number;
      snoozed_till: string;
    };
    expect(body.status).toBe(0);
    const days = (new Date(body.snoozed_till).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    expect(await within(detail()).findByText(/^Snoozed till /)).toBeTruthy();
    expect(within(list).getByRole('button', { name: /Export fails/ }).textContent).toMatch(/Snoozed till/);

    await user.keyboard('j');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i2'));
    await user.keyboard('k');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i1'));
  });

  it('opens the item the URL names (its own page of the inbox); choosing another changes the URL, not the lists', async () => {
    fakeApi.on('GET', `${I}issue-i2/`, makeIntakeItem('i2'));
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/intake/issue-i2');
    const list = await openList();
    await waitFor(() =>
      expect((within(detail()).getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement).value).toBe(
        'Request i2',
      ),
    );
    expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i2');
    const pagesRead = fakeApi.callsTo('GET', I).length;
    await user.click(within(list).getByRole('button', { name: /Export fails/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i1'));
    expect((within(detail()).getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement).value).toBe(
      'Export fails',
    );
    // The screen stays: no loader ran again, the list kept its page.
    expect(fakeApi.callsTo('GET', I)).toHaveLength(pagesRead);
    expect(screen.getByRole('list', { name: 'Open intake items' })).toBe(list);
  });

  it('says an item the URL names is not found when the server has none (404), and offers the newest', async () => {
    const missing = '0b7c5d0e-0000-4000-8000-000000000000';
    fakeApi.fail('GET', `${I}${missing}/`, 404, 'Issue not found', 'NOT_FOUND');
    const user = userEvent.setup();
    const { router } = renderApp(`/acme/projects/p1/intake/${missing}`);
    await openList();
    expect(await within(detail()).findByRole('region', { name: 'Intake item not found' })).toBeTruthy();
    expect(within(detail()).getByText(/No intake item of Mobile App has this link/)).toBeTruthy();
    // The URL keeps the missing id (no silent jump to another item).
    expect(router.state.location.pathname).toBe(`/acme/projects/p1/intake/${missing}`);
    await user.click(within(detail()).getByRole('button', { name: 'Open the newest item' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i1'));
  });

  it('says an item of another project is not found here, even when this client knows it', async () => {
    const other = makeIntakeItem('i9', { issue: { name: 'Not yours', project_id: 'p2' } });
    const stores = new RootStore();
    // Seen in project p2's inbox before (the store keys items by their work item id).
    fakeApi.on('GET', `${W}/projects/p2/inbox-issues/issue-i9/`, other);
    await stores.intake.fetchItem('acme', 'p2', 'issue-i9');
    renderApp('/acme/projects/p1/intake/issue-i9', stores);
    await openList();
    expect(await within(detail()).findByRole('region', { name: 'Intake item not found' })).toBeTruthy();
    expect(within(detail()).queryByText('Not yours')).toBeNull();
    expect(fakeApi.callsTo('GET', `${I}issue-i9/`)).toHaveLength(0);
  });

  it('shows a failure other than not-found with a retry', async () => {
    fakeApi.fail('GET', `${I}issue-i8/`, 500, 'Internal server error', 'INTERNAL_ERROR');
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/intake/issue-i8');
    await openList();
    expect(await within(detail()).findByText('Internal server error')).toBeTruthy();
    fakeApi.on('GET', `${I}issue-i8/`, makeIntakeItem('i8', { issue: { name: 'Back again' } }));
    fakeApi.on('GET', `${P}/issues/issue-i8/history/`, []).on('GET', `${P}/issues/issue-i8/comments/`, []);
    await user.click(within(detail()).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect((within(detail()).getByRole('textbox', { name: 'Title' }) as HTMLTextAreaElement).value).toBe(
        'Back again',
      ),
    );
  });

  it("answers Plane's form of the link (?currentTab=&inboxIssueId=) with the item at its path", async () => {
    const closed = makeIntakeItem('i4', { status: -1, issue: { name: 'Declined one' } });
    setup({ items: [makeIntakeItem('i1'), closed] });
    fakeApi.on('GET', `${P}/issues/issue-i4/history/`, []).on('GET', `${P}/issues/issue-i4/comments/`, []);
    const { router } = renderApp('/acme/projects/p1/intake?currentTab=closed&inboxIssueId=issue-i4');
    const list = await screen.findByRole('list', { name: 'Closed intake items' }, { timeout: 15_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i4'));
    expect(router.state.location.search).toEqual({ tab: 'closed' });
    expect(within(list).getByRole('button', { name: /Declined one/ })).toBeTruthy();
    expect(await within(detail()).findByRole('article', { name: 'MOB-4 Declined one' })).toBeTruthy();
  });

  it('lets a guest submit, shows it first and selected, and offers them no triage', async () => {
    setup({ project: makeProject({ intake_view: true, member_role: 5 }), role: 5 });
    fakeApi.on('POST', I, makeIntakeItem('i3', { issue: { name: 'Dark mode please', priority: 'low' } }));
    fakeApi.on('GET', `${P}/issues/issue-i3/history/`, []).on('GET', `${P}/issues/issue-i3/comments/`, []);
    const user = userEvent.setup();
    const { router } = renderApp('/acme/projects/p1/intake');
    const list = await openList();
    expect(screen.getByText('You see the items you submitted.')).toBeTruthy();
    await waitFor(() => expect(within(detail()).getByRole('textbox', { name: 'Title' })).toBeTruthy());
    expect(within(detail()).queryByRole('button', { name: 'Accept' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New intake item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New intake item' });
    await user.type(within(dialog).getByLabelText('Title'), 'Dark mode please');
    await user.type(within(dialog).getByLabelText(/Description/), 'Night <shift>');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'low');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.callsTo('POST', I)[0]!.body).toEqual({
      source: 'IN_APP',
      issue: { name: 'Dark mode please', priority: 'low', description_html: '<p>Night &lt;shift&gt;</p>' },
    });
    expect(within(list).getAllByRole('button')[0]!.textContent).toContain('Dark mode please');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/projects/p1/intake/issue-i3'));
  });

  it('lets a guest edit their own comment on their submission and not another’s', async () => {
    setup({ project: makeProject({ intake_view: true, member_role: 5 }), role: 5 });
    const C = `${P}/issues/issue-i1/comments/`;
    fakeApi
      .on('GET', C, [
        makeComment('c1', '<p>Steps attached</p>', 'u1'),
        makeComment('c2', '<p>Thanks</p>', 'm1'),
      ])
      .on('PATCH', `${C}c1/`, makeComment('c1', '<p>Steps and logs attached</p>', 'u1'));
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/intake');
    await openList();
    await within(detail()).findByText('Steps attached');
    const comment = (text: string) =>
      within(detail())
        .getAllByRole('article', { name: /^Comment by / })
        .find((a) => a.textContent?.includes(text))!;
    const mine = comment('Steps attached');
    const theirs = comment('Thanks');
    expect(within(theirs).queryByRole('button', { name: 'Comment actions' })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: 'Comment actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const box = await within(detail()).findByRole('combobox', { name: 'Edit comment' });
    await user.clear(box);
    await user.type(box, 'Steps and logs attached');
    await user.click(within(detail()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('PATCH', `${C}c1/`)[0]?.body).toEqual({
        comment_html: '<p>Steps and logs attached</p>',
      }),
    );
    expect(await within(detail()).findByText('Steps and logs attached')).toBeTruthy();
  });

  it('says when a tab is empty, and when the project has intake off', async () => {
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/intake?tab=closed');
    expect(
      await screen.findByRole('region', { name: 'No closed intake items' }, { timeout: 15_000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('link', { name: /^Open/ }));
    expect(await openList()).toBeTruthy();

    setup({ project: makeProject({ intake_view: false }) });
    renderApp('/acme/projects/p1/intake');
    expect(
      await screen.findByRole('region', { name: 'Intake is turned off in Mobile App' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open features' })).toBeTruthy();
  });

  it('marks a duplicate of an item picked from the project', async () => {
    fakeApi.on('GET', `${P}/search-issues/`, [
      {
        id: 'w9',
        name: 'Exports time out',
        sequence_id: 9,
        start_date: null,
        project_id: 'p1',
        project__name: 'Mobile App',
        project__identifier: 'MOB',
        workspace__slug: 'acme',
        state__name: 'Todo',
        state__group: 'unstarted',
        state__color: '#3f76ff',
      },
    ]);
    const success = vi.spyOn(toast, 'success');
    let answer!: (item: Item) => void;
    fakeApi.on('PATCH', `${I}issue-i1/`, () => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderApp('/acme/projects/p1/intake/issue-i1');
    await openList();
    await user.click(await within(detail()).findByRole('button', { name: 'Mark as duplicate' }));
    const picker = await screen.findByRole('dialog', { name: 'Mark as duplicate of…' });
    await user.click(await within(picker).findByRole('button', { name: /Exports time out/ }));
    // Shown before the server answers.
    expect(within(detail()).getByRole('link', { name: 'MOB-9' })).toBeTruthy();
    expect(within(detail()).getByText('Exports time out')).toBeTruthy();
    expect(fakeApi.callsTo('PATCH', `${I}issue-i1/`)[0]!.body).toEqual({ status: 2, duplicate_to: 'w9' });
    answer(
      makeIntakeItem('i1', {
        status: 2,
        duplicate_to: 'w9',
        duplicate_issue_detail: { id: 'w9', name: 'Exports time out', sequence_id: 9, project_id: 'p1' },
      }),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Work item marked as a duplicate'));
    expect(within(detail()).getByRole('link', { name: 'MOB-9' })).toBeTruthy();
  });
});
