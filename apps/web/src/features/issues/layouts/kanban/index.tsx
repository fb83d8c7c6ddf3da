import clsx from 'clsx';
import { ChevronRight, Plus } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useRef } from 'react';
import { Button } from '../../../../ui/Button.tsx';
import { type CellRef, useDropCell } from '../../dnd.ts';
import { GroupHeading } from '../../GroupHeading.tsx';
import type { IssueView } from '../../IssueView.ts';
import { IssueProperties } from '../../properties/IssueProperties.tsx';
import { QuickAdd } from '../../QuickAdd.tsx';
import type { LayoutProps } from '../registry.ts';
import { useIssueItem } from '../useIssueItem.ts';
import { useBoardVirtualizer, useOverscanAfterPaint } from '../virtual.ts';

/** The board: a column per group (virtualised), or swimlanes per sub-group; cards drag between columns. */
const KanbanLayout = observer(function KanbanLayout({ view }: LayoutProps) {
  const list = view.list;
  if (!list) return null;
  const groups = list.visibleGroupKeys(view.displayFilters.show_empty_groups);
  if (list.subGroupBy) return <Swimlanes view={view} groups={groups} />;
  return (
    <div className="flex h-full min-h-0 gap-3 overflow-x-auto p-4" data-testid="kanban-layout">
      {groups.map((group) => (
        <Column key={group} view={view} group={group} />
      ))}
    </div>
  );
});

const ColumnHeader = observer(function ColumnHeader({
  view,
  group,
  count,
}: {
  view: IssueView;
  group: string;
  count: number;
}) {
  const list = view.list!;
  const label = view.groupMeta(list.groupBy, group).label;
  return (
    <h2 className="flex items-center gap-2 px-3 pt-3 pb-2 text-sm">
      <GroupHeading view={view} groupBy={list.groupBy} group={group} count={count} className="flex-1" />
      {view.canEdit && (
        <button
          type="button"
          className="rounded p-1 text-fg-subtle hover:bg-surface-2 hover:text-fg"
          aria-label={`Create a work item in ${label}`}
          onClick={() => view.openCreate(view.groupDefaults(group))}
        >
          <Plus className="size-3.5" aria-hidden />
        </button>
      )}
    </h2>
  );
});

/**
 * A card with its property chips measures ~130 px with the gap (an estimate of 104 mounted cards
 * that the first measurement dropped).
 */
const estimateCardSize = () => 128;

const Column = observer(function Column({ view, group }: { view: IssueView; group: string }) {
  const list = view.list!;
  const ref = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const over = useDropCell(ref, view, { group, sub: null });
  const ids = list.issueIds(group);
  const overscan = useOverscanAfterPaint(2);
  // Stable while the ids are: the virtualiser recomputes every card's position (5,000 in a
  // loaded column) whenever its key function changes.
  const getItemKey = useCallback((i: number) => ids[i] ?? i, [ids]);
  const virtualizer = useBoardVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateCardSize,
    getItemKey,
    // Two cards of overscan keep scrolling smooth: the board mounts seven columns at once, so
    // each one more costs seven cards.
    overscan,
  });
  const focusIndex = view.focusedId ? ids.indexOf(view.focusedId) : -1;
  useEffect(() => {
    if (focusIndex >= 0) virtualizer.scrollToIndex(focusIndex, { align: 'auto' });
  }, [focusIndex, virtualizer]);
  const label = view.groupMeta(list.groupBy, group).label;
  return (
    <section
      ref={ref}
      aria-label={`${label} column`}
      data-testid="kanban-column"
      className={clsx(
        'flex max-h-full w-72 shrink-0 flex-col rounded-lg bg-surface transition-colors',
        over && 'bg-primary-soft ring-2 ring-primary/40',
      )}
    >
      <ColumnHeader view={view} group={group} count={list.groupTotal(group)} />
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2">
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((v) => {
            const id = ids[v.index];
            if (!id) return null;
            return (
              <div
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full pb-2"
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <Card view={view} id={id} group={group} sub={null} />
              </div>
            );
          })}
        </div>
        {ids.length === 0 && <p className="px-1 py-3 text-center text-xs text-fg-subtle">No work items</p>}
        <ColumnFooter view={view} cell={{ group, sub: null }} label={label} />
      </div>
    </section>
  );
});

