import { PAGE_ACCESS, type Page } from '@kite/shared/contracts';
import { useNavigate } from '@tanstack/react-router';
import {
  Archive,
  ArchiveRestore,
  Copy,
  Globe,
  Link2,
  Lock,
  LockKeyhole,
  LockOpen,
  MoreHorizontal,
  Trash2,
} from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useState } from 'react';
import { IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../ui/Menu.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import type { PageStore } from './PageStore.ts';
import { pagePermissions } from './pageRules.ts';

/** The page's address, for "Copy link". */
export const pageUrl = (slug: string, projectId: string, pageId: string) =>
  `${window.location.origin}/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/pages/${encodeURIComponent(pageId)}`;

/** A menu entry the rules may forbid: shown disabled, with the reason as its tooltip. */
function RuleItem({
  allowed,
  reason,
  icon,
  onSelect,
  tone,
  children,
}: {
  allowed: boolean;
  reason: string;
  icon: ReactNode;
  onSelect: () => void;
  tone?: 'danger';
  children: ReactNode;
}) {
  if (allowed)
    return (
      <MenuItem icon={icon} tone={tone} onSelect={onSelect}>
        {children}
      </MenuItem>
    );
  return (
    <Tooltip content={reason} side="left">
      <div>
        <MenuItem icon={icon} tone={tone} disabled aria-description={reason}>
          {children}
        </MenuItem>
      </div>
    </Tooltip>
  );
}

export interface PageActionsProps {
  store: PageStore;
  slug: string;
  projectId: string;
  page: Page;
  userId: string;
  role: number;
  /** After a delete (the page screen goes back to the list). */
  onDeleted?: () => void;
  /** After a change other editors should hear about (lock, access, archive). */
  onChanged?: () => void;
}

/**
 * A page's "…" menu (list rows and the page's header): copy link, duplicate, lock or unlock, make
 * private or public (the owner), archive or restore, delete after a confirmation. What the rules
 * forbid stays in the menu, disabled, saying why (api.md §9).
 */
export const PageActions = observer(function PageActions({
  store,
  slug,
  projectId,
  page,
  userId,
  role,
  onDeleted,
  onChanged,
}: PageActionsProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const can = pagePermissions(page, userId, role);
  const isPrivate = page.access === PAGE_ACCESS.PRIVATE;
  const archived = page.archived_at !== null;
  const after = (ok: boolean) => {
    if (ok) onChanged?.();
  };

  return (
    <>
      <Menu>
        <MenuTrigger asChild>
          <IconButton size="sm" label={`Actions for ${page.name}`}>
            <MoreHorizontal className="size-3.5" aria-hidden />
          </IconButton>
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem
            icon={<Link2 className="size-3.5" />}
            onSelect={() => {
              void navigator.clipboard
                ?.writeText(pageUrl(slug, projectId, page.id))
                .then(() => toastSuccess('Link copied'))
                .catch((error) => toastError(error, 'The link could not be copied'));
            }}
          >
            Copy link
          </MenuItem>
          <RuleItem
            allowed={can.canDuplicate}
            reason="Only members and the owner can duplicate"
            icon={<Copy className="size-3.5" />}
            onSelect={() =>
              void store.duplicate(slug, projectId, page.id).then((copy) => {
                if (!copy) return;
                toastSuccess('Page duplicated');
                void navigate({
                  to: '/$workspaceSlug/projects/$projectId/pages/$pageId',
                  params: { workspaceSlug: slug, projectId, pageId: copy.id },
                });
              })
            }
          >
            Duplicate
          </RuleItem>
          <RuleItem
            allowed={can.canLock}
            reason="Only members and the owner can lock"
            icon={page.is_locked ? <LockOpen className="size-3.5" /> : <LockKeyhole className="size-3.5" />}
            onSelect={() => void store.setLocked(slug, projectId, page.id, !page.is_locked).then(after)}
          >
            {page.is_locked ? 'Unlock' : 'Lock'}
          </RuleItem>
          <RuleItem
            allowed={can.canChangeAccess}
            reason={
              can.owner ? 'Restore the page to change its access' : 'Only the owner can change the access'
            }
            icon={isPrivate ? <Globe className="size-3.5" /> : <Lock className="size-3.5" />}
            onSelect={() =>
              void store
                .setAccess(slug, projectId, page.id, isPrivate ? PAGE_ACCESS.PUBLIC : PAGE_ACCESS.PRIVATE)
                .then(after)
            }
          >
            {isPrivate ? 'Make public' : 'Make private'}
          </RuleItem>
          <RuleItem
            allowed={can.canArchive}
            reason="Only the owner or a project admin can archive"
            icon={archived ? <ArchiveRestore className="size-3.5" /> : <Archive className="size-3.5" />}
            onSelect={() => void store.setArchived(slug, projectId, page.id, !archived).then(after)}
          >
            {archived ? 'Restore' : 'Archive'}
          </RuleItem>
          <MenuSeparator />
          <RuleItem
            allowed={can.canDelete}
            reason="Only the owner or a project admin can delete"
            icon={<Trash2 className="size-3.5" />}
            tone="danger"
            onSelect={() => setConfirming(true)}
          >
            Delete
          </RuleItem>
        </MenuContent>
      </Menu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${page.name}”?`}
        description="The page and its content are deleted for everyone. This cannot be undone."
        confirmLabel="Delete page"
        onConfirm={async () => {
          const ok = await store.remove(slug, projectId, page.id);
          if (!ok) throw new Error('not deleted');
          toastSuccess('Page deleted');
          onDeleted?.();
        }}
      />
    </>
  );
});
