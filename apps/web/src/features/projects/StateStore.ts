import type { State } from '@kite/shared/contracts';
import { STATE_GROUPS, type StateGroup, stateGroupRank, stateSequenceBetween } from '@kite/shared/domain';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, fileByProject, findInProjects } from './byProject.ts';
import { projectPath } from './ProjectStore.ts';

/** The workflow states of each project, keyed by state id. */
export class StateStore {
  private readonly byProject: ByProject<State> = observable.map();
  /** Workspaces whose projects' states all came in one read (lists across projects). */
  private readonly workspaces = observable.set<string>();

  constructor() {
    makeAutoObservable<StateStore, 'byProject' | 'workspaces'>(
      this,
      { byProject: false, workspaces: false },
      { autoBind: true },
    );
  }

  /** A state of any loaded project (lists across projects look them up by id). */
  find(id: string): State | undefined {
    return findInProjects(this.byProject, id);
  }

  /** Every state of the projects the caller is in (`GET {ws}/states/`), filed by project. */
  async fetchWorkspace(slug: string): Promise<State[]> {
    const all = await api.get<State[]>(`/api/workspaces/${seg(slug)}/states/`);
    runInAction(() => {
      fileByProject(this.byProject, all);
      this.workspaces.add(slug);
    });
    return all;
  }

  /** Whether `fetchWorkspace` answered for `slug` (an id missing then names a deleted state). */
  isWorkspaceLoaded(slug: string): boolean {
    return this.workspaces.has(slug);
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  /** By group order, then sequence. */
  statesOf(projectId: string): State[] {
    const states = this.byProject.get(projectId);
    if (!states) return [];
    return [...states.values()].sort(
      (a, b) => stateGroupRank(a.group) - stateGroupRank(b.group) || a.sequence - b.sequence,
    );
  }

  grouped(projectId: string): Record<StateGroup, State[]> {
    const groups = Object.fromEntries(STATE_GROUPS.map((g) => [g, [] as State[]])) as Record<
      StateGroup,
      State[]
    >;
    for (const state of this.statesOf(projectId)) groups[state.group as StateGroup]?.push(state);
    return groups;
  }

  private base(slug: string, projectId: string) {
    return `${projectPath(slug, projectId)}/states/`;
  }

  async fetch(slug: string, projectId: string): Promise<State[]> {
    const states = await api.get<State[]>(this.base(slug, projectId));
    runInAction(() => this.byProject.set(projectId, observable.map(states.map((s) => [s.id, s]))));
    return states;
  }

  async create(
    slug: string,
    projectId: string,
    body: { name: string; color: string; group: StateGroup },
  ): Promise<State> {
    const state = await api.post<State>(this.base(slug, projectId), body);
    runInAction(() => this.byProject.get(projectId)?.set(state.id, state));
    return state;
  }

  /** Applied at once, rolled back if the server refuses. */
  async update(
    slug: string,
    projectId: string,
    stateId: string,
    patch: Partial<Pick<State, 'name' | 'color' | 'sequence' | 'description'>>,
  ): Promise<void> {
    const states = this.byProject.get(projectId);
    const before = states?.get(stateId);
    if (states && before) states.set(stateId, { ...before, ...patch });
    try {
      const state = await api.patch<State>(`${this.base(slug, projectId)}${seg(stateId)}/`, patch);
      runInAction(() => states?.set(stateId, state));
    } catch (error) {
      runInAction(() => {
        if (states && before) states.set(stateId, before);
      });
      throw error;
    }
  }

  /** Exactly one default: the new one is marked at once, and the old one restored if the server refuses. */
  async markDefault(slug: string, projectId: string, stateId: string): Promise<void> {
    const states = this.byProject.get(projectId);
    if (!states) return;
    const previous = [...states.values()].filter((s) => s.default);
    for (const s of states.values()) {
      if (s.default !== (s.id === stateId)) states.set(s.id, { ...s, default: s.id === stateId });
    }
    try {
      await api.post(`${this.base(slug, projectId)}${seg(stateId)}/mark-default/`);
    } catch (error) {
      runInAction(() => {
        for (const s of states.values()) {
          const wasDefault = previous.some((p) => p.id === s.id);
          if (s.default !== wasDefault) states.set(s.id, { ...s, default: wasDefault });
        }
      });
      throw error;
    }
  }

  /** Moves a state one place up (-1) or down (+1) within its group: the midpoint sequence of its new neighbours. */
  async move(slug: string, projectId: string, stateId: string, direction: -1 | 1): Promise<void> {
    const state = this.byProject.get(projectId)?.get(stateId);
    if (!state) return;
    const group = this.grouped(projectId)[state.group as StateGroup] ?? [];
    const sequence = sequenceForMove(group, stateId, direction);
    if (sequence === null) return;
    await this.update(slug, projectId, stateId, { sequence });
  }

  async remove(slug: string, projectId: string, stateId: string): Promise<void> {
    const states = this.byProject.get(projectId);
    const before = states?.get(stateId);
    states?.delete(stateId);
    try {
      await api.delete(`${this.base(slug, projectId)}${seg(stateId)}/`);
    } catch (error) {
      runInAction(() => {
        if (states && before) states.set(stateId, before);
      });
      throw error;
    }
  }

  reset(): void {
    this.byProject.clear();
    this.workspaces.clear();
  }
}

/** The sequence that moves `id` one place in `direction` within the sorted `list`; null when it cannot move. */
export function sequenceForMove(
  list: { id: string; sequence: number }[],
  id: string,
  direction: -1 | 1,
): number | null {
  const index = list.findIndex((s) => s.id === id);
  const target = index + direction;
  if (index === -1 || target < 0 || target >= list.length) return null;
  const rest = list.filter((s) => s.id !== id);
  // After removing the item, it goes in at `target`: between rest[target - 1] and rest[target].
  const before = rest[target - 1]?.sequence ?? null;
  const after = rest[target]?.sequence ?? null;
  return stateSequenceBetween(before, after);
}
