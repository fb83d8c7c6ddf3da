import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issues, outbox } from '../../platform/db/schema.ts';
import { createProject, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: SignedIn;
let slug: string;
beforeEach(async () => {
  t = await startTestApp();
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
});
afterEach(() => t.close());

async function setup(settings: Record<string, unknown>) {
  const project = await createProject(owner, slug);
  const base = `/api/workspaces/${slug}/projects/${project.id}`;
  const states = (await owner.client.get(`${base}/states/`)).body as { id: string; group: string }[];
  const stateOf = (group: string) => states.find((s) => s.group === group)!.id;
  const settingsBody = { ...settings };
  if (settingsBody.default_state === 'cancelled') settingsBody.default_state = stateOf('cancelled');
  expect((await owner.client.patch(`${base}/`, settingsBody)).status).toBe(200);
  const make = async (name: string, group: string, ageDays: number) => {
    const issue = (await owner.client.post(`${base}/issues/`, { name, state_id: stateOf(group) })).body;
    await t.services.db
      .update(issues)
      .set({ updated_at: sql`now() - make_interval(days => ${ageDays})` })
      .where(eq(issues.id, issue.id));
    return issue.id as string;
  };
  const read = async (id: string) => (await owner.client.get(`${base}/issues/${id}/`)).body;
  return { make, read, stateOf };
}

describe('project automations', () => {
  it('archives closed work items untouched for archive_in months and leaves the rest', async () => {
    const { make, read } = await setup({ archive_in: 1 });
    const stale = await make('Old done', 'completed', 31);
    const fresh = await make('New done', 'completed', 5);
    const open = await make('Old open', 'started', 90);
    const result = await t.services.automations.run();
    expect(result).toMatchObject({ archived: 1, closed: 0 });
    expect((await read(stale)).archived_at).not.toBeNull();
    expect((await read(fresh)).archived_at).toBeNull();
    expect((await read(open)).archived_at).toBeNull();
    const events = await t.services.db.select().from(outbox);
    expect(events.some((e) => e.payload.issue_id === stale && e.payload.automation === 'archive')).toBe(true);
    expect((await t.services.automations.run()).archived).toBe(0);
  });

  it('closes open work items untouched for close_in months into the chosen cancelled state', async () => {
    const { make, read, stateOf } = await setup({ close_in: 2, default_state: 'cancelled' });
    const stale = await make('Forgotten', 'unstarted', 61);
    const recent = await make('Recent', 'unstarted', 10);
    const done = await make('Done long ago', 'completed', 200);
    expect((await t.services.automations.run()).closed).toBe(1);
    expect((await read(stale)).state_id).toBe(stateOf('cancelled'));
    expect((await read(recent)).state_id).toBe(stateOf('unstarted'));
    expect((await read(done)).state_id).toBe(stateOf('completed'));
  });

  it('does nothing for projects without automations', async () => {
    const { make, read } = await setup({ name: 'Plain' });
    const id = await make('Ancient', 'completed', 900);
    expect(await t.services.automations.run()).toMatchObject({ archived: 0, closed: 0 });
    expect((await read(id)).archived_at).toBeNull();
  });
});
