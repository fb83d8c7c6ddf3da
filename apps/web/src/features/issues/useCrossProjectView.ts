import type { DisplayFilters } from '@kite/shared/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { useIssueShortcuts } from './actions.ts';
import { IssueView, type ListScope } from './IssueView.ts';
import type { ListContextKind } from './store/displayFilters.ts';

/**
 * The IssueView of a list across projects (a profile tab, a workspace view): its settings from
 * this browser (`defaults` until changed), an item opening on its own page, the board's keys,
 * and the first page fetched (a revisit keeps the rows while it refreshes). `scope` is read
 * once: the screen is keyed by what it shows.
 */
export function useCrossProjectView(
  slug: string,
  scope: ListScope,
  context: ListContextKind,
  defaults?: Partial<DisplayFilters>,
): IssueView {
  const stores = useStores();
  const navigate = useNavigate();
  const [view] = useState(() => {
    stores.issueFilters.loadLocal(scope.settingsKey, context, defaults);
    return new IssueView(
      stores,
      slug,
      '',
      (issueId) => {
        const projectId = stores.issues.get(issueId)?.project_id;
        if (!projectId) return;
        void navigate({
          to: '/$workspaceSlug/projects/$projectId/issues/$issueId',
          params: { workspaceSlug: slug, projectId, issueId },
        });
      },
      context,
      scope,
    );
  });
  useIssueShortcuts(view);
  useEffect(() => {
    void view.fetch(view.list?.loaded ? 'mutation' : undefined);
  }, [view]);
  return view;
}
