import { describe, expect, it } from 'vitest';
import { issueScene } from '../../test/issue-scene.ts';

const scene = issueScene();
const { create, state } = scene;

/** What the issues service registers with other domains when it is made (services.ts wires them). */
describe('the issues service in other domains', () => {
  it('refuses deleting a state that still has work items', async () => {
    await create({ name: 'In todo', state_id: state('Todo').id });
    const refused = await scene.owner.client.delete(`${scene.base}/states/${state('Todo').id}/`);
    expect(refused.status).toBe(400);
    expect(refused.body.error_code).toBe('STATE_NOT_EMPTY');
  });

  it('detaches a deleted label from the work items that had it', async () => {
    const label = (await scene.owner.client.post(`${scene.base}/issue-labels/`, { name: 'bug' })).body;
    const labelled = await create({ name: 'Labelled', label_ids: [label.id] });
    expect((await scene.owner.client.delete(`${scene.base}/issue-labels/${label.id}/`)).status).toBe(204);
    expect((await scene.owner.client.get(`${scene.base}/issues/${labelled.id}/`)).body.label_ids).toEqual([]);
  });
});
