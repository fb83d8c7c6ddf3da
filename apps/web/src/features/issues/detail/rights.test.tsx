import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../../app/RootStore.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { makeProject, makeUser } from '../../../test/fixtures.ts';
import { makeComment, makeIssueDetail, makeLink } from '../../../test/issueFixtures.ts';
import { renderInRouter } from '../../../test/renderInRouter.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { LinksSection } from './LinksSection.tsx';
import { IssueDetailStore } from './store/IssueDetailStore.ts';
import { TitleEditor } from './TitleEditor.tsx';

vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api: (await import('../../../test/fakeApi.ts')).fakeApi.client,
}));

const P = '/api/workspaces/acme/projects/p1/';
const I = `${P}issues/i1/`;
const ME = 'me';
const OTHER = 'someone-else';

/** The signed-in user ME with `role` in project p1, on work item i1 made by `createdBy`. */
async function setup(role: number, createdBy: string) {
  fakeApi.on('GET', P, makeProject({ id: 'p1', is_member: true, member_role: role }));
  fakeApi.on('GET', `${I}comments/`, [makeComment('c1', '<p>Theirs</p>', OTHER)]);
  fakeApi.on('GET', `${I}history/`, []);
  const root = new RootStore();
  runInAction(() => {
    root.user.user = makeUser({ id: ME });
  });
  await root.projects.fetchProject('acme', 'p1');
  root.issues.upsertMany([makeIssueDetail('i1', { created_by: createdBy })]);
  const detail = new IssueDetailStore(root, { slug: 'acme', projectId: 'p1', issueId: 'i1' });
  await Promise.all([detail.comments.fetch(), detail.activity.fetch()]);
  detail.links.seed([
    { ...makeLink('l1', 'https://example.com/theirs'), created_by: OTHER },
    { ...makeLink('l2', 'https://example.com/mine'), created_by: ME },
  ]);
  return { root, detail };
}

const linkMenu = (url: string) => screen.queryByRole('button', { name: `Actions for link ${url}` });

describe('the work item detail offers what the shared rights allow', () => {
  beforeEach(() => fakeApi.reset());

  it('lets an admin edit and delete another’s comment (api.md §5.11: author, P20)', async () => {
    const { root, detail } = await setup(20, OTHER);
    renderInRouter(() => <ActivitySection detail={detail} />, { stores: root });
    const comment = await screen.findByRole('article', { name: /Comment by/ });
    await userEvent.click(within(comment).getByRole('button', { name: 'Comment actions' }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent?.trim())).toEqual([
      'Edit',
      'Delete',
    ]);
  });

  it('gives a member no actions on another’s comment', async () => {
    const { root, detail } = await setup(15, OTHER);
    renderInRouter(() => <ActivitySection detail={detail} />, { stores: root });
    const comment = await screen.findByRole('article', { name: /Comment by/ });
    expect(within(comment).queryByRole('button', { name: 'Comment actions' })).toBeNull();
  });

  it('lets a member change any link (api.md §5.9: P15 +link creator)', async () => {
    const { root, detail } = await setup(15, OTHER);
    renderInRouter(() => <LinksSection detail={detail} />, { stores: root });
    expect(await screen.findByRole('button', { name: 'Add link' })).toBeTruthy();
    expect(linkMenu('https://example.com/theirs')).not.toBeNull();
    expect(linkMenu('https://example.com/mine')).not.toBeNull();
  });

  it('lets a guest change only the links they added, and add links to the item they made', async () => {
    const { root, detail } = await setup(5, ME);
    renderInRouter(() => <LinksSection detail={detail} />, { stores: root });
    expect(await screen.findByRole('button', { name: 'Add link' })).toBeTruthy();
    expect(linkMenu('https://example.com/theirs')).toBeNull();
    expect(linkMenu('https://example.com/mine')).not.toBeNull();
  });

  it('gives a guest on another’s item no link to add', async () => {
    const { root, detail } = await setup(5, OTHER);
    renderInRouter(() => <LinksSection detail={detail} />, { stores: root });
    await screen.findByRole('link', { name: 'https://example.com/mine' });
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
    expect(linkMenu('https://example.com/theirs')).toBeNull();
    expect(linkMenu('https://example.com/mine')).not.toBeNull();
  });

  it('lets a viewer edit the title of the item they created, not another’s (api.md §5.5: P15 +creator)', async () => {
    const own = await setup(10, ME);
    const first = renderInRouter(() => <TitleEditor detail={own.detail} />, { stores: own.root });
    expect(await screen.findByRole('textbox', { name: 'Title' })).toBeTruthy();
    first.unmount();

    const theirs = await setup(10, OTHER);
    renderInRouter(() => <TitleEditor detail={theirs.detail} />, { stores: theirs.root });
    expect(await screen.findByRole('heading')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
    // Sub-items and relations stay a member's.
    expect(theirs.detail.canEdit).toBe(false);
    expect(own.detail.canEdit).toBe(false);
  });
});
