import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../../lib/api.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { projectPath } from '../../projects/ProjectStore.ts';
import { StateIcon } from './parts.tsx';
import type { IssueRef } from './store/IssueRef.ts';
import type { IssueSearchResult } from './types.ts';

export type PickerPurpose = 'parent' | 'sub_issue' | 'issue_relation';

interface IssuePickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  issue: IssueRef;
  /** Leaves out the item itself and its parent / children / related items (api.md §5.17). */
  purpose: PickerPurpose;
  multiple?: boolean;
  /** Search every project of the workspace (relations). */
  workspaceSearch?: boolean;
  /** Ids to leave out as well (already shown). */
  exclude?: ReadonlySet<string>;
  submitLabel?: string;
  /** May reject: the dialog then stays open (the caller toasts). */
  onSubmit: (picked: IssueSearchResult[]) => Promise<unknown> | unknown;
}

/** Finds work items with GET search-issues and returns the picked ones. */
export function IssuePickerDialog({
  open,
  onOpenChange,
  title,
  issue,
  purpose,
  multiple = false,
  workspaceSearch = false,
  exclude,
  submitLabel = 'Add',
  onSubmit,
}: IssuePickerDialogProps) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<IssueSearchResult[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<Map<string, IssueSearchResult>>(new Map());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoading(true);
    const timer = setTimeout(async () => {
      const params = new URLSearchParams({
        search: query.trim(),
        issue_id: issue.issueId,
        [purpose]: 'true',
      });
      if (workspaceSearch) params.set('workspace_search', 'true');
      try {
        const rows = await api.get<IssueSearchResult[]>(
          `${projectPath(issue.slug, issue.projectId)}/search-issues/?${params}`,
        );
        if (!cancelled) {
          setResults(rows.filter((r) => r.id !== issue.issueId));
          setError(null);
        }
      } catch (e) {
        if (!cancelled) setError(errorMessage(e));
      } finally {
        if (!cancelled) setLoading(false);
      }
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, query, issue, purpose, workspaceSearch]);
  const shown = exclude ? results.filter((r) => !exclude.has(r.id)) : results;

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setQuery('');
      setPicked(new Map());
    }
    onOpenChange(next);
  };

  const submit = async (rows: IssueSearchResult[]) => {
    if (rows.length === 0) return;
    setBusy(true);
    try {
      await onSubmit(rows);
      setBusy(false);
      setQuery('');
      setPicked(new Map());
      onOpenChange(false);
    } catch {
      setBusy(false);
    }
  };

  const toggle = (row: IssueSearchResult) => {
    if (!multiple) {
      void submit([row]);
      return;
    }
    setPicked((current) => {
      const next = new Map(current);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, row);
      return next;
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      size="md"
      footer={
        multiple ? (
          <>
            <Button onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onClick={() => submit([...picked.values()])}
              disabled={picked.size === 0}
              loading={busy}
            >
              {submitLabel}
              {picked.size > 0 ? ` (${picked.size})` : ''}
            </Button>
          </>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-2 rounded-md border border-border-strong px-2.5">
          <Search className="size-4 text-fg-subtle" aria-hidden />
          <input
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search by name or key, e.g. WEB-12"
            aria-label="Search work items"
            className="h-9 min-w-0 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-fg-subtle"
          />
          {loading && <Spinner size="sm" label="Searching" />}
        </div>
        {error && <p className="text-sm text-danger">{error}</p>}
        <ul aria-label="Search results" className="flex max-h-80 flex-col overflow-y-auto">
          {!loading && shown.length === 0 && !error && (
            <li className="px-2 py-6 text-center text-sm text-fg-subtle">No work items found</li>
          )}
          {shown.map((row) => {
            const key = `${row.project__identifier}-${row.sequence_id}`;
            const isPicked = picked.has(row.id);
            return (
              <li key={row.id}>
                <button
                  type="button"
                  onClick={() => toggle(row)}
                  aria-pressed={multiple ? isPicked : undefined}
                  disabled={busy}
                  className={clsx(
                    'flex w-full items-center gap-2.5 rounded-md px-2 py-2 text-left text-sm hover:bg-surface-2',
                    isPicked && 'bg-primary-soft',
                  )}
                >
                  {multiple && (
                    <span
                      aria-hidden
                      className={clsx(
                        'flex size-4 shrink-0 items-center justify-center rounded border',
                        isPicked ? 'border-primary bg-primary text-primary-fg' : 'border-border-strong',
                      )}
                    >
                      {isPicked ? '✓' : ''}
                    </span>
                  )}
                  <StateIcon group={row.state__group} color={row.state__color} />
                  <span className="shrink-0 font-mono text-xs text-fg-muted">{key}</span>
                  <span className="min-w-0 flex-1 truncate text-fg">{row.name}</span>
                  {workspaceSearch && (
                    <span className="shrink-0 truncate text-xs text-fg-subtle">{row.project__name}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </Dialog>
  );
}
