import type { Estimate } from '@kite/shared/contracts';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { projectPath } from './ProjectStore.ts';

export type EstimateType = 'points' | 'categories' | 'time';

/** The estimate systems of each project. */
export class EstimateStore {
  private readonly byProject = observable.map<string, ObservableMap<string, Estimate>>();

  constructor() {
    makeAutoObservable<EstimateStore, 'byProject'>(this, { byProject: false }, { autoBind: true });
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  estimatesOf(projectId: string): Estimate[] {
    const estimates = this.byProject.get(projectId);
    return estimates ? [...estimates.values()].sort((a, b) => a.created_at.localeCompare(b.created_at)) : [];
  }

  private base(slug: string, projectId: string) {
    return `${projectPath(slug, projectId)}/estimates/`;
  }

  async fetch(slug: string, projectId: string): Promise<Estimate[]> {
    const estimates = await api.get<Estimate[]>(this.base(slug, projectId));
    runInAction(() => this.byProject.set(projectId, observable.map(estimates.map((e) => [e.id, e]))));
    return estimates;
  }

  async create(
    slug: string,
    projectId: string,
    body: { name: string; type: EstimateType; values: string[] },
  ): Promise<Estimate> {
    const estimate = await api.post<Estimate>(this.base(slug, projectId), {
      estimate: { name: body.name, type: body.type },
      estimate_points: body.values.map((value, key) => ({ key, value })),
    });
    runInAction(() => this.byProject.get(projectId)?.set(estimate.id, estimate));
    return estimate;
  }

  async remove(slug: string, projectId: string, estimateId: string): Promise<void> {
    await api.delete(`${this.base(slug, projectId)}${seg(estimateId)}/`);
    runInAction(() => this.byProject.get(projectId)?.delete(estimateId));
  }

  reset(): void {
    this.byProject.clear();
  }
}
