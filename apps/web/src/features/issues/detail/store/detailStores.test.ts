import { runInAction } from 'mobx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../lib/api.ts';
import { fakeApi } from '../../../../test/fakeApi.ts';
import { makeIssue, makeIssueDetail } from '../../../../test/issueFixtures.ts';
import { IssueStore } from '../../store/IssueStore.ts';
import type { IssueComment, IssueLink, Reaction } from '../types.ts';
import { AttachmentStore } from './AttachmentStore.ts';
import { CommentStore } from './CommentStore.ts';
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

function comment(id: string, html: string, actor = 'u1'): IssueComment {
  return {
    id,
    issue: 'i1',
    project: 'p1',
    workspace: 'w1',
    actor,
    actor_detail: null,
    comment_html: html,
    comment_stripped: html,
    access: 'INTERNAL',
    parent: null,
    edited_at: null,
    comment_reactions: [],
    created_at: T,
    updated_at: T,
    created_by: actor,
    updated_by: null,
  };
}

function link(id: string, url: string): IssueLink {
  return {
    id,
    issue_id: 'i1',
    title: null,
    url,
    metadata: {},
    created_by: 'u1',
    created_by_detail: null,
    created_at: T,
    updated_at: T,
  };
}

function issueStore() {
  const issues = new IssueStore({ stateGroupOf: (_p, s) => (s === 's3' ? 'completed' : 'backlog') });
  issues.upsertMany([makeIssueDetail('i1')]);
  return issues;
}

describe('detail stores: optimistic changes roll back when the server refuses', () => {
  beforeEach(() => fakeApi.reset());

  it('comment edit shows at once and comes back on failure; delete is put back in place', async () => {
    fakeApi.on('GET', `${I}comments/`, [comment('c1', '<p>one</p>'), comment('c2', '<p>two</p>')]);
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
    fakeApi.on('GET', `${I}comments/`, [comment('c1', '<p>one</p>')]);
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
    fakeApi.on('GET', `${I}issue-links/`, [link('l1', 'https://a.example'), link('l2', 'https://b.example')]);
    const store = new LinkStore(REF, issues);
    await store.fetch();

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
    fakeApi.on('GET', `${I}reactions/`, [mine]);
    const store = new ReactionStore(REF, () => 'u1');
    await store.fetch();
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
    await store.fetch();
    fakeApi.on('POST', `${I}subscribe/`, refused);
    const toggling = store.toggle();
    expect(store.subscribed).toBe(true);
    await expect(toggling).rejects.toThrow();
    expect(store.subscribed).toBe(false);
    await vi.waitFor(() => expect(answers).toBe(2));
  });

  it('relation removal is put back (and refetched) when refused', async () => {
    const row = {
      id: 'i9',
      name: 'Other',
      sequence_id: 9,
      project_id: 'p1',
      state_id: 's1',
      priority: 'none',
      assignee_ids: [],
      relation_type: 'blocked_by',
      created_at: T,
      created_by: null,
      updated_at: T,
      updated_by: null,
    };
    fakeApi.on('GET', `${I}issue-relation/`, { blocked_by: [row] });
    const store = new RelationStore(REF);
    await store.fetch();
    expect(store.usedTypes).toEqual(['blocked_by']);
    fakeApi.on('POST', `${I}remove-relation/`, refused);
    const removing = store.remove('i9');
    expect(store.total).toBe(0);
    await expect(removing).rejects.toThrow();
    expect(store.relations.blocked_by.map((r) => r.id)).toEqual(['i9']);
  });

  it('relation add replaces an existing pair of another type, and is undone on failure', async () => {
    const row = (id: string, type: string) => ({
      id,
      name: id,
      sequence_id: 1,
      project_id: 'p1',
      state_id: 's1',
      priority: 'none',
      assignee_ids: [],
      relation_type: type,
      created_at: T,
      created_by: null,
      updated_at: T,
      updated_by: null,
    });
    fakeApi.on('GET', `${I}issue-relation/`, { relates_to: [row('i9', 'relates_to')] });
    const store = new RelationStore(REF);
    await store.fetch();
    fakeApi.on('POST', `${I}issue-relation/`, refused);
    const adding = store.add('blocking', [row('i9', 'blocking')]);
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
    fakeApi.on('GET', `${I}issue-attachments/`, []);
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
    await store.fetch();

    const adding = store.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(store.uploads.map((u) => [u.name, u.progress])).toEqual([['notes.txt', 0]]);
    runInAction(() => report(0.5));
    expect(store.uploads[0]?.progress).toBe(0.5);
    finish({
      id: 'a1',
      issue_id: 'i1',
      project_id: 'p1',
      attributes: { name: 'notes.txt', type: 'text/plain', size: 5 },
      asset_url: '/download/a1',
      is_uploaded: true,
      created_by: 'u1',
      created_at: T,
      updated_at: T,
      updated_by: null,
    });
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
