import type { Filters } from '@kite/shared/contracts';
import { BookmarkPlus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import type { IssueView } from '../issues/IssueView.ts';
import type { ViewPlace } from './ViewStore.ts';
import { canCreateViews, roleAt } from './viewRules.ts';

const SaveViewDialog = lazy(() =>
  import('./SaveViewDialog.tsx').then((m) => ({ default: m.SaveViewDialog })),
);

/**
 * "Save view" in a list's header (SaveViewDialog): offered to members, where the project has
 * views switched on (always across the workspace).
 */
export const SaveViewButton = observer(function SaveViewButton({
  place,
  view,
  fixed,
  label = 'Save view',
}: {
  place: ViewPlace;
  view: IssueView;
  fixed?: Partial<Filters>;
  label?: string;
}) {
  const stores = useStores();
  const [open, setOpen] = useState(false);
  const viewsOn = !place.projectId || stores.projects.get(place.slug, place.projectId)?.issue_views_view;
  if (!viewsOn || !canCreateViews(roleAt(stores, place))) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} title="Save the current filters and display as a view">
        <BookmarkPlus className="size-3.5" aria-hidden /> {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveViewDialog place={place} view={view} fixed={fixed} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
});
