import clsx from 'clsx';
import { ChevronRight, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../../../ui/Button.tsx';
import { BulkBar } from '../../BulkBar.tsx';
import { useDropCell } from '../../dnd.ts';
import { GroupHeading } from '../../GroupHeading.tsx';
import type { IssueView } from '../../IssueView.ts';
import { IssueProperties } from '../../properties/IssueProperties.tsx';
import { QuickAdd } from '../../QuickAdd.tsx';
import { ALL_GROUP } from '../../store/displayFilters.ts';
import type { LayoutProps } from '../registry.ts';
import { useIssueItem } from '../useIssueItem.ts';
import { useBoardVirtualizer } from '../virtual.ts';

type Item =
  | { kind: 'group'; key: string; group: string }
  | { kind: 'issue'; key: string; group: string; id: string }
  | { kind: 'more'; key: string; group: string }
  | { kind: 'add'; key: string; group: string };

const SIZES: Record<Item['kind'], number> = { group: 40, issue: 44, more: 36, add: 38 };

/** Groups flattened into one virtual list: header, rows, "load more", quick add. */
function flatten(view: IssueView): Item[] {
  const list = view.list;
  if (!list) return [];
  const items: Item[] = [];
  const grouped = !!list.groupBy;
  for (const group of list.visibleGroupKeys(view.displayFilters.show_empty_groups)) {
    if (grouped) items.push({ kind: 'group', key: `g:${group}`, group });
    if (grouped && view.isCollapsed(group)) continue;
    for (const id of list.issueIds(group)) items.push({ kind: 'issue', key: `i:${group}:${id}`, group, id });
    if (list.hasMore(group)) items.push({ kind: 'more', key: `m:${group}`, group });
    // Quick add only where the viewer may create (QuickAdd renders nothing otherwise: no empty row).
    if (view.canEdit) items.push({ kind: 'add', key: `a:${group}`, group });
  }
  return items;
}

/**
 * The list layout: collapsible groups with counts, virtualised rows, load more and quick add per
 * group, and row selection with the bulk bar.
 */
const ListLayout = observer(function ListLayout({ view }: LayoutProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = flatten(view);
  const virtualizer = useBoardVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => SIZES[items[i]?.kind ?? 'issue'],
    getItemKey: (i) => items[i]?.key ?? i,
    overscan: 12,
  });

  // Keyboard focus may move to a row that is not mounted: scroll it in first.
  const focusedId = view.focusedId;
  const focusIndex = useMemo(
    () => (focusedId ? items.findIndex((it) => it.kind === 'issue' && it.id === focusedId) : -1),
    [items, focusedId],
  );
  useEffect(() => {
    if (focusIndex >= 0) virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
  }, [focusIndex, virtualizer]);

  const selected = view.selectedIds;
  return (
    <div className="flex h-full flex-col">
      {selected.length > 0 && <BulkBar view={view} selected={selected} onClear={view.clearSelection} />}
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto" data-testid="list-layout">
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index];
            if (!item) return null;
            return (
              <div
                key={v.key}
                className="absolute top-0 left-0 w-full"
                style={{ height: v.size, transform: `translateY(${v.start}px)` }}
              >
                <ListItem view={view} item={item} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});

const ListItem = observer(function ListItem({ view, item }: { view: IssueView; item: Item }) {
  const list = view.list;
  if (!list) return null;
  switch (item.kind) {
    case 'group':
      return <GroupRow view={view} group={item.group} />;
    case 'issue':
      return <IssueRowView view={view} id={item.id} group={item.group} />;
    case 'more': {
      const cell = list.cell(item.group);
      return (
        <div className="flex h-full items-center border-b border-border px-6">
          <Button
            variant="ghost"
            size="sm"
            loading={cell?.loading}
            onClick={() => view.loadMore(item.group)}
            aria-label={`Load more in ${view.groupMeta(list.groupBy, item.group).label}`}
          >
            Load more ({(cell?.total ?? 0) - (cell?.ids.length ?? 0)} left)
          </Button>
        </div>
      );
    }
    case 'add':
      return (
        <div className="border-b border-border px-3 py-0.5">
          <QuickAdd
            view={view}
            group={item.group === ALL_GROUP ? undefined : item.group}
            groupLabel={view.groupMeta(list.groupBy, item.group).label}
          />
        </div>
      );
  }
});

const GroupRow = observer(function GroupRow({ view, group }: { view: IssueView; group: string }) {
  const list = view.list!;
  const ref = useRef<HTMLDivElement>(null);
  const over = useDropCell(ref, view, { group, sub: null });
  const collapsed = view.isCollapsed(group);
  const label = view.groupMeta(list.groupBy, group).label;
  return (
    <div
      ref={ref}
      className={clsx(
        'flex h-full items-center gap-2 border-b border-border bg-surface px-3 text-sm',
        over && 'bg-primary-soft',
      )}
    >
      <button
        type="button"
        onClick={() => view.toggleCollapsed(group)}
        aria-expanded={!collapsed}
        aria-label={`${collapsed ? 'Expand' : 'Collapse'} ${label}`}
        className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
      >
        <ChevronRight
          className={clsx('size-3.5 transition-transform', !collapsed && 'rotate-90')}
          aria-hidden
        />
      </button>
      <GroupHeading view={view} groupBy={list.groupBy} group={group} count={list.groupTotal(group)} />
      {view.canEdit && (
        <button
          type="button"
          className="ml-auto rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
          aria-label={`Create a work item in ${label}`}
          onClick={() => view.openCreate(view.groupDefaults(group))}
        >
          <Plus className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
});

const IssueRowView = observer(function IssueRowView({
  view,
  id,
  group,
}: {
  view: IssueView;
  id: string;
  group: string;
}) {
  const { issue, key, focused, dragging, edge, itemProps } = useIssueItem(view, id, { group, sub: null });
  if (!issue) return null;
  const selected = view.isSelected(id);
  return (
    <div
      {...itemProps}
      data-testid="issue-row"
      className={clsx(
        'group/row relative flex h-full cursor-pointer items-center gap-3 border-b border-border text-sm outline-none',
        'hover:bg-surface focus-visible:bg-surface focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset',
        view.canSelect ? 'pr-6 pl-2' : 'px-6',
        selected
          ? 'bg-primary-soft hover:bg-primary-soft focus-visible:bg-primary-soft'
          : focused && 'bg-surface',
        dragging && 'opacity-40',
        issue.tempId && 'opacity-70',
      )}
    >
      {edge && (
        <span
          aria-hidden
          className={clsx('absolute inset-x-0 h-0.5 bg-primary', edge === 'top' ? 'top-0' : 'bottom-0')}
        />
      )}
      {view.canSelect && (
        // Shown on hover or focus, and on every row once one is selected (x toggles the focused one).
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          disabled={!!issue.tempId}
          onClick={(e) => e.stopPropagation()}
          onChange={() => view.toggleSelected(id)}
          aria-label={`Select ${key}`}
          className={clsx(
            'size-3.5 shrink-0 accent-primary',
            !view.hasSelection &&
              'opacity-0 group-hover/row:opacity-100 group-focus-visible/row:opacity-100 focus:opacity-100',
          )}
        />
      )}
      {view.displayProperties.key && (
        <span className="w-16 shrink-0 truncate font-mono text-xs text-fg-subtle">{key}</span>
      )}
      <span className="min-w-0 flex-1 truncate text-fg">{issue.name}</span>
      <IssueProperties view={view} issue={issue} className="shrink-0 flex-nowrap justify-end" />
    </div>
  );
});

export default ListLayout;
