import { ROLE } from '@kite/shared/domain';
import { createLazyRoute, Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Import, ListFilter, MousePointerClick, Plus, SearchX } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { tabClass } from '../../ui/tabs.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { ProjectSectionTitle } from '../projects/ProjectSectionTitle.tsx';
import { effectiveProjectRole } from '../projects/projectAccess.ts';
import { IntakeAppliedFilters } from './IntakeAppliedFilters.tsx';
import { IntakeCreateDialog } from './IntakeCreateDialog.tsx';
import { IntakeDetail } from './IntakeDetail.tsx';
import { IntakeFilterMenu, IntakeOrderMenu } from './IntakeFilterMenu.tsx';
import { IntakeList } from './IntakeList.tsx';
import { intakeAbilities } from './intakeAbilities.ts';
import {
  activeFilterCount,
  EMPTY_INTAKE_FILTERS,
  INTAKE_TABS,
  type IntakeTab,
  isIntakeTab,
  queryKey,
} from './intakeQuery.ts';

const TAB_LABELS: Record<IntakeTab, string> = { open: 'Open', closed: 'Closed' };

const EMPTY: Record<IntakeTab, { title: string; description: string }> = {
  open: {
    title: 'No open intake items',
    description:
      'Requests submitted to the project wait here until a project admin accepts, declines or snoozes them.',
  },
  closed: {
    title: 'No closed intake items',
    description: 'Accepted, declined and duplicate items show here.',
  },
};

/** Whether a key press belongs to something else: typing, an open menu, dialog or list box. */
function ownedElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return !!target.closest('[role="menu"], [role="dialog"], [role="listbox"]');
}

/**
 * A project's intake (`/{slug}/projects/{id}/intake[/{inboxId}]`): the Open tab (pending and
 * snoozed) and the Closed tab (accepted, declined, duplicate), filtered and ordered, on the left;
 * the selected item on the right with its triage. Anyone in the project may submit; guests see
 * their own items. An item that is missing, not visible or of another project is "not found".
 */
