import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { runInAction } from 'mobx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../../app/RootStore.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { makeMember, makeProject, makeUser } from '../../../test/fixtures.ts';
import { makeComment, makeIssueDetail } from '../../../test/issueFixtures.ts';
import { renderInRouter } from '../../../test/renderInRouter.tsx';
import { ActivitySection } from './ActivitySection.tsx';
import { commentHtmlToText, commentTextToHtml, renderCommentHtml } from './mentions.ts';
import { IssueDetailStore } from './store/IssueDetailStore.ts';

vi.mock('../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api.ts')>()),
  api: (await import('../../../test/fakeApi.ts')).fakeApi.client,
}));

const BEA = { id: 'user-m2', display_name: 'bea' };
const I = '/api/workspaces/acme/projects/p1/issues/i1/';

describe('mention markup', () => {
  it('turns picked @names into mention components, escaping the text', () => {
    const html = commentTextToHtml('Hi @bea, see <b>this</b>\nand @bear too', [BEA]);
    expect(html).toBe(
      '<p>Hi <mention-component entity_name="user_mention" entity_identifier="user-m2" label="bea"></mention-component>, see &lt;b&gt;this&lt;/b&gt;</p><p>and @bear too</p>',
    );
  });

  it('reads a comment back into text and mentions for editing', () => {
    const html = commentTextToHtml('Ping @bea please', [BEA]);
    expect(commentHtmlToText(html)).toEqual({ text: 'Ping @bea please', mentioned: [BEA] });
  });

  it('renders a mention as a link to the member profile, named from the members list', () => {
    const html = renderCommentHtml(commentTextToHtml('Ping @bea', [BEA]), 'acme', (id) =>
      id === 'user-m2' ? 'Bea' : undefined,
    );
    expect(html).toBe(
      '<p>Ping <a href="/acme/profile/user-m2" data-mention="user-m2" class="mention">@Bea</a></p>',
    );
  });
});

async function setup() {
  fakeApi.on('GET', '/api/workspaces/acme/members/', [
    makeMember('m1', 20, 'Ada'),
    makeMember('m2', 15, 'Bea'),
  ]);
  fakeApi.on('GET', '/api/workspaces/acme/projects/p1/members/', [
    { id: 'pm1', member: 'user-m1', role: 20, is_active: true },
    { id: 'pm2', member: 'user-m2', role: 15, is_active: true },
  ]);
  fakeApi.on('GET', `${I}comments/`, [
    makeComment(
      'c1',
      '<p>Over to <mention-component entity_name="user_mention" entity_identifier="user-m2" label="old"></mention-component></p>',
    ),
  ]);
  fakeApi.on('GET', `${I}history/`, []);
  const root = new RootStore();
  runInAction(() => {
    root.user.user = makeUser({ id: 'user-m1' });
  });
  root.issues.upsertMany([makeIssueDetail('i1')]);
  await Promise.all([root.members.fetchMembers('acme'), root.projects.fetchMembers('acme', 'p1')]);
  const detail = new IssueDetailStore(root, { slug: 'acme', projectId: 'p1', issueId: 'i1' });
  await Promise.all([detail.comments.fetch(), detail.activity.fetch()]);
  return { root, detail };
}

describe('comments in the activity timeline', () => {
  beforeEach(() => fakeApi.reset());

  it('shows a stored mention as a link to /{workspace}/profile/{userId}', async () => {
    const { root, detail } = await setup();
    renderInRouter(() => <ActivitySection detail={detail} />, { stores: root });
    const article = await screen.findByRole('article', { name: /Comment by/ });
    const mention = within(article).getByRole('link', { name: '@bea' });
    expect(mention.getAttribute('href')).toBe('/acme/profile/user-m2');
  });

  it('picks a member after @ and sends the mention component', async () => {
    const { root, detail } = await setup();
    // Anyone who sees the item may comment; the role comes from the project.
    fakeApi.on(
      'GET',
      '/api/workspaces/acme/projects/p1/',
      makeProject({ id: 'p1', is_member: true, member_role: 10 }),
    );
    await root.projects.fetchProject('acme', 'p1');
    fakeApi.on('POST', `${I}comments/`, (body) => ({
      ...makeComment('c2', (body as { comment_html: string }).comment_html),
      created_at: '2026-01-02T00:00:00.000Z',
    }));
    const user = userEvent.setup();
    renderInRouter(() => <ActivitySection detail={detail} />, { stores: root });
    const box = await screen.findByRole('combobox', { name: 'Add a comment' });
    await user.type(box, 'Thanks @Be');
    await user.click(screen.getByRole('option', { name: /Bea/ }));
    await user.type(box, 'for this');
    await user.click(screen.getByRole('button', { name: 'Comment' }));

    const sent = fakeApi.callsTo('POST', `${I}comments/`)[0]?.body as { comment_html: string };
    expect(sent.comment_html).toBe(
      '<p>Thanks <mention-component entity_name="user_mention" entity_identifier="user-m2" label="bea"></mention-component> for this</p>',
    );
    const articles = await screen.findAllByRole('article', { name: /Comment by/ });
    expect(
      within(articles[1] as HTMLElement)
        .getByRole('link', { name: '@bea' })
        .getAttribute('href'),
    ).toBe('/acme/profile/user-m2');
  });
});
