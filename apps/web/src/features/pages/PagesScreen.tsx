import { PAGE_ACCESS, type Page } from '@kite/shared/contracts';
import { createLazyRoute, Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import clsx from 'clsx';
import { Archive, EyeOff, FileText, Globe, LockKeyhole, Plus, Star } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchSortBar } from '../../ui/SearchSortBar.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { FeatureOff } from '../planning/FeatureOff.tsx';
import { FavoriteToggle } from '../planning/PlanningParts.tsx';
import { ProjectSectionTitle } from '../projects/ProjectSectionTitle.tsx';
import { PageActions } from './PageActions.tsx';
import { isPageTab, type PageSort, type PageStore, type PageTab, sortPages } from './PageStore.ts';
import { canCreatePages } from './pageRules.ts';
import { pageStoreOf } from './pageStoreOf.ts';

const TAB_LABELS: Record<PageTab, string> = { public: 'Public', private: 'Private', archived: 'Archived' };

const SORT_LABELS: Record<PageSort, string> = {
  updated: 'Last modified',
  created: 'Date created',
  name: 'Name',
};

const EMPTY: Record<PageTab, { title: string; description: string }> = {
  public: {
    title: 'No public pages yet',
    description:
      'Pages hold notes, specs and plans, written together in real time. Everyone in the project sees public pages.',
  },
  private: {
    title: 'No private pages',
    description: 'Private pages are yours alone: make a page private from its menu, or create one here.',
  },
  archived: {
    title: 'No archived pages',
    description: 'Archived pages are kept read-only here until they are restored or deleted.',
  },
};

const updatedOn = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

/** Creates a page (private on the Private tab) and opens it. */
export function useCreatePage(store: PageStore, slug: string, projectId: string) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const create = async (tab: PageTab = 'public') => {
    if (busy) return;
    setBusy(true);
    const page = await store.create(slug, projectId, {
      access: tab === 'private' ? PAGE_ACCESS.PRIVATE : PAGE_ACCESS.PUBLIC,
    });
    setBusy(false);
    if (page)
      void navigate({
        to: '/$workspaceSlug/projects/$projectId/pages/$pageId',
        params: { workspaceSlug: slug, projectId, pageId: page.id },
      });
  };
  return { create, busy };
}

/**
 * A project's pages (`/{ws}/projects/{id}/pages`): tabs, search, sort, a favorites-only filter,
 * stars, create, row menus.
 */
export const PagesScreen = observer(function PagesScreen({
  slug,
  projectId,
  tab,
}: {
  slug: string;
  projectId: string;
  tab: PageTab;
}) {
  const stores = useStores();
  const store = pageStoreOf(stores);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<PageSort>('updated');
  // Kept across the tabs: "my favorites" reads the same on public, private and archived.
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const project = stores.projects.get(slug, projectId);
  const role = project?.member_role ?? 0;
  const userId = stores.user.user?.id ?? '';
  const { create, busy } = useCreatePage(store, slug, projectId);
  const canCreate = canCreatePages(role);

  if (!project) return <PageLoader label="Loading project" />;
  if (!project.page_view) return <FeatureOff slug={slug} project={project} feature="Pages" />;
  const status = store.listStatus(projectId);
  const counts = store.countsOf(projectId);
  // Both lists are loaded whole (the server does not page them), so the filter is applied here.
  const shown = sortPages(store.pagesOf(projectId), tab, sort, { search, favoritesOnly });
  const newPage = canCreate && tab !== 'archived' && (
    <Button variant="primary" size="sm" onClick={() => void create(tab)} disabled={busy}>
      <Plus className="size-3.5" aria-hidden /> New page
    </Button>
  );

  return (
    <>
      <PageHeader
        title={<ProjectSectionTitle slug={slug} project={project} section="Pages" />}
        actions={newPage || undefined}
      />
      <nav aria-label="Page tabs" className={tabBarClass}>
        {(Object.keys(TAB_LABELS) as PageTab[]).map((key) => (
          <Link
            key={key}
            to="/$workspaceSlug/projects/$projectId/pages"
            params={{ workspaceSlug: slug, projectId }}
            search={key === 'public' ? {} : { tab: key }}
            aria-current={key === tab ? 'page' : undefined}
            className={tabClass(key === tab)}
          >
            {key === 'public' ? (
              <Globe className="size-3.5" aria-hidden />
            ) : key === 'private' ? (
              <EyeOff className="size-3.5" aria-hidden />
            ) : (
              <Archive className="size-3.5" aria-hidden />
            )}
            {TAB_LABELS[key]}
            <span
              className="rounded-full bg-surface-2 px-1.5 text-xs text-fg-muted"
              data-testid={`count-${key}`}
            >
              {counts[key]}
            </span>
          </Link>
        ))}
      </nav>
      <main className="min-h-0 flex-1 overflow-y-auto p-4" aria-label="Pages">
        <SearchSortBar
          noun="pages"
          search={search}
          onSearch={setSearch}
          sort={sort}
          sorts={SORT_LABELS}
          onSort={setSort}
        >
          <button
            type="button"
            aria-pressed={favoritesOnly}
            onClick={() => setFavoritesOnly(!favoritesOnly)}
            className={clsx(
              // As tall as the search box and the sort menu beside it (their own h-9 is what renders).
              'inline-flex h-9 items-center gap-1.5 rounded-md border px-3 text-sm font-medium transition-colors',
              favoritesOnly
                ? 'border-primary bg-primary-soft text-link'
                : 'border-border-strong bg-canvas text-fg-muted hover:bg-surface-2 hover:text-fg',
            )}
          >
            <Star
              className={clsx('size-3.5', favoritesOnly && 'fill-amber-400 text-amber-500')}
              aria-hidden
            />
            Favorites
          </button>
        </SearchSortBar>
        {status === 'loading' || status === undefined ? (
          <ListSkeleton />
        ) : status === 'error' ? (
          <EmptyState
            icon={<FileText className="size-5" />}
            title="The pages could not be loaded"
            description="Failed to fetch the pages, Please try again later."
            action={
              <Button onClick={() => void store.fetchList(slug, projectId).catch(() => undefined)}>
                Try again
              </Button>
            }
          />
        ) : shown.length === 0 ? (
          favoritesOnly ? (
            <EmptyState
              icon={<Star className="size-5" />}
              title="No favorite pages"
              description={
                search.trim()
                  ? `No favorite page matches “${search.trim()}”.`
                  : `None of the ${TAB_LABELS[tab].toLowerCase()} pages is a favorite. Star a page to find it here.`
              }
              action={<Button onClick={() => setFavoritesOnly(false)}>Show all pages</Button>}
            />
          ) : search.trim() ? (
            <p className="px-1 py-6 text-center text-sm text-fg-muted">No page matches “{search.trim()}”.</p>
          ) : (
            <EmptyState
              icon={tab === 'archived' ? <Archive className="size-5" /> : <FileText className="size-5" />}
              title={EMPTY[tab].title}
              description={EMPTY[tab].description}
              action={newPage || undefined}
            />
          )
        ) : (
          <ul
            className="divide-y divide-border rounded-lg border border-border"
            aria-label={`${TAB_LABELS[tab]} pages`}
          >
            {shown.map((page) => (
              <PageRow
                key={page.id}
                store={store}
                slug={slug}
                projectId={projectId}
                page={page}
                userId={userId}
                role={role}
              />
            ))}
          </ul>
        )}
      </main>
    </>
  );
});

