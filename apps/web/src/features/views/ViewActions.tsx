import { VIEW_ACCESS, type View } from '@kite/shared/contracts';
import { Globe, Lock, LockOpen, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import type { ViewPlace } from './ViewStore.ts';
import { roleAt, viewPermissions } from './viewRules.ts';

const ViewDialog = lazy(() => import('./ViewDialog.tsx').then((m) => ({ default: m.ViewDialog })));

/**
 * A view's "…" menu (list rows and the view's page): edit the name and description, lock or
 * unlock and make it public or private (the owner), delete after a confirmation (the owner or an
 * admin; a locked view must be unlocked first). Nothing when none is allowed.
 */
export const ViewActions = observer(function ViewActions({
  place,
  view,
  onDeleted,
}: {
  place: ViewPlace;
  view: View;
  onDeleted?: () => void;
}) {
  const stores = useStores();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const can = viewPermissions(view, stores.user.user?.id ?? '', roleAt(stores, place));
  if (!can.canEdit && !can.owner && !can.canDelete) return null;
  const isPrivate = view.access === VIEW_ACCESS.PRIVATE;

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <IconButton size="sm" label={`Actions for ${view.name}`}>
            <MoreHorizontal className="size-3.5" aria-hidden />
          </IconButton>
        </MenuTrigger>
        <MenuContent align="end">
          {can.canEdit && (
            <MenuItem
              icon={<Pencil className="size-3.5" />}
              disabled={view.is_locked}
              onSelect={() => setDialog('edit')}
            >
              Edit
            </MenuItem>
          )}
          {can.owner && (
            <>
              <MenuItem
                icon={view.is_locked ? <LockOpen className="size-3.5" /> : <Lock className="size-3.5" />}
                onSelect={() => void stores.views.setLocked(place, view.id, !view.is_locked)}
              >
                {view.is_locked ? 'Unlock' : 'Lock'}
              </MenuItem>
              <MenuItem
                icon={isPrivate ? <Globe className="size-3.5" /> : <Lock className="size-3.5" />}
                onSelect={() =>
                  void stores.views.setAccess(
                    place,
                    view.id,
                    isPrivate ? VIEW_ACCESS.PUBLIC : VIEW_ACCESS.PRIVATE,
                  )
                }
              >
                {isPrivate ? 'Make public' : 'Make private'}
              </MenuItem>
            </>
          )}
          {can.canDelete && (
            <>
              <MenuSeparator />
              <MenuItem
                icon={<Trash2 className="size-3.5" />}
                tone="danger"
                disabled={view.is_locked}
                onSelect={() => setDialog('delete')}
              >
                {view.is_locked ? 'Delete (unlock first)' : 'Delete'}
              </MenuItem>
            </>
          )}
        </MenuContent>
      </Menu>
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <ViewDialog place={place} view={view} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete “${view.name}”?`}
        description="The view and its favorites go; the work items it shows stay as they are."
        confirmLabel="Delete view"
        onConfirm={async () => {
          try {
            await stores.views.remove(place, view.id);
          } catch (error) {
            // A view locked meanwhile is refused (VIEW_LOCKED): the server's message says why.
            toastError(error, 'The view could not be deleted');
            throw error;
          }
          toastSuccess('View deleted');
          onDeleted?.();
        }}
      />
    </>
  );
});
