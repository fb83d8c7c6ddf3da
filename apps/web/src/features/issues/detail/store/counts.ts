import type { IssueStore } from '../../store/IssueStore.ts';

type CountKey = 'link_count' | 'attachment_count' | 'sub_issues_count';

/**
 * Sets a counter of a work item locally (the board's cards show it). The row keeps its
 * updated_at, so lists are not told to move it.
 */
export function setCount(issues: IssueStore, issueId: string, key: CountKey, value: number): void {
  const issue = issues.get(issueId);
  if (!issue || issue[key] === value) return;
  issues.upsertMany([{ ...issue, [key]: Math.max(0, value) }]);
}