function ListSkeleton() {
  return (
    <ul
      className="divide-y divide-border rounded-lg border border-border"
      aria-label="Loading pages"
      aria-busy
    >
      {[0, 1, 2, 3].map((row) => (
        <li key={row} className="flex items-center gap-4 px-4 py-3.5">
          <span className="size-4 animate-pulse rounded bg-surface-2" />
          <span className="h-3.5 animate-pulse rounded bg-surface-2" style={{ width: `${40 - row * 6}%` }} />
          <span className="flex-1" />
          <span className="h-3 w-20 animate-pulse rounded bg-surface-2" />
        </li>
      ))}
    </ul>
  );
}

/** One page in the list: name, when it changed, lock and access, owner, star and menu. */
const PageRow = observer(function PageRow({
  store,
  slug,
  projectId,
  page,
  userId,
  role,
}: {
  store: PageStore;
  slug: string;
  projectId: string;
  page: Page;
  userId: string;
  role: number;
}) {
  const stores = useStores();
  const owner = stores.members.membersOf(slug).find((m) => m.member.id === page.owned_by)?.member;
  return (
    <li className="flex items-center gap-4 px-4 py-3 hover:bg-surface">
      <FileText className="size-4 shrink-0 text-fg-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <Link
          to="/$workspaceSlug/projects/$projectId/pages/$pageId"
          params={{ workspaceSlug: slug, projectId, pageId: page.id }}
          className="block truncate text-sm font-medium text-fg hover:underline"
        >
          {page.name || 'Untitled'}
        </Link>
        <p className="mt-0.5 truncate text-xs text-fg-muted">
          {page.archived_at
            ? `Archived ${updatedOn(page.archived_at)}`
            : `Updated ${updatedOn(page.updated_at)}`}
        </p>
      </div>
      {page.is_locked && (
        <span className="flex items-center gap-1 text-xs text-fg-muted" title="Locked: no one can edit it">
          <LockKeyhole className="size-3.5" aria-hidden /> Locked
        </span>
      )}
      {page.access === PAGE_ACCESS.PRIVATE && (
        <span className="flex items-center gap-1 text-xs text-fg-muted" title="Private: only you see it">
          <EyeOff className="size-3.5" aria-hidden /> Private
        </span>
      )}
      {owner && (
        <span className="hidden md:flex" title={`Owner: ${owner.display_name}`}>
          <Avatar name={owner.display_name} src={owner.avatar_url} size="xs" />
        </span>
      )}
      <FavoriteToggle
        on={page.is_favorite}
        toggle={() => store.toggleFavorite(slug, projectId, page.id).then(() => undefined)}
      />
      <PageActions store={store} slug={slug} projectId={projectId} page={page} userId={userId} role={role} />
    </li>
  );
});

function PagesRouteScreen() {
  const { workspaceSlug = '', projectId = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { tab?: string };
  const tab = isPageTab(search.tab) ? search.tab : 'public';
  return (
    <PagesScreen key={`${workspaceSlug}/${projectId}`} slug={workspaceSlug} projectId={projectId} tab={tab} />
  );
}

/** The lazily loaded half of the pages list route in routes/PagesRoute.tsx. */
export const PagesLazyRoute = createLazyRoute('/authed/$workspaceSlug/projects/$projectId/pages')({
  component: PagesRouteScreen,
});
