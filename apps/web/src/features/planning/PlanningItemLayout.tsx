import type { Project } from '@kite/shared/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChartLine, Inbox, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect, useState } from 'react';
import type { RootStore } from '../../app/RootStore.ts';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { useIssueShortcuts } from '../issues/actions.ts';
import { BoardBody } from '../issues/BoardBody.tsx';
import { IssuePeek } from '../issues/detail/IssuePeek.tsx';
import { useBoardDrops } from '../issues/dnd.ts';
import { AppliedFilters } from '../issues/header/AppliedFilters.tsx';
import { DisplayMenu } from '../issues/header/DisplayMenu.tsx';
import { FiltersMenu } from '../issues/header/FiltersMenu.tsx';
import { LayoutSwitcher } from '../issues/header/LayoutSwitcher.tsx';
import type { IssueView } from '../issues/IssueView.ts';
import { LazyCreateIssueDialog } from '../issues/LazyCreateIssueDialog.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { FavoriteToggle } from './PlanningParts.tsx';
import { useFollowItems } from './useFollowItems.ts';

/** Where a cycle's or module's page lives, and how its work-item list is made. */
export interface PlanningItemPage {
  kind: 'cycles' | 'modules';
  /** The page's route, whose search takes the peeked item. */
  route: string;
  /** The route's params (`cycleId` or `moduleId` beside the workspace and project). */
  params: Record<string, string>;
  makeView: (stores: RootStore, onOpen: (issueId: string) => void) => IssueView;
  /** Reads the item again: its figures follow its work items. */
  refresh: () => Promise<unknown>;
}

/**
 * The work-item list of one cycle or module: made once, with the list's keyboard shortcuts and
 * drops, fetched on arrival, and a counter that moves each time the item's figures were read again.
 */
export function usePlanningItemView(page: PlanningItemPage): { view: IssueView; version: number } {
  const stores = useStores();
  const navigate = useNavigate();
  const [view] = useState(() =>
    page.makeView(stores, (issueId) =>
      navigate({
        to: page.route,
        params: page.params,
        search: (prev: Record<string, unknown>) => ({ ...prev, peekId: issueId }),
      } as never),
    ),
  );
  useIssueShortcuts(view);
  useBoardDrops(view);
  useEffect(() => {
    if (!view.list) void view.fetch();
  }, [view]);
  // `page` is made once per item (the screen's state), so its refresh is stable.
  const version = useFollowItems(view, page.refresh);
  return { view, version };
}

/**
 * A cycle's or module's page: header (layouts, filters, display, create, the progress panel's
 * toggle, favorite and the kind's own actions), a line of facts, an optional banner, the work items
 * in every layout with the panel beside them, and the create dialog and peek.
 */
export const PlanningItemLayout = observer(function PlanningItemLayout({
  slug,
  project,
  page,
  view,
  listLabel,
  name,
  canCreate,
  favorite,
  actions,
  facts,
  banner,
  panel,
  empty,
  children,
}: {
  slug: string;
  project: Project;
  page: PlanningItemPage;
  view: IssueView;
  /** "Cycles" or "Modules": the breadcrumb back to the list. */
  listLabel: string;
  name: string;
  canCreate: boolean;
  favorite: { on: boolean; toggle: () => Promise<void> };
  actions?: ReactNode;
  facts: ReactNode;
  banner?: ReactNode;
  /** The progress panel, shown while its toggle is on. */
  panel: ReactNode;
  empty: ReactNode;
  /** Dialogs of the kind (edit, transfer). */
  children?: ReactNode;
}) {
  const [panelOpen, setPanelOpen] = useState(true);
  return (
    <>
      <PageHeader
        title={
          <span className="flex min-w-0 items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            <Link
              to={
                page.kind === 'cycles'
                  ? '/$workspaceSlug/projects/$projectId/cycles'
                  : '/$workspaceSlug/projects/$projectId/modules'
              }
              params={{ workspaceSlug: slug, projectId: project.id }}
              className="shrink-0 text-fg-muted hover:text-fg"
            >
              {listLabel}
            </Link>
            <span className="text-fg-subtle">/</span>
            <span className="truncate">{name}</span>
          </span>
        }
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} />
            <FiltersMenu view={view} />
            <DisplayMenu view={view} />
            {canCreate && (
              <Button variant="primary" size="sm" onClick={() => view.openCreate()}>
                <Plus className="size-3.5" aria-hidden /> New work item
              </Button>
            )}
            <IconButton
              size="sm"
              label={panelOpen ? 'Hide progress' : 'Show progress'}
              aria-pressed={panelOpen}
              onClick={() => setPanelOpen((o) => !o)}
            >
              <ChartLine className="size-3.5" aria-hidden />
            </IconButton>
            <FavoriteToggle on={favorite.on} toggle={favorite.toggle} />
            {actions}
          </>
        }
      />
      <div className="flex shrink-0 items-center gap-3 border-b border-border px-6 py-1.5 text-xs text-fg-muted">
        {facts}
      </div>
      {banner}
      <AppliedFilters view={view} />
      <div className="flex min-h-0 flex-1">
        <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
          <BoardBody view={view} empty={empty} />
        </main>
        {panelOpen && panel}
      </div>
      <LazyCreateIssueDialog view={view} />
      <IssuePeek
        slug={slug}
        projectId={project.id}
        route={page.route}
        ids={() => view.visibleIds}
        onMove={view.focus}
      />
      {children}
    </>
  );
});

/** An empty cycle or module: what to do, and a create button where work items can be added. */
export function PlanningEmpty({
  view,
  canCreate,
  title,
  description,
}: {
  view: IssueView;
  canCreate: boolean;
  title: string;
  description: string;
}) {
  return (
    <EmptyState
      icon={<Inbox className="size-5" />}
      title={title}
      description={description}
      action={
        canCreate ? (
          <Button variant="primary" onClick={() => view.openCreate()}>
            <Plus className="size-3.5" aria-hidden /> Create work item
          </Button>
        ) : undefined
      }
    />
  );
}
