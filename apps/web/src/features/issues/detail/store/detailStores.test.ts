import type { Reaction } from '@kite/shared/contracts';
import { runInAction } from 'mobx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../../../../app/RootStore.ts';
import { ApiError } from '../../../../lib/api.ts';
import { fakeApi } from '../../../../test/fakeApi.ts';
import {
  makeAttachment,
  makeComment,
  makeIssue,
  makeIssueDetail,
  makeLink,
  makeRelationRow,
} from '../../../../test/issueFixtures.ts';
import { IssueStore } from '../../store/IssueStore.ts';
import { AttachmentStore } from './AttachmentStore.ts';
import { CommentStore } from './CommentStore.ts';
import { DETAIL_EXPANSIONS, IssueDetailStore } from './IssueDetailStore.ts';
import { LinkStore, linkUrlError } from './LinkStore.ts';
import { ReactionStore } from './ReactionStore.ts';
import { RelationStore } from './RelationStore.ts';
import { SubIssueStore } from './SubIssueStore.ts';
import { SubscriptionStore } from './SubscriptionStore.ts';

vi.mock('../../../../lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../lib/api.ts')>()),
  api: (await import('../../../../test/fakeApi.ts')).fakeApi.client,
}));

const REF = { slug: 'acme', projectId: 'p1', issueId: 'i1' };
const I = '/api/workspaces/acme/projects/p1/issues/i1/';
const T = '2026-01-01T00:00:00.000Z';
const refused = () => {
  throw new ApiError(400, 'Refused by the server', 'BAD_REQUEST');
};

function issueStore() {
  const issues = new IssueStore({ stateGroupOf: (_p, s) => (s === 's3' ? 'completed' : 'backlog') });
  issues.upsertMany([makeIssueDetail('i1')]);
  return issues;
}

