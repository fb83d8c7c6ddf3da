import type { EstimatePoint } from '@kite/shared/contracts';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, Triangle } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  Menu,
  MenuContent,
  MenuLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuTrigger,
} from '../../../../ui/Menu.tsx';
import { BulkBar } from '../../BulkBar.tsx';
import type { IssueView } from '../../IssueView.ts';
import { shortDate } from '../../properties/IssueProperties.tsx';
import { CycleProperty, ModulesProperty } from '../../properties/PlanningMenus.tsx';
import {
  AssigneesProperty,
  LabelsProperty,
  PriorityProperty,
  StateProperty,
} from '../../properties/PropertyMenus.tsx';
import { QuickAdd } from '../../QuickAdd.tsx';
import { ALL_GROUP, isOverdue, isoDate } from '../../store/displayFilters.ts';
import type { Issue } from '../../store/IssueStore.ts';
import { ErrorBar } from '../ErrorBar.tsx';
import type { LayoutProps } from '../registry.ts';
import { useBoardVirtualizer } from '../virtual.ts';
import { type Column, nextOrderBy, sortDirection, visibleColumns } from './columns.ts';

const ROW = 40;
const HEADER = 36;
/** The sticky first column: checkbox, key and name. */
const FIRST = 380;

type Active = { row: number; col: number };

/**
 * The spreadsheet layout: one row per work item (virtualised), a sticky header and a sticky
 * key + name column, a column per display property with inline editors, sortable headers
 * (order_by, saved with the display filters), infinite load, quick add, row selection with
 * bulk actions, and arrow keys between cells (Enter edits).
 */
