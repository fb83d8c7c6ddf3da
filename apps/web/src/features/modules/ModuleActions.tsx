import type { Module } from '@kite/shared/contracts';
import { ARCHIVABLE_MODULE_STATUSES } from '@kite/shared/domain';
import { Archive, ArchiveRestore, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useStores } from '../../app/StoresContext.tsx';
import { IconButton } from '../../ui/Button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../ui/Menu.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';

/** What the caller may do to a module, and the screen's handlers for the steps that open a dialog. */
export interface ModuleActionProps {
  slug: string;
  module: Module;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

/** A module's "…" menu (rows and cards): edit, archive or restore, delete. Nothing when none is allowed. */
export function ModuleActions({ slug, module, canEdit, canDelete, onEdit, onDelete }: ModuleActionProps) {
  const { modules } = useStores();
  if (!canEdit && !canDelete) return null;
  const archived = !!module.archived_at;
  const act = (work: () => Promise<unknown>, failure: string, success: string) => () =>
    void work().then(
      () => toastSuccess(success),
      (error) => toastError(error, failure),
    );
  return (
    <Menu>
      <MenuTrigger asChild>
        <IconButton size="sm" label={`Actions for ${module.name}`}>
          <MoreHorizontal className="size-3.5" aria-hidden />
        </IconButton>
      </MenuTrigger>
      <MenuContent align="end">
        {canEdit && !archived && (
          <MenuItem icon={<Pencil className="size-3.5" />} onSelect={onEdit}>
            Edit
          </MenuItem>
        )}
        {canEdit && !archived && ARCHIVABLE_MODULE_STATUSES.includes(module.status) && (
          <MenuItem
            icon={<Archive className="size-3.5" />}
            onSelect={act(
              () => modules.archive(slug, module.project_id, module.id),
              'The module could not be archived',
              'Module archived',
            )}
          >
            Archive
          </MenuItem>
        )}
        {canEdit && archived && (
          <MenuItem
            icon={<ArchiveRestore className="size-3.5" />}
            onSelect={act(
              () => modules.restore(slug, module.project_id, module.id),
              'The module could not be restored',
              'Module restored',
            )}
          >
            Restore
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem icon={<Trash2 className="size-3.5" />} tone="danger" onSelect={onDelete}>
            Delete
          </MenuItem>
        )}
      </MenuContent>
    </Menu>
  );
}
