import type { IssueDetail } from '@kite/shared/contracts';
import type { RootStore } from '../../app/RootStore.ts';
import { api, seg } from '../../lib/api.ts';
import type { WorkItemCard } from '../editor/editorServices.ts';
import { parseWorkItemKey } from '../editor/editorServices.ts';

/**
 * A work item by key for an embed card (`GET {ws}/work-items/{KEY}/`), its state named from the
 * project's states (loaded once when missing). Rejects when the key is malformed or not visible.
 */
export async function lookupWorkItem(stores: RootStore, slug: string, key: string): Promise<WorkItemCard> {
  const parsed = parseWorkItemKey(key);
  if (!parsed) throw new Error(`“${key}” is not a work item key`);
  const normalised = `${parsed.identifier}-${parsed.sequence}`;
  const issue = await api.get<IssueDetail>(`/api/workspaces/${seg(slug)}/work-items/${seg(normalised)}/`);
  if (!stores.states.isLoaded(issue.project_id))
    await stores.states.fetch(slug, issue.project_id).catch(() => undefined);
  const state = stores.states.statesOf(issue.project_id).find((s) => s.id === issue.state_id);
  return {
    id: issue.id,
    key: normalised,
    projectIdentifier: parsed.identifier,
    sequenceId: issue.sequence_id,
    name: issue.name,
    stateName: state?.name,
    stateColor: state?.color,
    href: `/${encodeURIComponent(slug)}/browse/${encodeURIComponent(normalised)}/`,
  };
}