describe('detail stores: optimistic changes roll back when the server refuses', () => {
  beforeEach(() => fakeApi.reset());

  it('comment edit shows at once and comes back on failure; delete is put back in place', async () => {
    fakeApi.on('GET', `${I}comments/`, [makeComment('c1', '<p>one</p>'), makeComment('c2', '<p>two</p>')]);
    const store = new CommentStore(REF, () => 'u1');
    await store.fetch();

    fakeApi.on('PATCH', `${I}comments/c1/`, refused);
    const editing = store.update('c1', '<p>changed</p>');
    expect(store.get('c1')?.comment_html).toBe('<p>changed</p>');
    await expect(editing).rejects.toThrow('Refused by the server');
    expect(store.get('c1')?.comment_html).toBe('<p>one</p>');
    expect(store.get('c1')?.edited_at).toBeNull();

    fakeApi.on('DELETE', `${I}comments/c1/`, refused);
    const removing = store.remove('c1');
    expect(store.comments.map((c) => c.id)).toEqual(['c2']);
    await expect(removing).rejects.toThrow();
    expect(store.comments.map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('comment reaction toggles at once and is undone on failure', async () => {
    fakeApi.on('GET', `${I}comments/`, [makeComment('c1', '<p>one</p>')]);
    const store = new CommentStore(REF, () => 'u1');
    await store.fetch();
    fakeApi.on('POST', '/api/workspaces/acme/projects/p1/comments/c1/reactions/', refused);
    const reacting = store.toggleReaction('c1', '🎉');
    expect(store.get('c1')?.comment_reactions.map((r) => r.reaction)).toEqual(['🎉']);
    await expect(reacting).rejects.toThrow();
    expect(store.get('c1')?.comment_reactions).toEqual([]);
  });

  it('link delete and edit roll back, and the issue link_count follows', async () => {
    const issues = issueStore();
    const store = new LinkStore(REF, issues);
    store.seed([makeLink('l1', 'https://a.example'), makeLink('l2', 'https://b.example')]);

    fakeApi.on('DELETE', `${I}issue-links/l1/`, refused);
    const removing = store.remove('l1');
    expect(store.links.map((l) => l.id)).toEqual(['l2']);
    expect(issues.get('i1')?.link_count).toBe(1);
    await expect(removing).rejects.toThrow();
    expect(store.links.map((l) => l.id)).toEqual(['l1', 'l2']);
    expect(issues.get('i1')?.link_count).toBe(2);

    fakeApi.on('PATCH', `${I}issue-links/l2/`, refused);
    const editing = store.update('l2', { url: 'https://c.example', title: 'C' });
    expect(store.links[1]?.title).toBe('C');
    await expect(editing).rejects.toThrow();
    expect(store.links[1]).toMatchObject({ url: 'https://b.example', title: null });
  });

  it('link URLs must be http or https', () => {
    expect(linkUrlError('https://example.com/x')).toBeNull();
    expect(linkUrlError('http://localhost:3000')).toBeNull();
    expect(linkUrlError('')).toBe('URL is required');
    expect(linkUrlError('example.com')).toMatch(/valid URL/);
    expect(linkUrlError('javascript:alert(1)')).toMatch(/http/);
    expect(linkUrlError(`https://e.com/${'a'.repeat(2050)}`)).toMatch(/2048/);
  });

  it('issue reaction: adding is undone on failure, removing is put back', async () => {
    const mine: Reaction = { id: 'r1', actor: 'u1', reaction: '👍', display_name: 'ada', created_at: T };
    const store = new ReactionStore(REF, () => 'u1');
    store.seed([mine]);
    expect(store.groups).toEqual([{ emoji: '👍', count: 1, mine: true, names: ['ada'] }]);

    fakeApi.on('POST', `${I}reactions/`, refused);
    const adding = store.toggle('🚀');
    expect(store.groups.map((g) => g.emoji)).toEqual(['👍', '🚀']);
    await expect(adding).rejects.toThrow();
    expect(store.groups.map((g) => g.emoji)).toEqual(['👍']);

    fakeApi.on('DELETE', `${I}reactions/${encodeURIComponent('👍')}/`, refused);
    const removing = store.toggle('👍');
    expect(store.groups).toEqual([]);
    await expect(removing).rejects.toThrow();
    expect(store.groups.map((g) => g.emoji)).toEqual(['👍']);
  });

  it('subscription flips back and asks the server again on failure', async () => {
    let answers = 0;
    fakeApi.on('GET', `${I}subscribe/`, () => {
      answers += 1;
      return { subscribed: false };
    });
    const store = new SubscriptionStore(REF);
    store.seed(false);
    fakeApi.on('POST', `${I}subscribe/`, refused);
    const toggling = store.toggle();
    expect(store.subscribed).toBe(true);
    await expect(toggling).rejects.toThrow();
    expect(store.subscribed).toBe(false);
    await vi.waitFor(() => expect(answers).toBe(1));
  });

  it('relation removal is put back (and refetched) when refused', async () => {
    const row = makeRelationRow('i9', 'blocked_by', { name: 'Other', sequence_id: 9 });
    const store = new RelationStore(REF);
    store.seed({ blocked_by: [row] });
    expect(store.usedTypes).toEqual(['blocked_by']);
    fakeApi.on('GET', `${I}issue-relation/`, { blocked_by: [row] });
    fakeApi.on('POST', `${I}remove-relation/`, refused);
    const removing = store.remove('i9');
    expect(store.total).toBe(0);
    await expect(removing).rejects.toThrow();
    expect(store.relations.blocked_by.map((r) => r.id)).toEqual(['i9']);
    await vi.waitFor(() => expect(fakeApi.callsTo('GET', `${I}issue-relation/`)).toHaveLength(1));
  });

  it('relation add replaces an existing pair of another type, and is undone on failure', async () => {
    const store = new RelationStore(REF);
    store.seed({ relates_to: [makeRelationRow('i9', 'relates_to')] });
    fakeApi.on('POST', `${I}issue-relation/`, refused);
    const adding = store.add('blocking', [makeRelationRow('i9', 'blocking')]);
    expect(store.relations.blocking.map((r) => r.id)).toEqual(['i9']);
    expect(store.relations.relates_to).toEqual([]);
    await expect(adding).rejects.toThrow();
    expect(store.usedTypes).toEqual(['relates_to']);
  });

  it('removing a sub-issue sets its parent to null; a refusal puts it back everywhere', async () => {
    const issues = issueStore();
    fakeApi.on('GET', `${I}sub-issues/`, {
      sub_issues: [
        makeIssue('c1', { parent_id: 'i1' }),
        makeIssue('c2', { parent_id: 'i1', state_id: 's3', state__group: 'completed' }),
      ],
      state_distribution: {},
    });
    const store = new SubIssueStore(REF, issues);
    await store.fetch();
    expect(store.distribution.backlog).toEqual(['c1']);
    expect(store.doneCount).toBe(1);
    expect(issues.get('i1')?.sub_issues_count).toBe(2);

    // The distribution follows a child's state change made anywhere.
    fakeApi.on('PATCH', '/api/workspaces/acme/projects/p1/issues/c1/', (body) => ({
      ...makeIssueDetail('c1', { parent_id: 'i1' }),
      ...(body as object),
      state__group: 'completed',
    }));
    await issues.update('acme', 'p1', 'c1', { state_id: 's3' });
    expect(store.doneCount).toBe(2);

    fakeApi.on('PATCH', '/api/workspaces/acme/projects/p1/issues/c2/', refused);
    const removing = store.remove('c2');
    expect(store.ids).toEqual(['c1']);
    expect(issues.get('c2')?.parent_id).toBeNull();
    expect(fakeApi.callsTo('PATCH', '/api/workspaces/acme/projects/p1/issues/c2/')[0]?.body).toEqual({
      parent_id: null,
    });
    await expect(removing).rejects.toThrow();
    expect(store.ids).toEqual(['c1', 'c2']);
    expect(issues.get('c2')?.parent_id).toBe('i1');
    expect(issues.get('i1')?.sub_issues_count).toBe(2);
  });

  it('attachment upload reports progress; delete is put back when refused', async () => {
    const issues = issueStore();
    let report: (fraction: number) => void = () => undefined;
    let finish: (value: unknown) => void = () => undefined;
    const upload = vi.fn(
      (_path: string, _file: File, onProgress: (f: number) => void) =>
        new Promise((resolve) => {
          report = onProgress;
          finish = resolve;
        }),
    );
    const store = new AttachmentStore(REF, issues, upload as never);
    store.seed([]);

    const adding = store.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(store.uploads.map((u) => [u.name, u.progress])).toEqual([['notes.txt', 0]]);
    runInAction(() => report(0.5));
    expect(store.uploads[0]?.progress).toBe(0.5);
    finish(makeAttachment('a1', 'notes.txt'));
    await adding;
    expect(store.uploads).toEqual([]);
    expect(store.attachments.map((a) => a.id)).toEqual(['a1']);
    expect(issues.get('i1')?.attachment_count).toBe(1);

    fakeApi.on('DELETE', `${I}issue-attachments/a1/`, refused);
    const removing = store.remove('a1');
    expect(store.attachments).toEqual([]);
    await expect(removing).rejects.toThrow();
    expect(store.attachments.map((a) => a.id)).toEqual(['a1']);
    expect(issues.get('i1')?.attachment_count).toBe(1);
  });
});

describe('opening a work item', () => {
  beforeEach(() => fakeApi.reset());

  it('reads the item and its reactions, attachments, links, relations and parent in one request', async () => {
    fakeApi.on('GET', I, {
      ...makeIssueDetail('i1', { parent_id: 'p9', is_subscribed: true }),
      issue_reactions: [{ id: 'r1', actor: 'u1', reaction: '👍', display_name: 'ada', created_at: T }],
      issue_attachment: [makeAttachment('a1', 'notes.txt')],
      issue_link: [makeLink('l1', 'https://a.example')],
      issue_relation: { blocking: [makeRelationRow('i9', 'blocking')] },
      parent: { id: 'p9', name: 'Epic', sequence_id: 9, project_id: 'p1', state_id: 's1', priority: 'none' },
    });
    fakeApi.on('GET', `${I}comments/`, [makeComment('c1', '<p>one</p>')]);
    fakeApi.on('GET', `${I}history/`, []);
    fakeApi.on('GET', `${I}sub-issues/`, { sub_issues: [], state_distribution: {} });
    const root = new RootStore();
    const detail = new IssueDetailStore(root, REF);
    await detail.load();

    const reads = fakeApi.calls.filter((c) => c.method === 'GET' && c.path.startsWith(I));
    const detailReads = reads.filter((c) => c.path.split('?')[0] === I);
    expect(detailReads).toHaveLength(1);
    const expand = new URL(detailReads[0]?.path ?? '', 'http://x').searchParams.get('expand');
    expect(expand?.split(',').sort()).toEqual([...DETAIL_EXPANSIONS].sort());
    // Comments, history and sub-issues are their own reads; nothing else of the item is asked for.
    expect(reads.map((c) => c.path.split('?')[0]).sort()).toEqual(
      [I, `${I}comments/`, `${I}history/`, `${I}sub-issues/`].sort(),
    );

    expect(detail.status).toBe('ready');
    expect(detail.reactions.groups.map((g) => g.emoji)).toEqual(['👍']);
    expect(detail.attachments.attachments.map((a) => a.id)).toEqual(['a1']);
    expect(detail.links.links.map((l) => l.id)).toEqual(['l1']);
    expect(detail.relations.usedTypes).toEqual(['blocking']);
    expect(detail.subscription.subscribed).toBe(true);
    expect(detail.parent).toMatchObject({ name: 'Epic', sequence_id: 9 });
    expect(detail.comments.comments.map((c) => c.id)).toEqual(['c1']);
    // The expansions are not kept on the issue itself.
    expect(root.issues.get('i1')).not.toHaveProperty('issue_link');
    detail.dispose();
  });
});
