import type { RootStore } from '../../app/RootStore.ts';
import { IssueView } from '../issues/IssueView.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/**
 * A cycle's work items: the project's work-item list, scoped to `{p}/cycles/{id}/cycle-issues/`.
 * Its display settings are its own (the cycle's user properties); what is created here joins the cycle.
 */
export function cycleListView(
  stores: RootStore,
  slug: string,
  projectId: string,
  cycleId: string,
  onOpen: (issueId: string) => void = () => undefined,
): IssueView {
  return new IssueView(stores, slug, projectId, onOpen, 'cycle', {
    settingsKey: `cycle:${cycleId}`,
    settingsPath: `${projectPath(slug, projectId)}/cycles/${encodeURIComponent(cycleId)}/user-properties/`,
    listKey: cycleId,
    path: `${projectPath(slug, projectId)}/cycles/${encodeURIComponent(cycleId)}/cycle-issues/`,
    itemDefaults: { cycle_id: cycleId },
    member: (issue) => issue.cycle_id === cycleId,
  });
}
