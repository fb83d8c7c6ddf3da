import { createLazyRoute, getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Construction, Inbox, Plus, RotateCw, SearchX, Settings } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { useIssueShortcuts } from './actions.ts';
import { IssuePeek } from './detail/IssuePeek.tsx';
import { useBoardDrops } from './dnd.ts';
import { AppliedFilters } from './header/AppliedFilters.tsx';
import { DisplayMenu } from './header/DisplayMenu.tsx';
import { FiltersMenu } from './header/FiltersMenu.tsx';
import { LayoutSwitcher } from './header/LayoutSwitcher.tsx';
import { IssueView } from './IssueView.ts';
import { LAYOUT_LABELS, useLayoutComponent } from './layouts/registry.ts';
import { activeFilterEntries } from './store/displayFilters.ts';

/** Loaded when first opened (C, the button, the command palette): not needed for the first paint. */
const CreateIssueDialog = lazy(() =>
  import('./CreateIssueDialog.tsx').then((m) => ({ default: m.CreateIssueDialog })),
);

const route = getRouteApi('/authed/$workspaceSlug/projects/$projectId/issues');

/** The project issues screen: header (layouts, filters, display), applied filters, the layout. */
export const IssuesScreen = observer(function IssuesScreen({
  slug,
  projectId,
}: {
  slug: string;
  projectId: string;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const [view] = useState(
    () =>
      new IssueView(stores, slug, projectId, (issueId) =>
        navigate({
          to: '/$workspaceSlug/projects/$projectId/issues',
          params: { workspaceSlug: slug, projectId },
          search: (prev) => ({ ...prev, peekId: issueId }),
        }),
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
            <LayoutSwitcher view={view} />
            <FiltersMenu view={view} />
            <DisplayMenu view={view} />
            {view.canEdit && (
              <Button variant="primary" size="sm" onClick={() => view.openCreate()}>
                <Plus className="size-3.5" aria-hidden /> New work item
              </Button>
            )}
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
      <AppliedFilters view={view} />
      <main className="relative min-h-0 flex-1 overflow-hidden" aria-label="Work items">
        <BoardBody view={view} />
      </main>
      <LazyCreateIssueDialog view={view} />
      <IssuePeek slug={slug} projectId={projectId} ids={() => view.visibleIds} onMove={view.focus} />
    </>
  );
});

const BoardBody = observer(function BoardBody({ view }: { view: IssueView }) {
  const list = view.list;
  const Layout = useLayoutComponent(view.layout);
  if (Layout === undefined)
    return (
      <Centered>
        <EmptyState
          icon={<Construction className="size-5" />}
          title={`The ${LAYOUT_LABELS[view.layout].toLowerCase()} layout is coming`}
          description="Switch to the list or the board meanwhile."
          action={
            <Button variant="secondary" onClick={() => void view.setDisplayFilters({ layout: 'list' })}>
              Show the list
            </Button>
          }
        />
      </Centered>
    );
  if (list?.error && !list.loaded)
    return (
      <Centered>
        <EmptyState
          icon={<SearchX className="size-5" />}
          title="The work items could not be loaded"
          description={list.error}
          action={
            <Button variant="primary" onClick={() => void view.fetch()}>
              <RotateCw className="size-3.5" aria-hidden /> Try again
            </Button>
          }
        />
      </Centered>
    );
  if (!list?.loaded || !Layout) return <PageLoader label="Loading work items" />;
  // A ranged list (the calendar's month) may be empty while the project is not: the layout shows it.
  if (list.isEmpty && !list.request?.extra) {
    const filtered = activeFilterEntries(view.filters).length > 0 || view.displayFilters.type !== null;
    return (
      <Centered>
        {filtered ? (
          <EmptyState
            icon={<SearchX className="size-5" />}
            title="No work items match these filters"
            action={
              <Button variant="secondary" onClick={() => void view.clearFilters()}>
                Clear filters
              </Button>
            }
          />
        ) : (
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
        )}
      </Centered>
    );
  }
  return (
    <>
      <Layout view={view} />
      <MarkInteractive />
    </>
  );
});

/** The create dialog, mounted from its first opening on (so that closing still animates). */
const LazyCreateIssueDialog = observer(function LazyCreateIssueDialog({ view }: { view: IssueView }) {
  const [mounted, setMounted] = useState(false);
  if (view.createOpen && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <CreateIssueDialog view={view} />
    </Suspense>
  );
});

/** `board:interactive` once the first page is on screen (the benchmark reads it). */
function MarkInteractive() {
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current) return;
    marked.current = true;
    requestAnimationFrame(() => performance.mark('board:interactive'));
  }, []);
  return null;
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-xl px-6 py-16">{children}</div>;
}

/** The lazily loaded half of routes/ProjectIssuesRoute.tsx. */
export const ProjectIssuesLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/issues')({
  component: function ProjectIssuesRouteScreen() {
    const { workspaceSlug, projectId } = route.useParams();
    return <IssuesScreen key={`${workspaceSlug}/${projectId}`} slug={workspaceSlug} projectId={projectId} />;
  },
});
