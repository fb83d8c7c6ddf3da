import { VIEW_ACCESS, type View } from '@kite/shared/contracts';
import clsx from 'clsx';
import { EyeOff, Globe, Lock, LockOpen, RotateCcw, Save } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Button } from '../../ui/Button.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import type { IssueView } from '../issues/IssueView.ts';
import { SaveViewButton } from './SaveViewButton.tsx';
import type { ViewPlace } from './ViewStore.ts';
import { seedViewSettings } from './viewList.ts';
import { roleAt, viewPermissions } from './viewRules.ts';
import { hasUnsavedChanges, settingsBody, unsavedChanges } from './viewSettings.ts';

const chipClasses = 'flex items-center gap-1 rounded-md px-1.5 py-0.5 text-xs';

/**
 * The strip under a saved view's header: its lock and access (toggles for the owner, applied at
 * once and rolled back on refusal), its description, and — once the page's filters or display
 * differ from the saved ones — "Unsaved changes" with Reset, "Update view" (not while locked) and
 * "Save as new view".
 */
export const SavedViewBar = observer(function SavedViewBar({
  place,
  saved,
  view,
}: {
  place: ViewPlace;
  saved: View;
  view: IssueView;
}) {
  const stores = useStores();
  const [updating, setUpdating] = useState(false);
  const can = viewPermissions(saved, stores.user.user?.id ?? '', roleAt(stores, place));
  const changed = hasUnsavedChanges(unsavedChanges(saved, view.settings, view.context));
  const isPrivate = saved.access === VIEW_ACCESS.PRIVATE;

  const reset = () => {
    seedViewSettings(stores, place, saved);
    void view.fetch('mutation');
  };
  const update = async () => {
    setUpdating(true);
    try {
      await stores.views.update(place, saved.id, settingsBody(view.settings));
      toastSuccess('View updated');
    } catch (error) {
      // A view locked meanwhile is refused with VIEW_LOCKED; the server's message says so.
      toastError(error, 'The view could not be updated');
    } finally {
      setUpdating(false);
    }
  };

  return (
    <section
      aria-label="Saved view"
      className="flex min-h-10 shrink-0 flex-wrap items-center gap-2 border-b border-border px-6 py-1.5 text-xs text-fg-muted"
    >
      {can.owner ? (
        <>
          <button
            type="button"
            aria-pressed={saved.is_locked}
            onClick={() => void stores.views.setLocked(place, saved.id, !saved.is_locked)}
            title={saved.is_locked ? 'Unlock to change the view' : 'Lock to keep its filters and display'}
            className={clsx(chipClasses, 'hover:bg-surface-2 hover:text-fg', saved.is_locked && 'text-fg')}
          >
            {saved.is_locked ? (
              <Lock className="size-3.5" aria-hidden />
            ) : (
              <LockOpen className="size-3.5" aria-hidden />
            )}
            {saved.is_locked ? 'Locked' : 'Lock'}
          </button>
          <button
            type="button"
            onClick={() =>
              void stores.views.setAccess(
                place,
                saved.id,
                isPrivate ? VIEW_ACCESS.PUBLIC : VIEW_ACCESS.PRIVATE,
              )
            }
            title={
              isPrivate
                ? 'Only you see this view: make it public'
                : 'Everyone sees this view: make it private'
            }
            className={clsx(chipClasses, 'hover:bg-surface-2 hover:text-fg')}
          >
            {isPrivate ? (
              <EyeOff className="size-3.5" aria-hidden />
            ) : (
              <Globe className="size-3.5" aria-hidden />
            )}
            {isPrivate ? 'Private' : 'Public'}
          </button>
        </>
      ) : (
        <>
          {saved.is_locked && (
            <span className={chipClasses}>
              <Lock className="size-3.5" aria-hidden /> Locked
            </span>
          )}
          <span className={chipClasses}>
            {isPrivate ? (
              <EyeOff className="size-3.5" aria-hidden />
            ) : (
              <Globe className="size-3.5" aria-hidden />
            )}
            {isPrivate ? 'Private' : 'Public'}
          </span>
        </>
      )}
      {saved.description && <span className="min-w-0 flex-1 truncate">{saved.description}</span>}
      {changed && (
        <div className="ml-auto flex items-center gap-2">
          <span role="status" className="rounded-full bg-warning-soft px-2 py-0.5 font-medium text-warning">
            Unsaved changes
          </span>
          {saved.is_locked && <span>Locked: unlock it to update the view.</span>}
          <Button size="sm" variant="ghost" onClick={reset}>
            <RotateCcw className="size-3.5" aria-hidden /> Reset
          </Button>
          <SaveViewButton place={place} view={view} label="Save as new view" />
          {can.canEdit && !saved.is_locked && (
            <Button size="sm" variant="primary" loading={updating} onClick={() => void update()}>
              <Save className="size-3.5" aria-hidden /> Update view
            </Button>
          )}
        </div>
      )}
    </section>
  );
});
