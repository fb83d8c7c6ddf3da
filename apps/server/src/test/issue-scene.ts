import { afterEach, beforeEach, expect, vi } from 'vitest';
import { createProject, createWorkspace, type SignedIn, signUp } from './factories.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** What the work-item tests start from: an app, its owner, a workspace and a project with its states. */
export interface IssueScene {
  t: TestApp;
  owner: SignedIn;
  slug: string;
  projectId: string;
  /** `/api/workspaces/{slug}/projects/{projectId}` */
  base: string;
  states: { id: string; name: string; group: string }[];
  /** Creates a work item (201 expected) as `client`, the owner by default. */
  create(body: Record<string, unknown>, client?: SignedIn['client']): Promise<any>;
  /** The project's state of that name. */
  state(name: string): { id: string; name: string; group: string };
}

/** A fresh scene before each test of the file, closed after it. */
export function issueScene(): IssueScene {
  const scene = {
    async create(body: Record<string, unknown>, client = scene.owner.client) {
      const res = await client.post(`${scene.base}/issues/`, body);
      expect(res.status, res.text).toBe(201);
      return res.body;
    },
    state: (name: string) => scene.states.find((s) => s.name === name)!,
  } as IssueScene;
  beforeEach(async () => {
    scene.t = await startTestApp();
    scene.owner = await signUp(scene.t);
    scene.slug = (await createWorkspace(scene.owner)).slug;
    scene.projectId = (await createProject(scene.owner, scene.slug)).id;
    scene.base = `/api/workspaces/${scene.slug}/projects/${scene.projectId}`;
    scene.states = (await scene.owner.client.get(`${scene.base}/states/`)).body;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await scene.t.close();
  });
  return scene;
}