const SpreadsheetLayout = observer(function SpreadsheetLayout({ view }: LayoutProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<Active | null>(null);
  const [estimateOpen, setEstimateOpen] = useState<string | null>(null);
  const list = view.list;
  const ids = list?.issueIds(ALL_GROUP) ?? [];
  const hasMore = list?.hasMore(ALL_GROUP) ?? false;
  const columns = visibleColumns(view.displayProperties, view.propertyAvailable);
  const width = FIRST + columns.reduce((w, c) => w + c.width, 0);
  const orderBy = view.displayFilters.order_by || 'sort_order';
  // The row after the last: "loading more", or quick add where the user may create.
  const count = ids.length + (hasMore || view.canEdit ? 1 : 0);

  const virtualizer = useBoardVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    getItemKey: (i) => ids[i] ?? 'quick-add',
    overscan: 12,
    scrollPaddingStart: HEADER,
  });
  const virtualItems = virtualizer.getVirtualItems();

  // Infinite load: near the end of the loaded rows, ask for the next page.
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  useEffect(() => {
    if (hasMore && lastIndex >= ids.length - 10) view.loadMore(ALL_GROUP);
  }, [hasMore, lastIndex, ids.length, view]);

  // Selection keeps only rows still listed.
  const selectedIds = view.selectedIds;
  const allSelected = ids.length > 0 && selectedIds.length === ids.length;

  // The active cell: scrolled into view and focused.
  // Only keyboard moves take the focus (a click may have opened a menu that must keep it).
  const focusNext = useRef(false);
  useEffect(() => {
    if (!active || !focusNext.current) return;
    focusNext.current = false;
    virtualizer.scrollToIndex(active.row, { align: 'auto' });
    const frame = requestAnimationFrame(() => {
      const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-cell="${active.row}:${active.col}"]`);
      if (cell && !cell.contains(document.activeElement)) cell.focus({ preventScroll: false });
    });
    return () => cancelAnimationFrame(frame);
  }, [active, virtualizer]);

  const activate = (row: number, col: number) => {
    const next = {
      row: Math.max(0, Math.min(ids.length - 1, row)),
      col: Math.max(0, Math.min(columns.length, col)),
    };
    if (next.row === active?.row && next.col === active.col) {
      focusNext.current = false;
      return;
    }
    setActive(next);
    const id = ids[next.row];
    if (id) view.focus(id);
  };

  const edit = (row: number, col: number) => {
    const id = ids[row];
    if (!id) return;
    if (col === 0) {
      view.openPeek(id);
      return;
    }
    const column = columns[col - 1];
    const editor = column?.editor;
    const issue = view.issue(id);
    if (!editor || !issue || !view.canEditIssue(issue)) return;
    if (editor.kind === 'menu') view.setOpenMenu(id, editor.menu);
    else if (editor.kind === 'estimate') setEstimateOpen(id);
    else {
      const input = scrollRef.current?.querySelector<HTMLInputElement>(`[data-cell="${row}:${col}"] input`);
      input?.focus();
      try {
        input?.showPicker();
      } catch {
        // Not every browser opens a date picker on request; the focused input still takes typing.
      }
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!active) return;
    const target = e.target as HTMLElement;
    // Inside an editor (a date input, a menu) the keys belong to it.
    if (target.tagName === 'INPUT' || target.closest('[role="menu"]')) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      e.stopPropagation();
      focusNext.current = true;
      activate(active.row + move[0], active.col + move[1]);
    } else if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      e.stopPropagation();
      edit(active.row, active.col);
    } else if (e.key === ' ' && active.col === 0) {
      e.preventDefault();
      const id = ids[active.row];
      if (id) view.toggleSelected(id);
    }
  };

  return (
    <div className="flex h-full flex-col" data-testid="spreadsheet-layout">
      <ErrorBar view={view} what="The work items" />
      {selectedIds.length > 0 && <BulkBar view={view} selected={selectedIds} onClear={view.clearSelection} />}
      {/* biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows) */}
      <div
        ref={scrollRef}
        role="grid"
        aria-label="Work items"
        aria-rowcount={(list?.totalCount ?? ids.length) + 1}
        aria-colcount={columns.length + 1}
        className="relative min-h-0 flex-1 overflow-auto"
        onKeyDown={onKeyDown}
      >
        <div className="relative" style={{ width, height: HEADER + virtualizer.getTotalSize() }}>
          {/* biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows) */}
          <div
            role="row"
            aria-rowindex={1}
            className="sticky top-0 z-20 flex border-b border-border bg-surface text-xs font-medium text-fg-muted"
            style={{ height: HEADER, width }}
          >
            {/* biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows) */}
            <div
              role="columnheader"
              className="sticky left-0 z-10 flex items-center gap-2 border-r border-border bg-surface px-3"
              style={{ width: FIRST, minWidth: FIRST }}
            >
              {view.canSelect && (
                <input
                  type="checkbox"
                  className="accent-primary"
                  aria-label="Select all loaded work items"
                  checked={allSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = selectedIds.length > 0 && !allSelected;
                  }}
                  onChange={() => view.setSelection(allSelected ? [] : ids)}
                />
              )}
              <span>Work item</span>
              <span className="ml-auto font-normal text-fg-subtle">{list?.totalCount ?? 0}</span>
            </div>
            {columns.map((column) => (
              <HeaderCell key={column.id} view={view} column={column} orderBy={orderBy} />
            ))}
          </div>
          {virtualItems.map((v) => {
            const id = ids[v.index];
            return (
              <div
                key={v.key}
                className="absolute left-0"
                style={{ top: HEADER + v.start, height: v.size, width }}
              >
                {id ? (
                  <SheetRow
                    view={view}
                    id={id}
                    row={v.index}
                    columns={columns}
                    active={active?.row === v.index ? active.col : !active && v.index === 0 ? 0 : null}
                    selected={view.isSelected(id)}
                    onToggle={() => view.toggleSelected(id)}
                    onActivate={(col) => activate(v.index, col)}
                    estimateOpen={estimateOpen === id}
                    setEstimateOpen={(open) => setEstimateOpen(open ? id : null)}
                    width={width}
                  />
                ) : (
                  <div
                    className="sticky left-0 flex h-full items-center border-b border-border bg-canvas px-2"
                    style={{ width: FIRST }}
                  >
                    {hasMore ? (
                      <span className="px-2 text-xs text-fg-subtle">Loading more…</span>
                    ) : (
                      <QuickAdd view={view} groupLabel="All work items" className="w-full" />
                    )}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
});

const HeaderCell = observer(function HeaderCell({
  view,
  column,
  orderBy,
}: {
  view: IssueView;
  column: Column;
  orderBy: string;
}) {
  const direction = sortDirection(orderBy, column);
  return (
    // biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows)
    <div
      role="columnheader"
      aria-label={column.label}
      aria-sort={direction ?? 'none'}
      className="flex items-center border-r border-border"
      style={{ width: column.width, minWidth: column.width }}
    >
      <button
        type="button"
        className="flex h-full w-full items-center gap-1 px-3 text-left hover:bg-surface-2 hover:text-fg"
        aria-label={`Sort by ${column.label.toLowerCase()}${direction === 'ascending' ? ', descending' : ''}`}
        onClick={() => void view.setDisplayFilters({ order_by: nextOrderBy(orderBy, column) })}
      >
        <span className="truncate">{column.label}</span>
        {direction === 'ascending' && <ArrowUp className="size-3 shrink-0 text-primary" aria-hidden />}
        {direction === 'descending' && <ArrowDown className="size-3 shrink-0 text-primary" aria-hidden />}
      </button>
    </div>
  );
});

const SheetRow = observer(function SheetRow({
  view,
  id,
  row,
  columns,
  active,
  selected,
  onToggle,
  onActivate,
  estimateOpen,
  setEstimateOpen,
  width,
}: {
  view: IssueView;
  id: string;
  row: number;
  columns: Column[];
  active: number | null;
  selected: boolean;
  onToggle: () => void;
  onActivate: (col: number) => void;
  estimateOpen: boolean;
  setEstimateOpen: (open: boolean) => void;
  width: number;
}) {
  const issue = view.issue(id);
  if (!issue) return null;
  const key = view.issueKey(issue);
  const cellClass = () =>
    'flex h-full items-center border-r border-b border-border px-2 outline-none focus:ring-2 focus:ring-focus focus:ring-inset';
  return (
    // biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows)
    <div
      role="row"
      aria-rowindex={row + 2}
      aria-selected={selected}
      data-testid="sheet-row"
      className={clsx('group flex h-full text-sm', issue.tempId && 'opacity-70')}
      style={{ width }}
    >
      {/* biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows) */}
      <div
        role="gridcell"
        tabIndex={active === 0 ? 0 : -1}
        data-cell={`${row}:0`}
        data-issue-id={id}
        onFocus={() => onActivate(0)}
        className={clsx(
          cellClass(),
          'sticky left-0 z-10 gap-2 px-3',
          selected ? 'bg-primary-soft' : 'bg-canvas group-hover:bg-surface',
        )}
        style={{ width: FIRST, minWidth: FIRST }}
      >
        {view.canSelect && (
          <input
            type="checkbox"
            className="accent-primary"
            tabIndex={-1}
            checked={selected}
            onChange={onToggle}
            aria-label={`Select ${key}`}
          />
        )}
        {view.displayProperties.key && (
          <span className="w-16 shrink-0 truncate font-mono text-xs text-fg-subtle">{key}</span>
        )}
        <button
          type="button"
          tabIndex={-1}
          className="min-w-0 flex-1 truncate text-left text-fg hover:text-primary"
          onClick={() => view.openPeek(id)}
          aria-label={`${key} ${issue.name}`}
        >
          {issue.name}
        </button>
      </div>
      {columns.map((column, i) => (
        // biome-ignore lint/a11y: a virtualised ARIA grid of divs (a table cannot hold absolutely placed rows)
        <div
          key={column.id}
          role="gridcell"
          tabIndex={active === i + 1 ? 0 : -1}
          data-cell={`${row}:${i + 1}`}
          data-column={column.id}
          onFocus={() => onActivate(i + 1)}
          onClick={() => onActivate(i + 1)}
          className={clsx(cellClass(), selected ? 'bg-primary-soft/60' : 'group-hover:bg-surface')}
          style={{ width: column.width, minWidth: column.width }}
        >
          <Cell
            view={view}
            issue={issue}
            column={column}
            estimateOpen={estimateOpen}
            setEstimateOpen={setEstimateOpen}
          />
        </div>
      ))}
    </div>
  );
});

const dateInput =
  'h-7 w-full min-w-0 rounded-md border border-transparent bg-transparent px-1.5 text-xs text-fg-muted outline-none hover:border-border focus:border-primary disabled:hover:border-transparent [color-scheme:light] dark:[color-scheme:dark]';

const Cell = observer(function Cell({
  view,
  issue,
  column,
  estimateOpen,
  setEstimateOpen,
}: {
  view: IssueView;
  issue: Issue;
  column: Column;
  estimateOpen: boolean;
  setEstimateOpen: (open: boolean) => void;
}) {
  const readOnly = !view.canEditIssue(issue);
  switch (column.id) {
    case 'state':
      return <StateProperty view={view} issue={issue} />;
    case 'priority':
      return <PriorityProperty view={view} issue={issue} withLabel />;
    case 'assignees':
      return <AssigneesProperty view={view} issue={issue} />;
    case 'labels':
      return <LabelsProperty view={view} issue={issue} />;
    case 'cycle':
      return <CycleProperty view={view} issue={issue} />;
    case 'modules':
      return <ModulesProperty view={view} issue={issue} />;
    case 'start_date':
    case 'target_date': {
      const field = column.id;
      const value = issue[field]?.slice(0, 10) ?? '';
      const overdue = field === 'target_date' && isOverdue(issue, isoDate(new Date()));
      return (
        <span className="relative flex w-full">
          {!value && (
            <span
              aria-hidden
              className="pointer-events-none absolute inset-y-0 left-1.5 flex items-center text-xs text-fg-subtle"
            >
              —
            </span>
          )}
          <input
            type="date"
            tabIndex={-1}
            className={clsx(
              dateInput,
              overdue && 'font-medium text-danger',
              !value && 'text-transparent focus:text-fg-muted',
            )}
            value={value}
            disabled={readOnly}
            data-overdue={overdue || undefined}
            aria-label={`${column.label} of ${view.issueKey(issue)}${overdue ? ' (overdue)' : ''}`}
            onChange={(e) => {
              const next = e.target.value || null;
              if (next !== (issue[field]?.slice(0, 10) ?? null))
                void view.updateIssue(issue.id, { [field]: next });
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape' || e.key === 'Enter') {
                e.stopPropagation();
                (e.currentTarget.closest('[role="gridcell"]') as HTMLElement | null)?.focus();
              }
            }}
          />
        </span>
      );
    }
    case 'estimate':
      return (
        <EstimateCell
          view={view}
          issue={issue}
          open={estimateOpen}
          setOpen={setEstimateOpen}
          readOnly={readOnly}
        />
      );
    case 'created_at':
    case 'updated_at':
      return <span className="truncate text-xs text-fg-muted">{shortDate(issue[column.id])}</span>;
    case 'sub_issues_count':
    case 'link_count':
    case 'attachment_count': {
      const n = issue[column.id];
      return <span className={clsx('text-xs', n > 0 ? 'text-fg' : 'text-fg-subtle')}>{n}</span>;
    }
    default:
      return null;
  }
});

const EstimateCell = observer(function EstimateCell({
  view,
  issue,
  open,
  setOpen,
  readOnly,
}: {
  view: IssueView;
  issue: Issue;
  open: boolean;
  setOpen: (open: boolean) => void;
  readOnly: boolean;
}) {
  const estimates = view.stores.estimates.estimatesOf(view.projectId);
  const active = estimates.find((e) => e.id === view.project?.estimate);
  const points: EstimatePoint[] = active?.points ?? [];
  const all = estimates.flatMap((e) => e.points);
  const current = all.find((p) => p.id === issue.estimate_point);
  if (!active && !current) return <span className="text-xs text-fg-subtle">—</span>;
  return (
    <Menu open={open} onOpenChange={setOpen} modal={false}>
      <MenuTrigger
        disabled={readOnly || !active}
        tabIndex={-1}
        className="inline-flex h-6 items-center gap-1 rounded-md border border-border px-1.5 text-xs text-fg-muted hover:bg-surface-2 hover:text-fg disabled:hover:bg-transparent"
        aria-label={`Estimate: ${current?.value ?? 'none'}`}
      >
        <Triangle className="size-3" aria-hidden />
        {current?.value ?? 'None'}
      </MenuTrigger>
      <MenuContent className="max-h-80 overflow-y-auto">
        <MenuLabel>Estimate</MenuLabel>
        <MenuRadioGroup
          value={issue.estimate_point ?? ''}
          onValueChange={(value) => void view.updateIssue(issue.id, { estimate_point: value || null })}
        >
          <MenuRadioItem value="">None</MenuRadioItem>
          {[...points]
            .sort((a, b) => a.key - b.key)
            .map((p) => (
              <MenuRadioItem key={p.id} value={p.id}>
                {p.value}
              </MenuRadioItem>
            ))}
        </MenuRadioGroup>
      </MenuContent>
    </Menu>
  );
});

export default SpreadsheetLayout;
