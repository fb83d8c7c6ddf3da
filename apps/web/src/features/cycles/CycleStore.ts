import type { CreateCycleBody, Cycle, PlanningAnalytics, UpdateCycleBody } from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, fileByProject, findInProjects, loadOnce } from '../projects/byProject.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** The cycles page's tabs (spec §2): active is the default; archived lists its own endpoint. */
export const CYCLE_TABS = ['active', 'upcoming', 'completed', 'draft', 'archived'] as const;
export type CycleTab = (typeof CYCLE_TABS)[number];

const TAB_STATUS: Record<Exclude<CycleTab, 'archived'>, Cycle['status']> = {
  active: 'current',
  upcoming: 'upcoming',
  completed: 'completed',
  draft: 'draft',
};

/** Each project's cycles (live and archived), keyed by id; changes apply at once and roll back on failure. */
export class CycleStore {
  private readonly byProject: ByProject<Cycle> = observable.map();
  private readonly archivedByProject: ByProject<Cycle> = observable.map();
  /** Requests in flight by project, so that many pickers opening at once ask once. */
  private readonly loading = new Map<string, Promise<unknown>>();
  /** Projects whose whole list is here (one page's fetchOne files a single item). */
  private readonly listed = observable.set<string>();

  constructor() {
    makeAutoObservable<CycleStore, 'byProject' | 'archivedByProject' | 'loading' | 'listed'>(
      this,
      { byProject: false, archivedByProject: false, loading: false, listed: false },
      { autoBind: true },
    );
  }

  private base(slug: string, projectId: string) {
    return `${projectPath(slug, projectId)}/cycles/`;
  }

  isLoaded(projectId: string): boolean {
    return this.listed.has(projectId);
  }

  /** A cycle of any loaded project, archived ones too. */
  find(id: string): Cycle | undefined {
    return findInProjects(this.byProject, id) ?? findInProjects(this.archivedByProject, id);
  }

  /** The project's live cycles in their manual order. */
  cyclesOf(projectId: string): Cycle[] {
    const cycles = this.byProject.get(projectId);
    return cycles ? [...cycles.values()].sort((a, b) => a.sort_order - b.sort_order) : [];
  }

  /** One tab's cycles: favorites first, then the newest. */
  tabOf(projectId: string, tab: CycleTab): Cycle[] {
    const source =
      tab === 'archived'
        ? [...(this.archivedByProject.get(projectId)?.values() ?? [])]
        : this.cyclesOf(projectId).filter((c) => c.status === TAB_STATUS[tab]);
    return source.sort(
      (a, b) => Number(b.is_favorite) - Number(a.is_favorite) || b.created_at.localeCompare(a.created_at),
    );
  }

  /** Cycles that can take work items: not completed, not archived. */
  openCyclesOf(projectId: string): Cycle[] {
    return this.cyclesOf(projectId).filter((c) => c.status !== 'completed');
  }

  async fetch(slug: string, projectId: string): Promise<Cycle[]> {
    const cycles = await api.get<Cycle[]>(this.base(slug, projectId));
    runInAction(() => {
      this.listed.add(projectId);
      this.byProject.set(projectId, observable.map(cycles.map((c) => [c.id, c])));
    });
    return cycles;
  }

  async fetchArchived(slug: string, projectId: string): Promise<Cycle[]> {
    const cycles = await api.get<Cycle[]>(`${projectPath(slug, projectId)}/archived-cycles/`);
    runInAction(() => this.archivedByProject.set(projectId, observable.map(cycles.map((c) => [c.id, c]))));
    return cycles;
  }

  /** One cycle, fresh from the server (its figures change as its items do). */
  async fetchOne(slug: string, projectId: string, cycleId: string): Promise<Cycle> {
    try {
      const cycle = await api.get<Cycle>(`${this.base(slug, projectId)}${seg(cycleId)}/`);
      runInAction(() => this.put(projectId, cycle));
      return cycle;
    } catch (error) {
      const archived = await api
        .get<Cycle>(`${projectPath(slug, projectId)}/archived-cycles/${seg(cycleId)}/`)
        .catch(() => undefined);
      if (!archived) throw error;
      runInAction(() => this.put(projectId, archived));
      return archived;
    }
  }

  private put(projectId: string, cycle: Cycle) {
    const live = !cycle.archived_at;
    const into = live ? this.byProject : this.archivedByProject;
    const outOf = live ? this.archivedByProject : this.byProject;
    outOf.get(projectId)?.delete(cycle.id);
    if (!into.has(projectId)) into.set(projectId, observable.map());
    into.get(projectId)!.set(cycle.id, cycle);
  }

