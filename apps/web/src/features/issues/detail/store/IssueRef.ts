import { issuePath } from '../../store/IssueStore.ts';

/** Which work item a detail store is about. */
export interface IssueRef {
  slug: string;
  projectId: string;
  issueId: string;
}

/** `{i}/` of the work item, ending with a slash. */
export const issueBase = (ref: IssueRef) => issuePath(ref.slug, ref.projectId, ref.issueId);

let counter = 0;
/** A client-only id for a row that waits for the server. */
export function pendingId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}
