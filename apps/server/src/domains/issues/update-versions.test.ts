import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { findIssueVersioned, updateIssueAtVersion } from './issues.repo.ts';

let t: TestApp;
let owner: SignedIn;
let base: string;
let projectId: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  const slug = (await createWorkspace(owner)).slug;
  projectId = (await createProject(owner, slug)).id;
  base = `/api/workspaces/${slug}/projects/${projectId}`;
});
afterEach(() => t.close());

const PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

/** The recorded priority changes in the order they were written (the outbox id is assigned under the row lock). */
async function priorityTrail(issueId: string) {
  return queryRows<{ old_value: string; new_value: string }>(
    t.services.db,
    sql`select payload->'changes'->'priority'->>'old' as old_value, payload->'changes'->'priority'->>'new' as new_value
        from outbox where topic = 'issue.updated' and payload->>'issue_id' = ${issueId}
          and payload->'changes' ? 'priority'
        order by id`,
  );
}

async function priorityActivities(issueId: string) {
  const rows = await queryRows<{ n: number }>(
    t.services.db,
    sql`select count(*)::int as n from activities where issue_id = ${issueId} and field = 'priority'`,
  );
  return rows[0]!.n;
}

async function updatedEvents(issueId: string) {
  const rows = await queryRows<{ n: number }>(
    t.services.db,
    sql`select count(*)::int as n from outbox where topic = 'issue.updated' and payload->>'issue_id' = ${issueId}`,
  );
  return rows[0]!.n;
}

describe('work item updates written in one statement', () => {
  it('stay consistent under concurrent edits of one item: every change recorded once, in a chain', async () => {
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'Contended' })).body as { id: string };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        owner.client.patch(`${base}/issues/${issue.id}/`, { priority: PRIORITIES[i % PRIORITIES.length] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const trail = await priorityTrail(issue.id);
    // Each recorded change starts where the previous one ended, from the created value to the final one.
    expect(trail[0]?.old_value).toBe('none');
    for (let i = 1; i < trail.length; i++) expect(trail[i]!.old_value).toBe(trail[i - 1]!.new_value);
    const final = (await owner.client.get(`${base}/issues/${issue.id}/`)).body as { priority: string };
    expect(trail.at(-1)?.new_value).toBe(final.priority);
    expect(await updatedEvents(issue.id)).toBe(trail.length);
    expect(await priorityActivities(issue.id)).toBe(trail.length);
  });

  it('lose no field when several people edit different fields of one item at once', async () => {
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'Shared' })).body as { id: string };
    const states = (await owner.client.get(`${base}/states/`)).body as { id: string; group: string }[];
    const started = states.find((s) => s.group === 'started')!;
    const label = (await owner.client.post(`${base}/issue-labels/`, { name: 'Contended label' })).body as {
      id: string;
    };
    const edits: Record<string, unknown>[] = [
      { name: 'Shared, renamed' },
      { priority: 'urgent' },
      { description_html: '<p>Written at the same time</p>' },
      { start_date: '2026-03-01' },
      { target_date: '2026-03-31' },
      { state_id: started.id },
      { label_ids: [label.id] },
      { assignee_ids: [owner.user.id] },
    ];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        edits.map((edit) => owner.client.patch(`${base}/issues/${issue.id}/`, edit)),
      );
      expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    }
    const final = (await owner.client.get(`${base}/issues/${issue.id}/`)).body as Record<string, unknown>;
    expect(final).toMatchObject({
      name: 'Shared, renamed',
      priority: 'urgent',
      description_html: '<p>Written at the same time</p>',
      start_date: '2026-03-01',
      target_date: '2026-03-31',
      state_id: started.id,
      label_ids: [label.id],
      assignee_ids: [owner.user.id],
    });
  });

  it('writes nothing when the row changed since it was read', async () => {
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'Stale' })).body as { id: string };
    const seen = await findIssueVersioned(t.services.db, projectId, issue.id, owner.user.id);
    expect(seen).toBeDefined();
    // Someone else changes it in between.
    expect((await owner.client.patch(`${base}/issues/${issue.id}/`, { priority: 'high' })).status).toBe(200);
    const written = await updateIssueAtVersion(
      t.services.db,
      seen!.issue,
      seen!.version,
      { priority: 'low' },
      {
        actorId: owner.user.id,
        changes: [
          { field: 'priority', old_value: 'none', new_value: 'low', comment: 'updated the priority' },
        ],
        payload: { issue_id: issue.id },
      },
    );
    expect(written).toBeUndefined();
    expect((await priorityTrail(issue.id)).map((r) => r.new_value)).toEqual(['high']);
    expect(await updatedEvents(issue.id)).toBe(1);
    expect(await priorityActivities(issue.id)).toBe(1);
    const now = (await owner.client.get(`${base}/issues/${issue.id}/`)).body as { priority: string };
    expect(now.priority).toBe('high');
  });

  it('answers the row as the locked path does (dates, arrays, counters)', async () => {
    const issue = (await owner.client.post(`${base}/issues/`, { name: 'Shape', target_date: '2026-12-01' }))
      .body as Record<string, unknown>;
    const fast = await owner.client.patch(`${base}/issues/${issue.id}/`, { name: 'Shape 2' });
    // The same item through the detail read: every field equal but the ones the edit changed.
    const read = await owner.client.get(`${base}/issues/${issue.id}/`);
    expect(fast.status).toBe(200);
    expect(fast.body).toEqual(read.body);
    expect(fast.body.name).toBe('Shape 2');
    expect(fast.body.target_date).toBe('2026-12-01');
  });
});
