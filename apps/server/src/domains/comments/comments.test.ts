import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/db/schema.ts';
import {
  addMember,
  addProjectMember,
  createProject,
  createWorkspace,
  type SignedIn,
  signUp,
} from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { mentionedUserIds } from './mentions.ts';

let t: TestApp;
let owner: SignedIn;
let slug: string;
let projectId: string;
let base: string;
let issueUrl: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
  const issue = await owner.client.post(`${base}/issues/`, { name: 'Discussed' });
  issueUrl = `${base}/issues/${issue.body.id}`;
});
afterEach(() => t.close());

describe('mentions', () => {
  it('finds user mentions only', () => {
    const id = '0b7f5d4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(
      mentionedUserIds(
        `<p>hi <mention-component entity_name="user_mention" entity_identifier="${id}"></mention-component>` +
          '<mention-component entity_name="issue" entity_identifier="11111111-1111-4111-8111-111111111111"></mention-component></p>',
      ),
    ).toEqual([id]);
  });
});

describe('comments', () => {
  it('creates sanitised comments, lists them in order, and subscribes commenters and mentioned members', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    await owner.client.delete(`${issueUrl}/subscribe/`);
    const html = `<p>Look <mention-component entity_name="user_mention" entity_identifier="${member.user.id}"></mention-component><img src=x onerror="alert(1)"></p>`;
    const created = await owner.client.post(`${issueUrl}/comments/`, { comment_html: html });
    expect(created.status, created.text).toBe(201);
    expect(created.body.comment_html).not.toContain('onerror');
    expect(created.body).toMatchObject({
      actor: owner.user.id,
      access: 'INTERNAL',
      edited_at: null,
      comment_reactions: [],
    });
    expect(created.body.actor_detail.id).toBe(owner.user.id);
    await member.client.post(`${issueUrl}/comments/`, { comment_html: '<p>Second</p>' });
    const list = await owner.client.get(`${issueUrl}/comments/`);
    expect(list.body.map((c: { comment_stripped: string }) => c.comment_stripped)).toEqual([
      'Look',
      'Second',
    ]);
    const newer = await owner.client.get(
      `${issueUrl}/comments/?created_at__gt=${encodeURIComponent(created.body.created_at)}`,
    );
    expect(newer.body).toHaveLength(1);
    expect((await owner.client.get(`${issueUrl}/subscribe/`)).body.subscribed).toBe(true);
    expect((await member.client.get(`${issueUrl}/subscribe/`)).body.subscribed).toBe(true);
    expect((await owner.client.post(`${issueUrl}/comments/`, { comment_html: '' })).status).toBe(400);
  });

  it('writes a comment and its participants’ subscriptions together: when subscribing fails, no comment', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    // The member is no subscriber yet; subscribing them is the comment's last step, refused here.
    await t.database.raw(`create function refuse_subscription() returns trigger language plpgsql as $$
      begin raise exception 'subscription refused'; end $$`);
    await t.database.raw(
      'create trigger refuse_subscription before insert on issue_subscribers for each row execute function refuse_subscription()',
    );
    const failed = await member.client.post(`${issueUrl}/comments/`, { comment_html: '<p>Lost?</p>' });
    expect(failed.status).toBe(500);
    expect((await owner.client.get(`${issueUrl}/comments/`)).body).toEqual([]);
    const events = await t.database.raw(`select 1 from outbox where topic = 'comment.created'`);
    expect(events).toHaveLength(0);
    await t.database.raw('drop trigger refuse_subscription on issue_subscribers');
    const created = await member.client.post(`${issueUrl}/comments/`, { comment_html: '<p>Kept</p>' });
    expect(created.status, created.text).toBe(201);
    expect((await member.client.get(`${issueUrl}/subscribe/`)).body.subscribed).toBe(true);
  });

  it('lets the author or a project admin edit and delete, and guests comment on what they can see', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const comment = (await member.client.post(`${issueUrl}/comments/`, { comment_html: '<p>Mine</p>' })).body;
    const url = `${issueUrl}/comments/${comment.id}/`;
    const edited = await member.client.patch(url, { comment_html: '<p>Edited</p>' });
    expect(edited.body.comment_html).toBe('<p>Edited</p>');
    expect(edited.body.edited_at).toMatch(/Z$/);
    const other = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, other.user.id, 15);
    expect((await other.client.patch(url, { comment_html: '<p>x</p>' })).status).toBe(403);
    expect((await other.client.delete(url)).status).toBe(403);
    expect((await owner.client.delete(url)).status).toBe(204);
    expect((await owner.client.get(url)).status).toBe(404);
    const topics = (await t.services.db.select().from(outbox))
      .map((e) => e.topic)
      .filter((x) => x.startsWith('comment'));
    expect(topics).toEqual(['comment.created', 'comment.updated', 'comment.deleted']);

    const guest = await addMember(t, owner, slug, 5);
    await addProjectMember(owner, slug, projectId, guest.user.id, 5);
    expect((await guest.client.post(`${issueUrl}/comments/`, { comment_html: '<p>hi</p>' })).status).toBe(
      404,
    );
    // Once the project lets guests see every work item, they may comment on it.
    await owner.client.patch(`${base}/`, { guest_view_all_features: true });
    const guestComment = await guest.client.post(`${issueUrl}/comments/`, { comment_html: '<p>hi</p>' });
    expect(guestComment.status, guestComment.text).toBe(201);
    const own = await owner.client.post(`${base}/issues/`, { name: 'x' });
    expect(own.status).toBe(201);
    expect((await new Client(t.baseUrl).get(`${issueUrl}/comments/`)).status).toBe(401);
    const stranger = await signUp(t);
    const strangerSlug = (await createWorkspace(stranger)).slug;
    expect(
      (
        await stranger.client.get(
          `/api/workspaces/${strangerSlug}/projects/${projectId}/issues/${own.body.id}/comments/`,
        )
      ).status,
    ).toBe(404);
  });

  it('lets a project admin edit another member’s comment (api.md §5.11: author, P20)', async () => {
    const member = await addMember(t, owner, slug, 15);
    await addProjectMember(owner, slug, projectId, member.user.id, 15);
    const comment = (await member.client.post(`${issueUrl}/comments/`, { comment_html: '<p>Theirs</p>' }))
      .body;
    const edited = await owner.client.patch(`${issueUrl}/comments/${comment.id}/`, {
      comment_html: '<p>Tidied</p>',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.comment_html).toBe('<p>Tidied</p>');
  });
});

