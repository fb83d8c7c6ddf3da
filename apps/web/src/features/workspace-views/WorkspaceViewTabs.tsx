import { VIEW_ACCESS } from '@kite/shared/contracts';
import { Link, useNavigate } from '@tanstack/react-router';
import { EyeOff, List, Lock, Plus, Star } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { sortViews } from '../views/ViewStore.ts';
import { viewLink } from '../views/viewLinks.ts';
import { canCreateViews, roleAt } from '../views/viewRules.ts';
import { GLOBAL_VIEW_LABELS, NEW_WORKSPACE_VIEW_SETTINGS } from './globalViews.ts';
import { GLOBAL_VIEWS } from './viewIds.ts';

const ViewDialog = lazy(() => import('../views/ViewDialog.tsx').then((m) => ({ default: m.ViewDialog })));

/** The tab of the views list (`/{ws}/workspace-views/all`). */
export const ALL_VIEWS = 'all';

/**
 * The workspace's views as tabs: the built-in ones, then the custom ones (favorites first, by
 * name), "All views" (the list with search and sort) and, for members, a new view. `current` is
 * the open view's id, or `ALL_VIEWS`.
 */
export const WorkspaceViewTabs = observer(function WorkspaceViewTabs({
  slug,
  current,
}: {
  slug: string;
  current: string;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const place = { slug, projectId: null };
  const custom = sortViews(stores.views.viewsOf(place), 'name');
  return (
    <nav aria-label="Views" className={tabBarClass}>
      {GLOBAL_VIEWS.map((id) => (
        <Link
          key={id}
          to="/$workspaceSlug/workspace-views/$globalViewId"
          params={{ workspaceSlug: slug, globalViewId: id }}
          aria-current={id === current ? 'page' : undefined}
          className={tabClass(id === current)}
        >
          {GLOBAL_VIEW_LABELS[id]}
        </Link>
      ))}
      {custom.map((view) => (
        <Link
          key={view.id}
          {...viewLink(place, view.id)}
          aria-current={view.id === current ? 'page' : undefined}
          className={tabClass(view.id === current)}
        >
          {view.is_favorite && (
            <Star className="size-3 fill-amber-400 text-amber-500" aria-label="Favorite" />
          )}
          {view.name}
          {view.is_locked && <Lock className="size-3 text-fg-subtle" aria-label="Locked" />}
          {view.access === VIEW_ACCESS.PRIVATE && (
            <EyeOff className="size-3 text-fg-subtle" aria-label="Private" />
          )}
        </Link>
      ))}
      <Link
        to="/$workspaceSlug/workspace-views/all"
        params={{ workspaceSlug: slug }}
        aria-current={current === ALL_VIEWS ? 'page' : undefined}
        className={tabClass(current === ALL_VIEWS)}
        title="Every view, with search and sort"
      >
        <List className="size-3.5" aria-hidden /> All views
      </Link>
      {canCreateViews(roleAt(stores, place)) && (
        <span className="flex items-center">
          <IconButton size="sm" label="New view" onClick={() => setCreating(true)}>
            <Plus className="size-3.5" aria-hidden />
          </IconButton>
        </span>
      )}
      {creating && (
        <Suspense fallback={null}>
          <ViewDialog
            place={place}
            settings={NEW_WORKSPACE_VIEW_SETTINGS}
            onClose={() => setCreating(false)}
            onSaved={(view) => void navigate(viewLink(place, view.id))}
          />
        </Suspense>
      )}
    </nav>
  );
});