export const IntakeScreen = observer(function IntakeScreen({
  slug,
  projectId,
  tab,
  selectedId,
  onSelect,
}: {
  slug: string;
  projectId: string;
  tab: IntakeTab;
  /** The selected item's work item id (the URL's `inboxId`). */
  selectedId: string | undefined;
  onSelect: (issueId: string | null, options?: { replace?: boolean; tab?: IntakeTab }) => void;
}) {
  const stores = useStores();
  const { intake } = stores;
  const project = stores.projects.get(slug, projectId);
  const enabled = !!project?.intake_view;
  const [creating, setCreating] = useState(false);
  /** Why the selected item could not be shown: not found, or another failure (with a retry). */
  const [failed, setFailed] = useState<{ id: string; notFound: boolean; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const query = intake.queryOf(projectId, tab);
  const key = queryKey(slug, query);

  // Each list is read afresh when it shows (the route's loader has just read the first one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query
  useEffect(() => {
    if (enabled) intake.refresh(slug, query).catch(() => undefined);
  }, [intake, slug, key, enabled]);

  const items = intake.listOf(slug, query);
  const known = selectedId ? intake.get(selectedId) : undefined;
  // An item this client knows from another project's intake is not this one's (a foreign link).
  const foreign = !!known && known.issue.project_id !== projectId;
  const selected = foreign ? undefined : known;

  // A link to an item not on the loaded pages reads it on its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry
  useEffect(() => {
    if (!enabled || !selectedId || intake.get(selectedId)) return;
    setFailed(null);
    intake.fetchItem(slug, projectId, selectedId).catch((error: unknown) => {
      const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
      setFailed({
        id: selectedId,
        notFound,
        message: errorMessage(error, 'The intake item could not be loaded'),
      });
    });
  }, [intake, slug, projectId, selectedId, enabled, attempt]);
  const failure = failed?.id === selectedId ? failed : null;

  // Nothing chosen: the first item is (as Plane's inbox does).
  const first = items[0]?.issue.id;
  useEffect(() => {
    if (!selectedId && first) onSelect(first, { replace: true });
  }, [selectedId, first, onSelect]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query
  const move = useCallback(
    (step: 1 | -1) => {
      const list = intake.listOf(slug, query);
      const at = list.findIndex((item) => item.issue.id === selectedId);
      const next = list[at === -1 ? 0 : at + step];
      if (next) onSelect(next.issue.id, { replace: true });
    },
    [intake, slug, key, selectedId, onSelect],
  );
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey) return;
      if (ownedElsewhere(event.target)) return;
      const arrows = event.key === 'ArrowDown' || event.key === 'ArrowUp';
      // Arrows belong to the page only while nothing else has the focus (the list handles its own).
      if (arrows && event.target instanceof HTMLElement && event.target !== document.body) return;
      if (event.key === 'j' || event.key === 'ArrowDown') move(1);
      else if (event.key === 'k' || event.key === 'ArrowUp') move(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [move]);

  if (!project) return <PageLoader label="Loading project" />;
  if (!enabled) return <FeatureOff slug={slug} project={project} feature="Intake" />;

  const role = effectiveProjectRole(project, stores.workspaces.get(slug)?.role) ?? 0;
  const userId = stores.user.user?.id;
  const ownOnly = role <= ROLE.GUEST && !project.guest_view_all_features;
  const loaded = intake.isLoaded(slug, query);
  const loading = intake.isLoading(slug, query);
  const listFailure = intake.errorOf(slug, query);
  const filtered = activeFilterCount(query) > 0;
  const listLabel = `${TAB_LABELS[tab]} intake items`;

  const afterDelete = (issueId: string) => {
    const at = items.findIndex((item) => item.issue.id === issueId);
    const next = items[at + 1] ?? items[at - 1];
    onSelect(next && next.issue.id !== issueId ? next.issue.id : null, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={<ProjectSectionTitle slug={slug} project={project} section="Intake" />}
        actions={
          <Button variant="primary" size="sm" onClick={() => setCreating(true)}>
            <Plus className="size-3.5" aria-hidden /> New intake item
          </Button>
        }
      />
      <div className="flex min-h-0 flex-1">
        <section
          aria-label="Intake list"
          className="flex w-80 shrink-0 flex-col border-r border-border lg:w-96"
        >
          <div className="flex shrink-0 items-center justify-between gap-2 border-b border-border px-3">
            <nav aria-label="Intake tabs" className="flex gap-1">
              {INTAKE_TABS.map((t) => {
                const count = intake.countOf(slug, intake.queryOf(projectId, t));
                return (
                  <Link
                    key={t}
                    to="/$workspaceSlug/projects/$projectId/intake"
                    params={{ workspaceSlug: slug, projectId }}
                    search={t === 'open' ? {} : { tab: t }}
                    aria-current={t === tab ? 'page' : undefined}
                    className={tabClass(t === tab)}
                  >
                    {TAB_LABELS[t]}
                    {count !== null && count > 0 && (
                      <span className="rounded-full bg-surface-2 px-1.5 text-xs font-medium text-fg-muted">
                        {count}
                      </span>
                    )}
                  </Link>
                );
              })}
            </nav>
            <div className="flex items-center gap-1.5">
              <IntakeFilterMenu
                slug={slug}
                query={query}
                onChange={(filters) => intake.setFilters(projectId, filters)}
              />
              <IntakeOrderMenu
                orderBy={query.orderBy}
                onChange={(orderBy) => intake.setOrder(projectId, orderBy)}
              />
            </div>
          </div>
          <IntakeAppliedFilters
            slug={slug}
            query={query}
            onChange={(filters) => intake.setFilters(projectId, filters)}
          />
          {ownOnly && (
            <p className="border-b border-border bg-surface px-4 py-2 text-xs text-fg-muted">
              You see the items you submitted.
            </p>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">
            {listFailure && !loading && items.length === 0 ? (
              <div
                role="alert"
                className="flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-fg-muted"
              >
                {listFailure}
                <Button size="sm" onClick={() => intake.fetchFirst(slug, query).catch(() => undefined)}>
                  Try again
                </Button>
              </div>
            ) : !loaded ? (
              <PageLoader label="Loading intake items" />
            ) : items.length === 0 ? (
              filtered ? (
                <EmptyState
                  className="m-4"
                  icon={<ListFilter className="size-5" />}
                  title="No intake items match the filters"
                  action={
                    <Button size="sm" onClick={() => intake.setFilters(projectId, EMPTY_INTAKE_FILTERS)}>
                      Clear filters
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  className="m-4"
                  icon={<Import className="size-5" />}
                  title={EMPTY[tab].title}
                  description={EMPTY[tab].description}
                  action={
                    tab === 'open' ? (
                      <Button variant="primary" size="sm" onClick={() => setCreating(true)}>
                        <Plus className="size-3.5" aria-hidden /> New intake item
                      </Button>
                    ) : undefined
                  }
                />
              )
            ) : (
              <IntakeList
                slug={slug}
                label={listLabel}
                identifier={project.identifier}
                items={items}
                selectedId={selectedId}
                hasMore={intake.hasMore(slug, query)}
                loading={loading}
                onSelect={onSelect}
                onLoadMore={() => void intake.loadMore(slug, query)}
              />
            )}
          </div>
        </section>
        <section aria-label="Intake item" className="min-w-0 flex-1 overflow-y-auto">
          {selected ? (
            <IntakeDetail
              slug={slug}
              project={project}
              item={selected}
              abilities={intakeAbilities(selected, role, userId)}
              onDeleted={afterDelete}
            />
          ) : selectedId && (foreign || failure?.notFound) ? (
            <EmptyState
              className="m-6"
              icon={<SearchX className="size-5" />}
              title="Intake item not found"
              description={`No intake item of ${project.name} has this link: it was deleted, belongs to another project, or is not one you can see.`}
              action={
                items[0] ? (
                  <Button size="sm" onClick={() => onSelect(items[0]!.issue.id)}>
                    Open the newest item
                  </Button>
                ) : undefined
              }
            />
          ) : selectedId && failure ? (
            <div
              role="alert"
              className="flex flex-col items-center gap-3 px-6 py-12 text-center text-sm text-fg-muted"
            >
              {failure.message}
              <Button size="sm" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </div>
          ) : selectedId ? (
            <PageLoader label="Loading intake item" />
          ) : (
            items.length > 0 && (
              <div className="flex h-full items-center justify-center gap-2 p-6 text-sm text-fg-subtle">
                <MousePointerClick className="size-4" aria-hidden /> Select an intake item to see its details.
              </div>
            )
          )}
        </section>
      </div>
      {creating && (
        <IntakeCreateDialog
          slug={slug}
          projectId={projectId}
          open={creating}
          onOpenChange={setCreating}
          onCreated={(item) => onSelect(item.issue.id, { tab: 'open' })}
        />
      )}
    </>
  );
});

function IntakeRouteScreen() {
  const { workspaceSlug = '', projectId = '', inboxId } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { tab?: string };
  const navigate = useNavigate();
  const tab = isIntakeTab(search.tab) ? search.tab : 'open';
  const onSelect = useCallback(
    (issueId: string | null, options: { replace?: boolean; tab?: IntakeTab } = {}) => {
      const nextTab = options.tab ?? tab;
      const tabSearch = nextTab === 'open' ? {} : { tab: nextTab };
      const base = { workspaceSlug, projectId };
      void navigate(
        issueId
          ? {
              to: '/$workspaceSlug/projects/$projectId/intake/$inboxId',
              params: { ...base, inboxId: issueId },
              search: tabSearch,
              replace: options.replace,
            }
          : {
              to: '/$workspaceSlug/projects/$projectId/intake',
              params: base,
              search: tabSearch,
              replace: options.replace,
            },
      );
    },
    [navigate, workspaceSlug, projectId, tab],
  );
  useEffect(() => {
    if (search.tab !== undefined && !isIntakeTab(search.tab)) onSelect(inboxId ?? null, { replace: true });
  }, [search.tab, inboxId, onSelect]);
  return (
    <IntakeScreen
      key={`${workspaceSlug}/${projectId}`}
      slug={workspaceSlug}
      projectId={projectId}
      tab={tab}
      selectedId={inboxId}
      onSelect={onSelect}
    />
  );
}

/** The lazily loaded half of routes/IntakeRoute.tsx (its child routes, index and `$inboxId`, render nothing). */
export const IntakeLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/intake')({
  component: IntakeRouteScreen,
});