describe('reactions and history', () => {
  it('adds one reaction per emoji per user and removes it', async () => {
    const added = await owner.client.post(`${issueUrl}/reactions/`, { reaction: '👍' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ actor: owner.user.id, reaction: '👍' });
    expect((await owner.client.post(`${issueUrl}/reactions/`, { reaction: '👍' })).body.error_code).toBe(
      'ALREADY_EXISTS',
    );
    expect((await owner.client.get(`${issueUrl}/reactions/`)).body).toHaveLength(1);
    expect((await owner.client.delete(`${issueUrl}/reactions/${encodeURIComponent('👍')}/`)).status).toBe(
      204,
    );
    expect((await owner.client.get(`${issueUrl}/reactions/`)).body).toEqual([]);

    const comment = (await owner.client.post(`${issueUrl}/comments/`, { comment_html: '<p>c</p>' })).body;
    const reacted = await owner.client.post(`${base}/comments/${comment.id}/reactions/`, {
      reaction: 'tada',
    });
    expect(reacted.body).toMatchObject({ comment: comment.id, reaction: 'tada' });
    const read = await owner.client.get(`${issueUrl}/comments/${comment.id}/`);
    expect(read.body.comment_reactions.map((r: { reaction: string }) => r.reaction)).toEqual(['tada']);
    expect((await owner.client.delete(`${base}/comments/${comment.id}/reactions/tada/`)).status).toBe(204);
  });

  it('merges property activity and comments in the history', async () => {
    await owner.client.patch(`${issueUrl}/`, { priority: 'high' });
    await owner.client.post(`${issueUrl}/comments/`, { comment_html: '<p>note</p>' });
    const all = await owner.client.get(`${issueUrl}/history/`);
    expect(
      all.body.map(
        (h: { verb?: string; comment_html?: string; field?: string }) =>
          h.comment_html ?? `${h.verb}:${h.field ?? ''}`,
      ),
    ).toEqual(['created:', 'updated:priority', '<p>note</p>']);
    const properties = await owner.client.get(`${issueUrl}/history/?activity_type=issue-property`);
    expect(properties.body[1]).toMatchObject({ field: 'priority', old_value: 'none', new_value: 'high' });
    expect(properties.body[1].issue_detail.sequence_id).toBe(1);
    const onlyComments = await owner.client.get(`${issueUrl}/history/?activity_type=issue-comment`);
    expect(onlyComments.body).toHaveLength(1);
  });
});
