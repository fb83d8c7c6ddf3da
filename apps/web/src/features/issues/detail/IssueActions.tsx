import { Archive, ArchiveRestore, Bell, BellOff, Link2, MoreHorizontal, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../../../ui/Menu.tsx';
import { Tooltip } from '../../../ui/Tooltip.tsx';
import { toastError, toastSuccess, withErrorToast } from '../../../ui/toast.ts';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';

/** The shareable address of a work item: `/{slug}/browse/{IDENT-seq}/`. */
export function issueBrowseUrl(slug: string, key: string): string {
  return `${window.location.origin}/${encodeURIComponent(slug)}/browse/${encodeURIComponent(key)}/`;
}

/** Subscribe, copy link, archive / restore and delete (each with its modal). */
export const IssueActions = observer(function IssueActions({
  detail,
  onDeleted,
}: {
  detail: IssueDetailStore;
  onDeleted: () => void;
}) {
  const [archiveOpen, setArchiveOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const issue = detail.issue;
  if (!issue || detail.status !== 'ready') return null;
  const subscribed = detail.subscription.subscribed;
  const completedOrCancelled = issue.state__group === 'completed' || issue.state__group === 'cancelled';

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(issueBrowseUrl(detail.ref.slug, detail.key));
      toastSuccess('Link copied to the clipboard');
    } catch (error) {
      toastError(error, 'The link could not be copied');
    }
  };

  return (
    <div className="flex items-center gap-1">
      {subscribed !== null && detail.role !== null && (
        <Button
          size="sm"
          variant="secondary"
          aria-pressed={subscribed}
          onClick={() =>
            void withErrorToast(() => detail.subscription.toggle(), 'The subscription could not be changed')
          }
        >
          {subscribed ? (
            <BellOff className="size-3.5" aria-hidden />
          ) : (
            <Bell className="size-3.5" aria-hidden />
          )}
          {subscribed ? 'Unsubscribe' : 'Subscribe'}
        </Button>
      )}
      <Tooltip content="Copy link">
        <IconButton label="Copy link" size="sm" onClick={() => void copyLink()}>
          <Link2 className="size-4" aria-hidden />
        </IconButton>
      </Tooltip>
      {(detail.canArchive || detail.canDelete) && (
        <Menu>
          <MenuTrigger
            aria-label="Work item actions"
            className="inline-flex size-7 items-center justify-center rounded-md text-fg-muted hover:bg-surface-2 hover:text-fg"
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </MenuTrigger>
          <MenuContent align="end">
            {detail.canArchive &&
              (detail.isArchived ? (
                <MenuItem
                  icon={<ArchiveRestore className="size-3.5" />}
                  onSelect={() => {
                    void detail.restore().then((ok) => ok && toastSuccess('Work item restored'));
                  }}
                >
                  Restore
                </MenuItem>
              ) : (
                <MenuItem icon={<Archive className="size-3.5" />} onSelect={() => setArchiveOpen(true)}>
                  Archive
                </MenuItem>
              ))}
            {detail.canArchive && detail.canDelete && <MenuSeparator />}
            {detail.canDelete && (
              <MenuItem
                icon={<Trash2 className="size-3.5" />}
                tone="danger"
                onSelect={() => setDeleteOpen(true)}
              >
                Delete
              </MenuItem>
            )}
          </MenuContent>
        </Menu>
      )}
      <ConfirmDialog
        open={archiveOpen}
        onOpenChange={setArchiveOpen}
        tone="primary"
        title={`Archive ${detail.key}?`}
        description={
          completedOrCancelled
            ? 'It leaves the board and every list; you can restore it at any time.'
            : 'Only completed or cancelled work items can be archived. Move it to a completed or cancelled state first.'
        }
        confirmLabel="Archive"
        onConfirm={async () => {
          await detail.archive();
          toastSuccess('Work item archived');
        }}
      />
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete ${detail.key}?`}
        description="The work item, its comments, links and attachments will be deleted for everyone. This cannot be undone."
        confirmLabel="Delete"
        onConfirm={async () => {
          await detail.remove();
          toastSuccess('Work item deleted');
          onDeleted();
        }}
      />
    </div>
  );
});
