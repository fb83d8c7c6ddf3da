import { STATE_GROUP_COLORS, type StateGroup } from '@kite/shared/domain';
import { Link } from '@tanstack/react-router';
import { ChevronDown, Layers, Plus, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../../../ui/Menu.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toastError, withErrorToast } from '../../../ui/toast.ts';
import { PriorityIcon } from '../../public-board/PriorityIcon.tsx';
import { IssuePickerDialog } from './IssuePickerDialog.tsx';
import { SectionTitle, StateIcon } from './parts.tsx';
import type { IssueDetailStore } from './store/IssueDetailStore.ts';

/** Groups drawn on the progress bar (backlog and unstarted are the empty track). */
const PROGRESS_GROUPS: StateGroup[] = ['completed', 'cancelled', 'started'];

/** The children of the work item: progress by state group, add existing, create new, remove. */
export const SubIssuesSection = observer(function SubIssuesSection({
  detail,
  onOpenIssue,
}: {
  detail: IssueDetailStore;
  /** Opens a child (in the peek, or as a page). */
  onOpenIssue?: (issueId: string) => void;
}) {
  const store = detail.subIssues;
  const [pickerOpen, setPickerOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const { slug, projectId } = detail.ref;
  const items = store.subIssues;
  const total = items.length;
  const distribution = store.distribution;
  const canEdit = detail.canEdit;

  if (!store.loaded) return null;
  if (total === 0 && !canEdit) return null;

  const create = async () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    setBusy(true);
    try {
      await store.createNew(trimmed);
      setName('');
    } catch (error) {
      toastError(error, 'The sub-work item could not be created');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Sub-work items" className="flex flex-col gap-2">
      <SectionTitle
        count={total}
        actions={
          canEdit && (
            <Menu>
              <MenuTrigger className="inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-fg-muted hover:bg-surface-2 hover:text-fg">
                <Plus className="size-3.5" aria-hidden /> Add sub-work item
                <ChevronDown className="size-3" aria-hidden />
              </MenuTrigger>
              <MenuContent align="end">
                <MenuItem icon={<Plus className="size-3.5" />} onSelect={() => setCreating(true)}>
                  Create new
                </MenuItem>
                <MenuItem icon={<Layers className="size-3.5" />} onSelect={() => setPickerOpen(true)}>
                  Add existing
                </MenuItem>
              </MenuContent>
            </Menu>
          )
        }
      >
        Sub-work items
      </SectionTitle>

      {total > 0 && (
        <div className="flex items-center gap-3">
          <div
            className="flex h-1.5 flex-1 overflow-hidden rounded-full bg-surface-3"
            role="img"
            aria-label={`${store.doneCount} of ${total} done`}
          >
            {PROGRESS_GROUPS.map((group) =>
              distribution[group].length > 0 ? (
                <span
                  key={group}
                  title={`${group}: ${distribution[group].length}`}
                  style={{
                    width: `${(distribution[group].length / total) * 100}%`,
                    background: STATE_GROUP_COLORS[group],
                  }}
                />
              ) : null,
            )}
          </div>
          <span className="text-xs text-fg-muted">
            {store.doneCount}/{total} done
          </span>
        </div>
      )}

      {store.error && <p className="text-sm text-danger">{store.error}</p>}

      {total > 0 && (
        <ul className="flex flex-col rounded-lg border border-border">
          {items.map((child) => {
            const state = detail.states.find((s) => s.id === child.state_id);
            const key = `${detail.project?.identifier ?? ''}-${child.sequence_id}`;
            return (
              <li
                key={child.id}
                className="group flex items-center gap-2 border-b border-border px-3 py-2 text-sm last:border-b-0"
              >
                <StateIcon group={child.state__group} color={state?.color} />
                <span className="shrink-0 font-mono text-xs text-fg-muted">{key}</span>
                {onOpenIssue ? (
                  <button
                    type="button"
                    onClick={() => onOpenIssue(child.id)}
                    className="min-w-0 flex-1 truncate text-left text-fg hover:underline"
                  >
                    {child.name}
                  </button>
                ) : (
                  <Link
                    to="/$workspaceSlug/projects/$projectId/issues/$issueId"
                    params={{ workspaceSlug: slug, projectId, issueId: child.id }}
                    className="min-w-0 flex-1 truncate text-fg hover:underline"
                  >
                    {child.name}
                  </Link>
                )}
                <PriorityIcon priority={child.priority} />
                {canEdit && (
                  <button
                    type="button"
                    aria-label={`Remove ${key} from sub-work items`}
                    onClick={() =>
                      void withErrorToast(
                        () => store.remove(child.id),
                        'The sub-work item could not be removed',
                      )
                    }
                    className="rounded p-0.5 text-fg-subtle opacity-60 group-hover:opacity-100 hover:bg-surface-2 hover:text-fg"
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {total === 0 && !creating && <p className="text-sm text-fg-subtle">No sub-work items yet.</p>}

      {creating && canEdit && (
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <input
            autoFocus
            aria-label="Sub-work item title"
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setCreating(false);
              }
            }}
            maxLength={255}
            placeholder="Sub-work item title"
            className="h-8 min-w-0 flex-1 rounded-md border border-border-strong bg-canvas px-2.5 text-sm text-fg outline-none focus:border-focus"
          />
          <Button size="sm" variant="primary" type="submit" loading={busy} disabled={!name.trim()}>
            Create
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setCreating(false)} disabled={busy}>
            Cancel
          </Button>
          {busy && <Spinner size="sm" label={null} />}
        </form>
      )}

      <IssuePickerDialog
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        title="Add existing sub-work items"
        issue={detail.ref}
        purpose="sub_issue"
        multiple
        exclude={new Set([...store.ids, detail.issue?.parent_id ?? ''])}
        onSubmit={async (rows) => {
          try {
            await store.addExisting(rows.map((r) => r.id));
          } catch (error) {
            toastError(error, 'The sub-work items could not be added');
            throw error;
          }
        }}
      />
    </section>
  );
});
