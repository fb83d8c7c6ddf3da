import clsx from 'clsx';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { IssueView } from './IssueView.ts';

/**
 * "New work item" at the end of a group: typing a name and Enter creates it in that group
 * (its property set from the group), shown at once as a temporary item; the field stays open
 * for the next one. Escape closes it.
 */
export function QuickAdd({
  view,
  group,
  sub = null,
  groupLabel,
  className,
}: {
  view: IssueView;
  group?: string;
  sub?: string | null;
  groupLabel: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  if (!view.canEdit) return null;
  const draft = view.holds === 'draft';
  const what = draft ? 'draft' : 'work item';
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={clsx(
          'flex w-full items-center gap-1.5 rounded-md px-3 py-2 text-left text-xs text-fg-subtle hover:bg-surface-2 hover:text-fg',
          className,
        )}
        aria-label={`New ${what} in ${groupLabel}`}
      >
        <Plus className="size-3.5" aria-hidden /> New {what}
      </button>
    );
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setName('');
    void view.quickAdd(trimmed, group, sub);
  };
  return (
    <form
      className={clsx('px-1 py-1', className)}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <input
        autoFocus
        value={name}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setOpen(false);
            setName('');
          }
        }}
        onBlur={() => {
          if (!name.trim()) setOpen(false);
        }}
        maxLength={255}
        placeholder={draft ? 'Draft name, then Enter' : 'Work item name, then Enter'}
        aria-label={`Name of the new ${what} in ${groupLabel}`}
        className="h-8 w-full rounded-md border border-primary bg-canvas px-2.5 text-sm text-fg outline-none placeholder:text-fg-subtle"
      />
    </form>
  );
}
