import type { State } from '@kite/shared/contracts';
import { STATE_GROUPS, type StateGroup, stateGroupRank, stateSequenceBetween } from '@kite/shared/domain';
import { runInAction } from 'mobx';
import { api } from '../../lib/api.ts';
import { ProjectItemStore } from './ProjectItemStore.ts';

/** The workflow states of each project, keyed by state id. */
export class StateStore extends ProjectItemStore<State> {
  constructor() {
    super('states');
  }

  /** By group order, then sequence. */
  statesOf(projectId: string): State[] {
    return this.itemsOf(projectId).sort(
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

  create(
    slug: string,
    projectId: string,
    body: { name: string; color: string; group: StateGroup },
  ): Promise<State> {
    return this.post(slug, projectId, body);
  }

  /** Applied at once, rolled back if the server refuses. */
  update(
    slug: string,
    projectId: string,
    stateId: string,
    patch: Partial<Pick<State, 'name' | 'color' | 'sequence' | 'description'>>,
  ): Promise<void> {
    return this.patch(slug, projectId, stateId, patch);
  }

  /** Exactly one default: the new one is marked at once, and the old one restored if the server refuses. */
  async markDefault(slug: string, projectId: string, stateId: string): Promise<void> {
    const states = this.byProject.get(projectId);
    if (!states) return;
    const previous = [...states.values()].filter((s) => s.default);
    const markOnly = (isDefault: (s: State) => boolean) =>
      runInAction(() => {
        for (const s of states.values())
          if (s.default !== isDefault(s)) states.set(s.id, { ...s, default: isDefault(s) });
      });
    markOnly((s) => s.id === stateId);
    try {
      await api.post(`${this.itemUrl(slug, projectId, stateId)}mark-default/`);
    } catch (error) {
      markOnly((s) => previous.some((p) => p.id === s.id));
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

  remove(slug: string, projectId: string, stateId: string): Promise<void> {
    return this.delete(slug, projectId, stateId);
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
