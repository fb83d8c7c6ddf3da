import { Archive, ArchiveRestore, FilePen, Plus, Send, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import type { IssueView, ItemActionId } from './IssueView.ts';
import type { Issue } from './store/IssueStore.ts';

/*
 * What only the archive and the drafts show: the rows' restore / publish / delete buttons, their
 * empty states and the delete confirmation. Its own chunk, loaded by those routes (see
 * projectLists.ts `listExtras`), so the live board does not carry it.
 */

const ACTIONS: Record<ItemActionId, { label: string; icon: typeof Send; danger?: boolean; text: boolean }> = {
  restore: { label: 'Restore', icon: ArchiveRestore, text: true },
  publish: { label: 'Publish', icon: Send, text: true },
  delete: { label: 'Delete draft', icon: Trash2, danger: true, text: false },
};

/**
 * The buttons of a row or card in the archive (restore) and in drafts (publish, delete). Called
 * inside IssueProperties' render, whose observer tracks what it reads.
 */
export function itemActionButtons(view: IssueView, issue: Issue) {
  if (issue.tempId) return null;
  return view.itemActions.map((id) => {
    const { label, icon: Icon, danger, text } = ACTIONS[id];
    return (
      <button
        key={id}
        type="button"
        aria-label={`${label} ${view.issueKey(issue)}`}
        title={label}
        onClick={() => view.runItemAction(id, issue.id)}
        className={
          danger
            ? 'inline-flex h-6 items-center rounded-md px-1.5 text-fg-subtle hover:bg-danger/10 hover:text-danger'
            : 'inline-flex h-6 items-center gap-1 rounded-md border border-border px-1.5 text-xs font-medium text-fg-muted hover:bg-surface-2 hover:text-fg'
        }
      >
        <Icon className="size-3.5" aria-hidden />
        {text && label}
      </button>
    );
  });
}

export function ArchivedEmpty() {
  return (
    <EmptyState
      icon={<Archive className="size-5" />}
      title="No archived work items"
      description="Completed or cancelled work items archived from their page, or by the project's auto-archive, wait here until someone restores them."
    />
  );
}

export const DraftsEmpty = observer(function DraftsEmpty({ view }: { view: IssueView }) {
  return (
    <EmptyState
      icon={<FilePen className="size-5" />}
      title="No drafts"
      description="Drafts are work items only you can see until you publish them. Start one here, or save one from the create dialog."
      action={
        view.canEdit ? (
          <Button variant="primary" onClick={() => view.openCreate()}>
            <Plus className="size-3.5" aria-hidden /> New draft
          </Button>
        ) : undefined
      }
    />
  );
});

export const DeleteDraftDialog = observer(function DeleteDraftDialog({ view }: { view: IssueView }) {
  const issue = view.deletingDraftId ? view.issue(view.deletingDraftId) : undefined;
  return (
    <ConfirmDialog
      open={!!view.deletingDraftId}
      onOpenChange={(open) => !open && view.cancelDeleteDraft()}
      title="Delete this draft?"
      description={issue ? `“${issue.name}” will be gone for good.` : undefined}
      confirmLabel="Delete draft"
      onConfirm={view.deleteDraft}
    />
  );
});
