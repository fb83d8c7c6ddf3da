import { HttpError, PlaneClient } from '@makeplane/plane-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorkspace, type SignedIn, signUp } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The public API driven by a client nobody here wrote: Plane's own Node SDK
 * (`@makeplane/plane-node-sdk`), pointed at the real server on an ephemeral port with an API
 * token made through the web app's API. Every call is the SDK's: its paths, headers and keys.
 */

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let slug: string;
let plane: PlaneClient;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp({ API_RATE_LIMIT: '100000' });
  owner = await signUp(t);
  slug = (await createWorkspace(owner)).slug;
  member = await addMember(t, owner, slug, 15);
  const token = await owner.client.post(`/api/workspaces/${slug}/api-tokens/`, { label: 'Plane SDK' });
  expect(token.status, token.text).toBe(201);
  plane = new PlaneClient({ baseUrl: t.baseUrl, apiKey: token.body.token });
}, 120_000);
afterAll(() => t?.close());

/** The status an SDK call failed with. */
async function failure(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).statusCode;
  }
  throw new Error('the call succeeded');
}

describe('@makeplane/plane-node-sdk against the server', () => {
  let projectId: string;
  let identifier: string;

  it('reads the caller and the workspace members', async () => {
    const me = await plane.users.me();
    expect(me).toMatchObject({ id: owner.user.id, email: owner.user.email });
    const members = await plane.workspace.getMembers(slug);
    expect(members.map((m) => m.id).sort()).toEqual([owner.user.id, member.user.id].sort());
    expect(members.find((m) => m.id === member.user.id)?.role).toBe(15);
  });

  it('creates, lists, reads and updates projects and reads their members', async () => {
    // The SDK derives an identifier from the name when none is given.
    const project = await plane.projects.create(slug, { name: 'Sdk Demo' });
    expect(project).toMatchObject({ name: 'Sdk Demo', identifier: 'SDKDE' });
    projectId = project.id;
    identifier = project.identifier!;
    const list = await plane.projects.list(slug);
    expect(list.results.map((p) => p.id)).toContain(projectId);
    expect(list.total_count).toBeGreaterThanOrEqual(1);
    expect((await plane.projects.retrieve(slug, projectId)).name).toBe('Sdk Demo');
    const updated = await plane.projects.update(slug, projectId, {
      intake_view: true,
      description: 'via SDK',
    });
    expect(updated).toMatchObject({ intake_view: true, description: 'via SDK' });
    const members = await plane.projects.getMembers(slug, projectId);
    expect(members).toEqual([expect.objectContaining({ id: owner.user.id, role: 20 })]);
  });

  it('manages states and labels', async () => {
    const states = await plane.states.list(slug, projectId);
    expect(states.results.map((s) => s.group).sort()).toEqual(
      ['backlog', 'cancelled', 'completed', 'started', 'unstarted'].sort(),
    );
    const review = await plane.states.create(slug, projectId, {
      name: 'Review',
      color: '#ffaa00',
      group: 'started',
    });
    expect(review).toMatchObject({ name: 'Review', group: 'started', project: projectId });
    expect((await plane.states.retrieve(slug, projectId, review.id)).name).toBe('Review');
    expect((await plane.states.update(slug, projectId, review.id, { name: 'In review' })).name).toBe(
      'In review',
    );
    await plane.states.delete(slug, projectId, review.id);
    expect(await failure(plane.states.retrieve(slug, projectId, review.id))).toBe(404);

    const label = await plane.labels.create(slug, projectId, { name: 'sdk', color: '#3366ff' });
    expect(label).toMatchObject({ name: 'sdk', color: '#3366ff', project: projectId });
    expect((await plane.labels.list(slug, projectId)).results.map((l) => l.id)).toContain(label.id);
    expect((await plane.labels.retrieve(slug, projectId, label.id!)).name).toBe('sdk');
    expect((await plane.labels.update(slug, projectId, label.id!, { name: 'sdk-2' })).name).toBe('sdk-2');
    await plane.labels.delete(slug, projectId, label.id!);
    expect(await failure(plane.labels.retrieve(slug, projectId, label.id!))).toBe(404);
  });

  it('creates, lists, updates, finds by key and deletes work items, with comments, links and activity', async () => {
    const states = await plane.states.list(slug, projectId);
    const started = states.results.find((s) => s.group === 'started')!;
    const label = await plane.labels.create(slug, projectId, { name: 'bug', color: '#ff0000' });
    const item = await plane.workItems.create(slug, projectId, {
      name: 'Written by the SDK',
      description_html: '<p>From <em>Node</em></p>',
      priority: 'high',
      state: started.id,
      labels: [label.id!],
      assignees: [owner.user.id],
      start_date: day(0),
      target_date: day(3),
    });
    expect(item).toMatchObject({
      name: 'Written by the SDK',
      priority: 'high',
      state: started.id,
      labels: [label.id],
      assignees: [owner.user.id],
      project: projectId,
    });

    const list = await plane.workItems.list(slug, projectId, { per_page: 10 });
    expect(list.results.map((w) => w.id)).toContain(item.id);
    expect(list.next_cursor).toBe('10:1:0');
    const expanded = await plane.workItems.retrieve(slug, projectId, item.id, [
      'state',
      'labels',
      'assignees',
    ]);
    expect(expanded.state).toMatchObject({ id: started.id, group: 'started' });
    expect(expanded.labels).toEqual([expect.objectContaining({ id: label.id, name: 'bug' })]);
    expect(expanded.assignees).toEqual([expect.objectContaining({ id: owner.user.id })]);

    const updated = await plane.workItems.update(slug, projectId, item.id, {
      priority: 'urgent',
      name: 'Renamed',
    });
    expect(updated).toMatchObject({ priority: 'urgent', name: 'Renamed', state: started.id });
    const byKey = await plane.workItems.retrieveByIdentifier(slug, `${identifier}-${item.sequence_id}`);
    expect(byKey).toMatchObject({ id: item.id, name: 'Renamed' });

    const comment = await plane.workItems.comments.create(slug, projectId, item.id, {
      comment_html: '<p>Looks good</p>',
    });
    expect(comment).toMatchObject({
      comment_html: '<p>Looks good</p>',
      issue: item.id,
      actor: owner.user.id,
    });
    expect((await plane.workItems.comments.list(slug, projectId, item.id)).results.map((c) => c.id)).toEqual([
      comment.id,
    ]);
    expect((await plane.workItems.comments.retrieve(slug, projectId, item.id, comment.id)).id).toBe(
      comment.id,
    );
    const edited = await plane.workItems.comments.update(slug, projectId, item.id, comment.id, {
      comment_html: '<p>Looks great</p>',
    });
    expect(edited.comment_html).toBe('<p>Looks great</p>');
    await plane.workItems.comments.delete(slug, projectId, item.id, comment.id);
    expect((await plane.workItems.comments.list(slug, projectId, item.id)).results).toEqual([]);

    const link = await plane.links.create(slug, projectId, item.id, {
      url: 'https://example.com/pr/1',
      title: 'PR',
    });
    expect(link).toMatchObject({ url: 'https://example.com/pr/1', title: 'PR', issue: item.id });
    expect((await plane.workItems.links.list(slug, projectId, item.id)).results.map((l) => l.id)).toEqual([
      link.id,
    ]);
    expect((await plane.links.retrieve(slug, projectId, item.id, link.id)).title).toBe('PR');
    expect((await plane.links.update(slug, projectId, item.id, link.id, { title: 'PR #1' })).title).toBe(
      'PR #1',
    );
    await plane.links.delete(slug, projectId, item.id, link.id);

    const activities = await plane.workItems.activities.list(slug, projectId, item.id);
    expect(activities.results.some((a) => a.field === 'priority' && a.new_value === 'urgent')).toBe(true);

    await plane.workItems.delete(slug, projectId, item.id);
    expect(await failure(plane.workItems.retrieve(slug, projectId, item.id))).toBe(404);
  });

  it('plans work in cycles and modules', async () => {
    const item = await plane.workItems.create(slug, projectId, { name: 'Planned' });
    const cycle = await plane.cycles.create(slug, projectId, {
      name: 'Sprint 1',
      start_date: day(-1),
      end_date: day(6),
      owned_by: owner.user.id,
      project_id: projectId,
    });
    expect(cycle).toMatchObject({ name: 'Sprint 1', owned_by: owner.user.id, project: projectId });
    expect((await plane.cycles.list(slug, projectId)).results.map((c) => c.id)).toContain(cycle.id);
    expect((await plane.cycles.retrieve(slug, projectId, cycle.id)).name).toBe('Sprint 1');
    expect((await plane.cycles.update(slug, projectId, cycle.id, { name: 'Sprint 1 (SDK)' })).name).toBe(
      'Sprint 1 (SDK)',
    );
    await plane.cycles.addWorkItemsToCycle(slug, projectId, cycle.id, [item.id]);
    const inCycle = await plane.cycles.listWorkItemsInCycle(slug, projectId, cycle.id);
    expect(inCycle.results.map((w) => w.id)).toEqual([item.id]);
    await plane.cycles.removeWorkItemFromCycle(slug, projectId, cycle.id, item.id);
    expect((await plane.cycles.listWorkItemsInCycle(slug, projectId, cycle.id)).total_count).toBe(0);
    await plane.cycles.delete(slug, projectId, cycle.id);
    expect(await failure(plane.cycles.retrieve(slug, projectId, cycle.id))).toBe(404);

    const module = await plane.modules.create(slug, projectId, {
      name: 'Onboarding',
      status: 'planned',
      lead: owner.user.id,
      members: [owner.user.id],
    });
    expect(module).toMatchObject({ name: 'Onboarding', lead: owner.user.id, members: [owner.user.id] });
    expect((await plane.modules.list(slug, projectId)).results.map((m) => m.id)).toContain(module.id);
    expect((await plane.modules.retrieve(slug, projectId, module.id)).name).toBe('Onboarding');
    expect((await plane.modules.update(slug, projectId, module.id, { status: 'in-progress' })).status).toBe(
      'in-progress',
    );
    await plane.modules.addWorkItemsToModule(slug, projectId, module.id, [item.id]);
    expect(
      (await plane.modules.listWorkItemsInModule(slug, projectId, module.id)).results.map((w) => w.id),
    ).toEqual([item.id]);
    await plane.modules.removeWorkItemFromModule(slug, projectId, module.id, item.id);
    // Only a completed (or cancelled) module may be archived.
    expect(await failure(plane.modules.archiveModule(slug, projectId, module.id))).toBe(400);
    await plane.modules.update(slug, projectId, module.id, { status: 'completed' });
    await plane.modules.archiveModule(slug, projectId, module.id);
    expect((await plane.modules.listArchivedModules(slug, projectId)).results.map((m) => m.id)).toContain(
      module.id,
    );
    await plane.modules.unArchiveModule(slug, projectId, module.id);
    await plane.modules.delete(slug, projectId, module.id);
    expect(await failure(plane.modules.retrieve(slug, projectId, module.id))).toBe(404);
  });

  it('submits to and triages the intake', async () => {
    const submitted = await plane.intake.create(slug, projectId, {
      issue: { name: 'Customer report', description_html: '<p>It broke</p>', priority: 'medium' },
    });
    expect(submitted).toMatchObject({
      status: -2,
      issue_detail: { name: 'Customer report', priority: 'medium' },
    });
    const issueId = submitted.issue!;
    expect((await plane.intake.list(slug, projectId)).results.map((i) => i.id)).toContain(submitted.id);
    expect((await plane.intake.retrieve(slug, projectId, issueId)).id).toBe(submitted.id);
    const accepted = await plane.intake.update(slug, projectId, issueId, { status: 1 });
    expect(accepted.status).toBe(1);
    expect((await plane.workItems.retrieve(slug, projectId, issueId)).name).toBe('Customer report');

    const declined = await plane.intake.create(slug, projectId, { issue: { name: 'Spam' } });
    await plane.intake.delete(slug, projectId, declined.issue!);
    expect(await failure(plane.intake.retrieve(slug, projectId, declined.issue!))).toBe(404);
  });

  it("sizes work with the project's estimate and its points", async () => {
    expect(await failure(plane.estimates.retrieve(slug, projectId))).toBe(404);
    const estimate = await plane.estimates.create(slug, projectId, { name: 'Story points', type: 'points' });
    expect(estimate).toMatchObject({ name: 'Story points', type: 'points', project: projectId });
    // One estimate per project.
    expect(await failure(plane.estimates.create(slug, projectId, { name: 'Another' }))).toBe(409);
    const points = await plane.estimates.createPoints(slug, projectId, estimate.id, [
      { value: '1' },
      { value: '2' },
      { value: '3' },
    ]);
    expect(points.map((p) => [p.key, p.value])).toEqual([
      [1, '1'],
      [2, '2'],
      [3, '3'],
    ]);
    const listed = await plane.estimates.listPoints(slug, projectId, estimate.id);
    expect(listed.map((p) => p.id)).toEqual(points.map((p) => p.id));
    const five = await plane.estimates.updatePoint(slug, projectId, estimate.id, points[2]!.id, {
      value: '5',
    });
    expect(five.value).toBe('5');
    await plane.estimates.linkToProject(slug, projectId, estimate.id);
    const item = await plane.workItems.create(slug, projectId, {
      name: 'Sized',
      estimate_point: five.id,
    });
    expect(item.estimate_point).toBe(five.id);
    expect((await plane.estimates.update(slug, projectId, { name: 'Points' })).name).toBe('Points');
    await plane.estimates.deletePoint(slug, projectId, estimate.id, points[0]!.id);
    // The SDK's type leaves `points` out; the object carries them (api.md §15.4).
    const after = (await plane.estimates.retrieve(slug, projectId)) as unknown as {
      points: { value: string }[];
    };
    expect(after.points.map((p) => p.value)).toEqual(['2', '5']);
    await plane.estimates.delete(slug, projectId);
    expect(await failure(plane.estimates.retrieve(slug, projectId))).toBe(404);
    // The work item lost the deleted estimate's point.
    expect((await plane.workItems.retrieve(slug, projectId, item.id)).estimate_point).toBeNull();
  });

  it('reports refusals as the SDK expects: 401 for a bad key, 404 for another workspace', async () => {
    const stranger = new PlaneClient({ baseUrl: t.baseUrl, apiKey: `plane_api_${'0'.repeat(64)}` });
    expect(await failure(stranger.users.me())).toBe(401);
    // The SDK reports the server's message.
    await expect(stranger.users.me()).rejects.toThrow('Invalid or expired API token');
    const other = await signUp(t);
    const otherSlug = (await createWorkspace(other)).slug;
    expect(await failure(plane.projects.list(otherSlug))).toBe(404);
  });
});
