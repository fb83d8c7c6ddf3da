import type { CreateCycleBody, Cycle, UpdateCycleBody } from '@kite/shared/contracts';
import { api, seg } from '../../lib/api.ts';
import { PlanningItemStore } from '../planning/PlanningItemStore.ts';
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
export class CycleStore extends PlanningItemStore<Cycle, CreateCycleBody, UpdateCycleBody> {
  constructor() {
    super({
      collection: 'cycles',
      archived: 'archived-cycles',
      favorites: 'user-favorite-cycles',
      favoriteKey: 'cycle',
    });
  }

  /** The project's live cycles in their manual order. */
  cyclesOf(projectId: string): Cycle[] {
    return this.liveOf(projectId).sort((a, b) => a.sort_order - b.sort_order);
  }

  /** One tab's cycles: favorites first, then the newest. */
  tabOf(projectId: string, tab: CycleTab): Cycle[] {
    const source =
      tab === 'archived'
        ? this.archivedItemsOf(projectId)
        : this.cyclesOf(projectId).filter((c) => c.status === TAB_STATUS[tab]);
    return source.sort(
      (a, b) => Number(b.is_favorite) - Number(a.is_favorite) || b.created_at.localeCompare(a.created_at),
    );
  }

  /** Cycles that can take work items: not completed, not archived. */
  openCyclesOf(projectId: string): Cycle[] {
    return this.cyclesOf(projectId).filter((c) => c.status !== 'completed');
  }

  /** One cycle, fresh from the server; an archived one is read from the archive. */
  override async fetchOne(slug: string, projectId: string, cycleId: string): Promise<Cycle> {
    try {
      return await super.fetchOne(slug, projectId, cycleId);
    } catch (error) {
      const archived = await api
        .get<Cycle>(`${projectPath(slug, projectId)}/archived-cycles/${seg(cycleId)}/`)
        .catch(() => undefined);
      if (!archived) throw error;
      this.put(projectId, archived);
      return archived;
    }
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

  /** Moves the unfinished items of a completed cycle into another; both cycles' figures are read again. */
  async transfer(slug: string, projectId: string, cycleId: string, newCycleId: string): Promise<string[]> {
    const { transferred_issue_ids } = await api.post<{ transferred_issue_ids: string[] }>(
      `${this.itemUrl(slug, projectId, cycleId)}transfer-issues/`,
      { new_cycle_id: newCycleId },
    );
    await Promise.all([this.fetchOne(slug, projectId, cycleId), this.fetchOne(slug, projectId, newCycleId)]);
    return transferred_issue_ids;
  }
}
