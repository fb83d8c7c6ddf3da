import type { Db } from '../../platform/db/database.ts';
import { createIssueBulkService } from './issue-bulk.service.ts';
import { createIssueCreateService } from './issue-create.service.ts';
import { createIssueListService } from './issue-list.service.ts';
import { createIssueReadService } from './issue-read.service.ts';
import { createIssueUpdateService } from './issue-update.service.ts';
import { createIssueWrites, type EstimatePointLookup, type IssuesDeps } from './issue-writes.ts';
import { countDraftsOf, countIssuesInState, removeLabelFromIssues } from './issues.repo.ts';

export type { EstimatePointLookup, IssuesDeps } from './issue-writes.ts';

export type IssuesService = ReturnType<typeof createIssuesService>;

/**
 * The issues service other domains and the routes see: one object made of the parts that change
 * together, each in its own file with its own tests — one item's reads (`issue-read`), creates
 * (`issue-create`), edits and deletion (`issue-update`), writes of many items (`issue-bulk`) and
 * the lists and their pages (`issue-list`). Their shared rules are `issue-rules.ts` and the steps
 * every write shares `issue-writes.ts`.
 */
export function createIssuesService(db: Db, deps: IssuesDeps) {
  // Estimates depend on issues (points reassigned), so their lookup is set here once both exist.
  const lookups: { estimatePoint: EstimatePointLookup } = { estimatePoint: async () => false };

  deps.states.setUsageCounter((tx, projectId, stateId) => countIssuesInState(tx, projectId, stateId));
  deps.members.setDraftCounter(countDraftsOf);
  deps.labels.setIssueDetacher((tx, projectId, labelId) => removeLabelFromIssues(tx, projectId, labelId));

  const writes = createIssueWrites(deps, lookups);
  return {
    ...createIssueReadService(db, deps),
    ...createIssueCreateService(db, { ...deps, writes }),
    ...createIssueUpdateService(db, { ...deps, writes }),
    ...createIssueBulkService(db, { ...deps, writes }),
    ...createIssueListService(db, deps),

    setEstimatePointLookup(lookup: EstimatePointLookup) {
      lookups.estimatePoint = lookup;
    },
  };
}
