import type { IssueRow, Label } from '@kite/shared/contracts';
import * as RadixDialog from '@radix-ui/react-dialog';
import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import clsx from 'clsx';
import { Columns3, Inbox, List, RotateCw, SearchX, X } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Logo } from '../../app/Logo.tsx';
import { NotFoundScreen } from '../../app/NotFoundScreen.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader, Spinner } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';
import { PriorityIcon } from './PriorityIcon.tsx';
import { PublicBoardStore, type PublicColumn, type PublicLayout } from './PublicBoardStore.ts';

const LAYOUT_NAMES: Record<PublicLayout, string> = { kanban: 'Board', list: 'List' };

/** The anonymous, read-only board of a published project (`/spaces/issues/:anchor`). */
export const PublicBoard = observer(function PublicBoard({ anchor }: { anchor: string }) {
  const [store] = useState(() => new PublicBoardStore(anchor));

  useEffect(() => {
    void store.load();
  }, [store]);

  useEffect(() => {
    const name = store.meta?.project.name;
    if (name) document.title = `${name} · Kite`;
  }, [store.meta]);

  if (store.status === 'not-found')
    return (
      <NotFoundScreen
        title="Board not found"
        message="This board does not exist, or it is no longer published."
      />
    );
  if (store.status === 'error')
    return (
      <main className="flex min-h-full items-center justify-center bg-canvas px-6">
        <EmptyState
          icon={<SearchX className="size-5" />}
          title="The board could not be loaded"
          description={store.error}
          action={
            <Button variant="primary" onClick={() => void store.load()}>
              <RotateCw className="size-3.5" aria-hidden /> Try again
            </Button>
          }
        />
      </main>
    );
  if (store.status === 'loading' || !store.meta) return <PageLoader label="Loading board" />;

  const { project, workspace } = store.meta;
  return (
    <div className="flex h-full min-h-0 flex-col bg-canvas">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-5 py-3">
        <Logo withWord={false} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs text-fg-muted">{workspace.name}</p>
          <h1 className="flex items-center gap-2 truncate text-base font-semibold text-fg">
            {project.name}
            <span className="rounded bg-surface-2 px-1.5 py-0.5 font-mono text-xs font-medium text-fg-muted">
              {project.identifier}
            </span>
          </h1>
        </div>
        {store.layouts.length > 1 && <LayoutToggle store={store} />}
      </header>
      <main className="relative min-h-0 flex-1 overflow-auto">
        {store.totalIssues === 0 ? (
          <div className="mx-auto max-w-xl px-6 py-16">
            <EmptyState
              icon={<Inbox className="size-5" />}
              title="No work items yet"
              description="Work items of this project show up here once they are created."
            />
          </div>
        ) : store.layout === 'kanban' ? (
          <Kanban store={store} />
        ) : (
          <ListLayout store={store} />
        )}
      </main>
      <IssuePeek store={store} />
    </div>
  );
});

const LayoutToggle = observer(function LayoutToggle({ store }: { store: PublicBoardStore }) {
  return (
    <fieldset className="flex rounded-md border border-border p-0.5">
      <legend className="sr-only">Layout</legend>
      {store.layouts.map((layout) => {
        const Icon = layout === 'kanban' ? Columns3 : List;
        const active = store.layout === layout;
        return (
          <button
            key={layout}
            type="button"
            aria-pressed={active}
            onClick={() => store.setLayout(layout)}
            className={clsx(
              'inline-flex h-7 items-center gap-1.5 rounded px-2.5 text-xs font-medium',
              active ? 'bg-surface-2 text-fg' : 'text-fg-muted hover:text-fg',
            )}
          >
            <Icon className="size-3.5" aria-hidden /> {LAYOUT_NAMES[layout]}
          </button>
        );
      })}
    </fieldset>
  );
});

function Count({ total }: { total: number }) {
  return (
    <span className="text-xs font-normal text-fg-subtle" data-testid="column-count">
      {total}
      <span className="sr-only"> work items</span>
    </span>
  );
}

