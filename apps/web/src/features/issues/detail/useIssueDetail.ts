import { useEffect, useMemo } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { IssueDetailStore } from './store/IssueDetailStore.ts';

/** The detail store of one work item, loaded on mount and let go on unmount. */
export function useIssueDetail(slug: string, projectId: string, issueId: string): IssueDetailStore {
  const root = useStores();
  const detail = useMemo(
    () => new IssueDetailStore(root, { slug, projectId, issueId }),
    [root, slug, projectId, issueId],
  );
  useEffect(() => {
    void detail.load();
    return () => detail.dispose();
  }, [detail]);
  return detail;
}