  async create(slug: string, projectId: string, body: CreateCycleBody): Promise<Cycle> {
    const cycle = await api.post<Cycle>(this.base(slug, projectId), body);
    runInAction(() => this.put(projectId, cycle));
    return cycle;
  }

  async update(slug: string, projectId: string, cycleId: string, patch: UpdateCycleBody): Promise<Cycle> {
    const cycle = await api.patch<Cycle>(`${this.base(slug, projectId)}${seg(cycleId)}/`, patch);
    runInAction(() => this.put(projectId, cycle));
    return cycle;
  }

  async remove(slug: string, projectId: string, cycleId: string): Promise<void> {
    await api.delete(`${this.base(slug, projectId)}${seg(cycleId)}/`);
    runInAction(() => {
      this.byProject.get(projectId)?.delete(cycleId);
      this.archivedByProject.get(projectId)?.delete(cycleId);
    });
  }

  /** Asks the server whether the range is free (`date-check`); the message of a refusal, else null. */
  async dateConflict(
    slug: string,
    projectId: string,
    range: { start_date: string; end_date: string; cycle_id?: string },
  ): Promise<string | null> {
    try {
      await api.post(`${this.base(slug, projectId)}date-check/`, range);
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : 'These dates are not available';
    }
  }

  /** Favorite on or off at once; rolled back if the server refuses. */
  async toggleFavorite(slug: string, projectId: string, cycleId: string): Promise<void> {
    const cycle = this.find(cycleId);
    if (!cycle) return;
    const next = !cycle.is_favorite;
    runInAction(() => this.put(projectId, { ...cycle, is_favorite: next }));
    try {
      if (next) await api.post(`${projectPath(slug, projectId)}/user-favorite-cycles/`, { cycle: cycleId });
      else await api.delete(`${projectPath(slug, projectId)}/user-favorite-cycles/${seg(cycleId)}/`);
    } catch (error) {
      runInAction(() => this.put(projectId, { ...(this.find(cycleId) ?? cycle), is_favorite: !next }));
      throw error;
    }
  }

  async archive(slug: string, projectId: string, cycleId: string): Promise<void> {
    const { archived_at } = await api.post<{ archived_at: string }>(
      `${this.base(slug, projectId)}${seg(cycleId)}/archive/`,
    );
    const cycle = this.find(cycleId);
    if (cycle) runInAction(() => this.put(projectId, { ...cycle, archived_at }));
  }

  async restore(slug: string, projectId: string, cycleId: string): Promise<void> {
    await api.delete(`${this.base(slug, projectId)}${seg(cycleId)}/archive/`);
    const cycle = this.find(cycleId);
    if (cycle) runInAction(() => this.put(projectId, { ...cycle, archived_at: null }));
  }

  /** Moves the unfinished items of a completed cycle into another; both cycles' figures are read again. */
  async transfer(slug: string, projectId: string, cycleId: string, newCycleId: string): Promise<string[]> {
    const { transferred_issue_ids } = await api.post<{ transferred_issue_ids: string[] }>(
      `${this.base(slug, projectId)}${seg(cycleId)}/transfer-issues/`,
      { new_cycle_id: newCycleId },
    );
    await Promise.all([this.fetchOne(slug, projectId, cycleId), this.fetchOne(slug, projectId, newCycleId)]);
    return transferred_issue_ids;
  }

  analytics(slug: string, projectId: string, cycleId: string, type: 'issues' | 'points') {
    return api.get<PlanningAnalytics>(`${this.base(slug, projectId)}${seg(cycleId)}/analytics/?type=${type}`);
  }

  /** Loads the project's cycles unless they are here or on their way (errors leave them unloaded). */
  ensure(slug: string, projectId: string): void {
    if (!this.isLoaded(projectId)) loadOnce(this.loading, projectId, () => this.fetch(slug, projectId));
  }

  /** The cycles of every project the caller can see (lists across projects name their groups). */
  async fetchWorkspace(slug: string): Promise<void> {
    const all = await api.get<Cycle[]>(`/api/workspaces/${seg(slug)}/cycles/`);
    runInAction(() => fileByProject(this.byProject, all));
  }

  reset(): void {
    this.byProject.clear();
    this.archivedByProject.clear();
    this.listed.clear();
  }
}