function StateDot({ color }: { color: string }) {
  return <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: color }} />;
}

function LabelChips({ labels }: { labels: Label[] }) {
  if (labels.length === 0) return null;
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-1">
      {labels.map((label) => (
        <li
          key={label.id}
          className="inline-flex items-center gap-1 rounded-full border border-border px-1.5 py-0.5 text-[11px] text-fg-muted"
        >
          <span
            aria-hidden
            className="size-2 rounded-full"
            style={{ backgroundColor: label.color || '#9ca3af' }}
          />
          {label.name}
        </li>
      ))}
    </ul>
  );
}

function LoadMore({ store, column }: { store: PublicBoardStore; column: PublicColumn }) {
  if (!column.hasMore) return null;
  const more = async () => {
    try {
      await store.loadMore(column.state.id);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={more}
      loading={column.loadingMore}
      aria-label={`Load more in ${column.state.name}`}
      className="w-full"
    >
      Load more ({column.total - column.issues.length} left)
    </Button>
  );
}

const Kanban = observer(function Kanban({ store }: { store: PublicBoardStore }) {
  return (
    <div className="flex h-full min-h-0 gap-3 p-4">
      {store.columns.map((column) => (
        <section
          key={column.state.id}
          aria-label={`${column.state.name} column`}
          className="flex max-h-full w-72 shrink-0 flex-col rounded-lg bg-surface"
        >
          <h2 className="flex items-center gap-2 px-3 pt-3 pb-2 text-sm font-medium text-fg">
            <StateDot color={column.state.color} />
            <span className="truncate">{column.state.name}</span>
            <Count total={column.total} />
          </h2>
          <ul className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2">
            {column.issues.map((issue) => (
              <li key={issue.id}>
                <IssueCard store={store} issue={issue} />
              </li>
            ))}
            {column.issues.length === 0 && (
              <li className="px-1 py-3 text-center text-xs text-fg-subtle">No work items</li>
            )}
            <li>
              <LoadMore store={store} column={column} />
            </li>
          </ul>
        </section>
      ))}
    </div>
  );
});

const IssueCard = observer(function IssueCard({
  store,
  issue,
}: {
  store: PublicBoardStore;
  issue: IssueRow;
}) {
  const key = store.issueKey(issue);
  return (
    <button
      type="button"
      onClick={() => openPeek(store, issue.id)}
      aria-label={`${key} ${issue.name}`}
      className="flex w-full flex-col gap-2 rounded-md border border-border bg-canvas p-2.5 text-left shadow-xs hover:border-border-strong"
    >
      <span className="font-mono text-[11px] text-fg-subtle">{key}</span>
      <span className="line-clamp-3 text-sm text-fg">{issue.name}</span>
      <span className="flex flex-wrap items-center gap-1.5">
        <PriorityIcon priority={issue.priority} withLabel={issue.priority !== 'none'} />
        <LabelChips labels={store.labelsOf(issue)} />
      </span>
    </button>
  );
});

function openPeek(store: PublicBoardStore, issueId: string) {
  store.openIssue(issueId).catch((error) => toastError(error));
}

const ListLayout = observer(function ListLayout({ store }: { store: PublicBoardStore }) {
  return (
    <div className="flex flex-col">
      {store.columns.map((column) => (
        <section key={column.state.id} aria-label={`${column.state.name} group`}>
          <h2 className="sticky top-0 flex items-center gap-2 border-b border-border bg-surface px-5 py-2 text-sm font-medium text-fg">
            <StateDot color={column.state.color} />
            {column.state.name}
            <Count total={column.total} />
          </h2>
          <ul>
            {column.issues.map((issue) => {
              const key = store.issueKey(issue);
              return (
                <li key={issue.id} className="border-b border-border">
                  <button
                    type="button"
                    onClick={() => openPeek(store, issue.id)}
                    aria-label={`${key} ${issue.name}`}
                    className="flex w-full items-center gap-3 px-5 py-2 text-left hover:bg-surface"
                  >
                    <PriorityIcon priority={issue.priority} />
                    <span className="w-20 shrink-0 font-mono text-xs text-fg-subtle">{key}</span>
                    <span className="min-w-0 flex-1 truncate text-sm text-fg">{issue.name}</span>
                    <LabelChips labels={store.labelsOf(issue)} />
                  </button>
                </li>
              );
            })}
          </ul>
          {column.hasMore && (
            <div className="px-3 py-1">
              <LoadMore store={store} column={column} />
            </div>
          )}
        </section>
      ))}
    </div>
  );
});

/** The opened work item, read only, in a side panel. */
const IssuePeek = observer(function IssuePeek({ store }: { store: PublicBoardStore }) {
  const open = store.peekId !== null;
  const row = store.peek ?? store.peekRow;
  const state = row ? store.stateOf(row.state_id) : undefined;
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && store.closeIssue()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col border-l border-border bg-canvas shadow-2xl"
        >
          <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-3">
            <span className="font-mono text-xs text-fg-muted">{row ? store.issueKey(row) : ''}</span>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded-md p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            <RadixDialog.Title className="text-lg font-semibold text-fg">
              {row?.name ?? 'Work item'}
            </RadixDialog.Title>
            {row && (
              <dl className="mt-4 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
                <dt className="text-fg-muted">State</dt>
                <dd className="flex items-center gap-2 text-fg">
                  {state && <StateDot color={state.color} />}
                  {state?.name ?? 'Unknown'}
                </dd>
                <dt className="text-fg-muted">Priority</dt>
                <dd>
                  <PriorityIcon priority={row.priority} withLabel className="text-sm text-fg" />
                </dd>
                <dt className="text-fg-muted">Assignees</dt>
                <dd className="flex flex-wrap items-center gap-2 text-fg">
                  {row.assignee_ids.length === 0
                    ? 'None'
                    : store.membersOf(row.assignee_ids).map((m) => (
                        <span key={m.id} className="inline-flex items-center gap-1.5">
                          <Avatar name={m.display_name} src={m.avatar_url} size="xs" />
                          {m.display_name}
                        </span>
                      ))}
                </dd>
                <dt className="text-fg-muted">Labels</dt>
                <dd>{row.label_ids.length === 0 ? 'None' : <LabelChips labels={store.labelsOf(row)} />}</dd>
                {row.target_date && (
                  <>
                    <dt className="text-fg-muted">Due date</dt>
                    <dd className="text-fg">{row.target_date}</dd>
                  </>
                )}
              </dl>
            )}
            <div className="mt-6 border-t border-border pt-4">
              {store.peekStatus === 'loading' && <Spinner label="Loading work item" />}
              {store.peekStatus === 'error' && (
                <p className="text-sm text-danger">This work item could not be loaded.</p>
              )}
              {store.peek &&
                (isEmptyHtml(store.peek.description_html) ? (
                  <p className="text-sm text-fg-subtle">No description</p>
                ) : (
                  <div
                    className="issue-description text-sm text-fg"
                    // The server sanitises description_html on write with its shared allow-list
                    // (api.md §0.2: no scripts, no on* attributes, safe URL schemes only), so it is
                    // rendered as is.
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (see above)
                    dangerouslySetInnerHTML={{ __html: store.peek.description_html }}
                  />
                ))}
            </div>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
});

function isEmptyHtml(html: string): boolean {
  return html.replace(/<p>\s*<\/p>|<br\s*\/?>/g, '').trim() === '';
}

/** The lazily loaded half of the route (routes/PublicBoardRoute.tsx). */
export const PublicBoardLazyRoute = createLazyRoute('/spaces/issues/$anchor')({
  component: function PublicBoardRouteScreen() {
    const { anchor } = getRouteApi('/spaces/issues/$anchor').useParams();
    return <PublicBoard key={anchor} anchor={anchor} />;
  },
});
