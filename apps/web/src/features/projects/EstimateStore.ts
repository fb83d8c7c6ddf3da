import type { Estimate } from '@kite/shared/contracts';
import { ProjectItemStore } from './ProjectItemStore.ts';

export type EstimateType = 'points' | 'categories' | 'time';

/** The estimate systems of each project. */
export class EstimateStore extends ProjectItemStore<Estimate> {
  constructor() {
    super('estimates');
  }

  estimatesOf(projectId: string): Estimate[] {
    return this.itemsOf(projectId).sort((a, b) => a.created_at.localeCompare(b.created_at));
  }

  create(
    slug: string,
    projectId: string,
    body: { name: string; type: EstimateType; values: string[] },
  ): Promise<Estimate> {
    return this.post(slug, projectId, {
      estimate: { name: body.name, type: body.type },
      estimate_points: body.values.map((value, key) => ({ key, value })),
    });
  }

  remove(slug: string, projectId: string, estimateId: string): Promise<void> {
    return this.delete(slug, projectId, estimateId);
  }
}
