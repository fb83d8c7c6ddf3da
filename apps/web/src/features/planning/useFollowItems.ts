import { useEffect, useState } from 'react';
import type { IssueView } from '../issues/IssueView.ts';

/**
 * A cycle's or module's figures follow its items: `refresh` (kept stable by the caller) runs
 * shortly after the list's items or their states change, and the returned counter moves after
 * each refresh, for the charts that read their own data. Call it inside an observer.
 */
export function useFollowItems(view: IssueView, refresh: () => Promise<unknown>): number {
  const signature = view.visibleIds.map((id) => `${id}:${view.issue(id)?.state_id}`).join();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    void signature;
    const timer = setTimeout(() => {
      refresh()
        .then(() => setVersion((v) => v + 1))
        .catch(() => undefined);
    }, 400);
    return () => clearTimeout(timer);
  }, [refresh, signature]);
  return version;
}
