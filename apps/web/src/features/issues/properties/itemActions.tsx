import { ArchiveRestore, Send, Trash2 } from 'lucide-react';
import type { IssueView, ItemActionId } from '../IssueView.ts';
import type { Issue } from '../store/IssueStore.ts';

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
  const actions = view.itemActions;
  if (actions.length === 0 || issue.tempId) return null;
  return actions.map((id) => {
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