const ColumnFooter = observer(function ColumnFooter({
  view,
  cell,
  label,
}: {
  view: IssueView;
  cell: CellRef;
  label: string;
}) {
  const list = view.list!;
  const page = list.cell(cell.group, cell.sub);
  return (
    <div className="pb-2">
      {list.hasMore(cell.group, cell.sub) && (
        <Button
          variant="ghost"
          size="sm"
          className="w-full"
          loading={page?.loading}
          onClick={() => view.loadMore(cell.group, cell.sub)}
          aria-label={`Load more in ${label}`}
        >
          Load more ({(page?.total ?? 0) - (page?.ids.length ?? 0)} left)
        </Button>
      )}
      <QuickAdd view={view} group={cell.group} sub={cell.sub} groupLabel={label} />
    </div>
  );
});

/** Sub-grouped board: column headers on top, one collapsible lane per sub-group, cells not virtualised (paged by 10). */
const Swimlanes = observer(function Swimlanes({ view, groups }: { view: IssueView; groups: string[] }) {
  const list = view.list!;
  const subs = list.visibleSubGroupKeys(view.displayFilters.show_empty_groups);
  return (
    <div className="h-full overflow-auto" data-testid="kanban-layout">
      <div className="sticky top-0 z-10 flex w-max gap-3 bg-canvas px-4 pt-3">
        {groups.map((group) => (
          <div key={group} className="w-72 shrink-0 rounded-lg bg-surface">
            <ColumnHeader view={view} group={group} count={list.groupTotal(group)} />
          </div>
        ))}
      </div>
      {subs.map((sub) => {
        const laneKey = `sub:${sub}`;
        const collapsed = view.isCollapsed(laneKey);
        const subLabel = view.groupMeta(list.subGroupBy, sub).label;
        return (
          <section key={sub} aria-label={`${subLabel} swimlane`} className="w-max px-4 pt-3">
            <button
              type="button"
              onClick={() => view.toggleCollapsed(laneKey)}
              aria-expanded={!collapsed}
              className="sticky left-4 flex items-center gap-1 rounded px-1 py-1 text-sm hover:bg-surface-2"
            >
              <ChevronRight
                className={clsx('size-3.5 text-fg-subtle transition-transform', !collapsed && 'rotate-90')}
                aria-hidden
              />
              <GroupHeading
                view={view}
                groupBy={list.subGroupBy}
                group={sub}
                count={list.subGroupTotal(sub)}
              />
            </button>
            {!collapsed && (
              <div className="flex gap-3 pt-2">
                {groups.map((group) => (
                  <Cell key={group} view={view} cell={{ group, sub }} />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
});

const Cell = observer(function Cell({ view, cell }: { view: IssueView; cell: CellRef }) {
  const list = view.list!;
  const ref = useRef<HTMLDivElement>(null);
  const over = useDropCell(ref, view, cell);
  const ids = list.issueIds(cell.group, cell.sub);
  const label = `${view.groupMeta(list.groupBy, cell.group).label} / ${view.groupMeta(list.subGroupBy, cell.sub ?? '').label}`;
  return (
    <div
      ref={ref}
      className={clsx(
        'flex w-72 shrink-0 flex-col gap-2 rounded-lg bg-surface p-2',
        over && 'bg-primary-soft',
      )}
    >
      {ids.map((id) => (
        <Card key={id} view={view} id={id} group={cell.group} sub={cell.sub} />
      ))}
      <ColumnFooter view={view} cell={cell} label={label} />
    </div>
  );
});

/** A card takes its cell as two strings: a re-rendered column passes equal props, so its cards skip rendering. */
const Card = observer(function Card({
  view,
  id,
  group,
  sub,
}: {
  view: IssueView;
  id: string;
  group: string;
  sub: string | null;
}) {
  const { issue, key, focused, dragging, edge, itemProps } = useIssueItem(view, id, { group, sub });
  if (!issue) return null;
  return (
    <div
      {...itemProps}
      data-testid="issue-card"
      className={clsx(
        'relative flex cursor-pointer flex-col gap-1.5 rounded-md border border-border bg-canvas p-2.5 text-left shadow-xs outline-none',
        'hover:border-border-strong focus-visible:ring-2 focus-visible:ring-focus',
        focused && 'border-border-strong',
        dragging && 'opacity-40',
        issue.tempId && 'opacity-70',
      )}
    >
      {edge && (
        <span
          aria-hidden
          className={clsx(
            'absolute inset-x-0 h-0.5 rounded bg-primary',
            edge === 'top' ? '-top-1.5' : '-bottom-1.5',
          )}
        />
      )}
      {view.displayProperties.key && <span className="font-mono text-[11px] text-fg-subtle">{key}</span>}
      <span className="line-clamp-3 text-sm text-fg">{issue.name}</span>
      <IssueProperties view={view} issue={issue} />
    </div>
  );
});

export default KanbanLayout;
