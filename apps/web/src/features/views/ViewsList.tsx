import { useNavigate } from '@tanstack/react-router';
import { Layers, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchSortBar } from '../../ui/SearchSortBar.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import type { ViewSettingsBody } from './ViewDialog.tsx';
import { ViewRow } from './ViewRow.tsx';
import { sortViews, type ViewPlace, type ViewSort } from './ViewStore.ts';
import { viewLink } from './viewLinks.ts';
import { canCreateViews, roleAt } from './viewRules.ts';

const ViewDialog = lazy(() => import('./ViewDialog.tsx').then((m) => ({ default: m.ViewDialog })));

const SORT_LABELS: Record<ViewSort, string> = {
  modified: 'Last modified',
  created: 'Date created',
  name: 'Name',
};

/**
 * The saved views of a place, favorites first: search by name, sort, create (members; the new
 * view opens), and each row's star and menu. `newViewSettings` are what a view created here
 * starts from (the workspace's start as a spreadsheet).
 */
export const ViewsList = observer(function ViewsList({
  place,
  newViewSettings,
}: {
  place: ViewPlace;
  newViewSettings?: ViewSettingsBody;
}) {
  const stores = useStores();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<ViewSort>('modified');
  const [creating, setCreating] = useState(false);
  const canCreate = canCreateViews(roleAt(stores, place));
  if (!stores.views.isLoaded(place)) return <PageLoader label="Loading views" />;
  const all = stores.views.viewsOf(place);
  const shown = sortViews(all, sort, search);
  const create = canCreate && (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus className="size-3.5" aria-hidden /> Create view
    </Button>
  );

  return (
    <main className="min-h-0 flex-1 overflow-y-auto p-4" aria-label="Views">
      {all.length === 0 ? (
        <EmptyState
          icon={<Layers className="size-5" />}
          title="No views yet"
          description="A view keeps a set of filters, a layout and display options. Save one from a work item list’s header, or create it here and set its filters."
          action={create || undefined}
        />
      ) : (
        <>
          <SearchSortBar
            noun="views"
            search={search}
            onSearch={setSearch}
            sort={sort}
            sorts={SORT_LABELS}
            onSort={setSort}
          >
            <span className="flex-1" />
            {canCreate && (
              <Button variant="primary" size="sm" onClick={() => setCreating(true)}>
                <Plus className="size-3.5" aria-hidden /> New view
              </Button>
            )}
          </SearchSortBar>
          {shown.length === 0 ? (
            <p className="px-1 py-6 text-center text-sm text-fg-muted">No view matches “{search.trim()}”.</p>
          ) : (
            <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Saved views">
              {shown.map((view) => (
                <ViewRow key={view.id} place={place} view={view} />
              ))}
            </ul>
          )}
        </>
      )}
      {creating && (
        <Suspense fallback={null}>
          <ViewDialog
            place={place}
            settings={newViewSettings}
            onClose={() => setCreating(false)}
            onSaved={(view) => void navigate(viewLink(place, view.id))}
          />
        </Suspense>
      )}
    </main>
  );
});
