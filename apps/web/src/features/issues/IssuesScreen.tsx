import { createLazyRoute, Link, useNavigate, useParams } from '@tanstack/react-router';
import { ChartColumn, Inbox, Plus, Settings } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { SaveViewButton } from '../views/SaveViewButton.tsx';
import { useIssueShortcuts } from './actions.ts';
import { BoardBody } from './BoardBody.tsx';
import { IssuePeek } from './detail/IssuePeek.tsx';
import { useBoardDrops } from './dnd.ts';
import { AppliedFilters } from './header/AppliedFilters.tsx';
import { DisplayMenu } from './header/DisplayMenu.tsx';
import { FiltersMenu } from './header/FiltersMenu.tsx';
import { LayoutSwitcher } from './header/LayoutSwitcher.tsx';
import type { IssueView } from './IssueView.ts';
import { LazyCreateIssueDialog } from './LazyCreateIssueDialog.tsx';
import {
  listExtras,
  PROJECT_LIST_KINDS,
  PROJECT_LIST_LABELS,
  PROJECT_LIST_LAYOUTS,
  PROJECT_LIST_ROUTES,
  type ProjectListKind,
  projectListView,
} from './projectLists.ts';

/**
 * A project's work items: header (layouts, filters, display), the project's list tabs, applied
 * filters and the layout. `kind` picks the live list, the archive or the caller's drafts.
 */
export const IssuesScreen = observer(function IssuesScreen({
  slug,
  projectId,
  kind = 'live',
}: {
  slug: string;
  projectId: string;
  kind?: ProjectListKind;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const [view] = useState(() =>
    projectListView(stores, slug, projectId, kind, (issueId) =>
      navigate({
        to: PROJECT_LIST_ROUTES[kind],
        params: { workspaceSlug: slug, projectId },
        search: (prev: Record<string, unknown>) => ({ ...prev, peekId: issueId }),
      } as never),
    ),
  );
  useIssueShortcuts(view);
  useBoardDrops(view);

  // The route's loader starts the first page; a layout switched here fetches its own list.
  useEffect(() => {
    if (!view.list) void view.fetch();
  }, [view]);

  const project = view.project;
  if (!project) return <PageLoader label="Loading project" />;
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <ProjectLogo project={project} size="sm" />
            {project.name}
            <span className="font-mono text-xs font-normal text-fg-muted">{project.identifier}</span>
          </span>
        }
        actions={
          <>
            {view.list?.loader === 'mutation' && <Spinner size="sm" label="Updating" />}
            <LayoutSwitcher view={view} layouts={PROJECT_LIST_LAYOUTS[kind]} />
            <FiltersMenu view={view} />
            <DisplayMenu view={view} />
            {kind === 'live' && <SaveViewButton place={{ slug, projectId }} view={view} />}
            {view.canEdit && (
              <Button variant="primary" size="sm" onClick={() => view.openCreate()}>
                <Plus className="size-3.5" aria-hidden /> {kind === 'draft' ? 'New draft' : 'New work item'}
              </Button>
            )}
            <Link
              to="/$workspaceSlug/projects/$projectId/analytics"
              params={{ workspaceSlug: slug, projectId }}
              className={buttonClasses('ghost', 'sm', 'w-7 px-0!')}
              aria-label="Project analytics"
              title="Project analytics"
            >
              <ChartColumn className="size-3.5" aria-hidden />
            </Link>
            <Link
              to="/$workspaceSlug/settings/projects/$projectId"
              params={{ workspaceSlug: slug, projectId }}
              className={buttonClasses('ghost', 'sm', 'w-7 px-0!')}
              aria-label="Project settings"
              title="Project settings"
            >
              <Settings className="size-3.5" aria-hidden />
            </Link>
          </>
        }
      />
      <ProjectListTabs slug={slug} projectId={projectId} current={kind} />
      <AppliedFilters view={view} />
      <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
        <BoardBody view={view} empty={<EmptyList view={view} kind={kind} />} />
      </main>
      <LazyCreateIssueDialog view={view} />
      {kind === 'draft' ? (
        listExtras.current && <listExtras.current.DeleteDraftDialog view={view} />
      ) : (
        <IssuePeek
          slug={slug}
          projectId={projectId}
          route={PROJECT_LIST_ROUTES[kind]}
          ids={() => view.visibleIds}
          onMove={view.focus}
        />
      )}
    </>
  );
});

/** Work items · Drafts · Archived: the project's lists, one route each. */
function ProjectListTabs({
  slug,
  projectId,
  current,
}: {
  slug: string;
  projectId: string;
  current: ProjectListKind;
}) {
  return (
    <nav aria-label="Work item lists" className={tabBarClass}>
      {PROJECT_LIST_KINDS.map((kind) => (
        <Link
          key={kind}
          to={PROJECT_LIST_ROUTES[kind]}
          params={{ workspaceSlug: slug, projectId }}
          aria-current={kind === current ? 'page' : undefined}
          className={tabClass(kind === current)}
        >
          {PROJECT_LIST_LABELS[kind]}
        </Link>
      ))}
    </nav>
  );
}

const EmptyList = observer(function EmptyList({ view, kind }: { view: IssueView; kind: ProjectListKind }) {
  const extras = listExtras.current;
  if (kind === 'archived' && extras) return <extras.ArchivedEmpty />;
  if (kind === 'draft' && extras) return <extras.DraftsEmpty view={view} />;
  return (
    <EmptyState
      icon={<Inbox className="size-5" />}
      title="No work items yet"
      description="Work items track what the team does. Create the first one, or press C anywhere on this page."
      action={
        view.canEdit ? (
          <Button variant="primary" onClick={() => view.openCreate()}>
            <Plus className="size-3.5" aria-hidden /> Create work item
          </Button>
        ) : undefined
      }
    />
  );
});

/** The screen of one list, for its route (the params are the project's). */
function listScreen(kind: ProjectListKind) {
  return function ProjectListRouteScreen() {
    const { workspaceSlug = '', projectId = '' } = useParams({ strict: false });
    return (
      <IssuesScreen
        key={`${workspaceSlug}/${projectId}/${kind}`}
        slug={workspaceSlug}
        projectId={projectId}
        kind={kind}
      />
    );
  };
}

/** The lazily loaded halves of routes/ProjectIssuesRoute.tsx, one per list. */
export const ProjectIssuesLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/issues')({
  component: listScreen('live'),
});
export const ProjectArchivedIssuesLazyRoute = createLazyRoute(
  '/authed/$workspaceSlug/projects/$projectId/archives/issues',
)({ component: listScreen('archived') });
export const ProjectDraftIssuesLazyRoute = createLazyRoute(
  '/authed/$workspaceSlug/projects/$projectId/drafts',
)({
  component: listScreen('draft'),
});
