import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import {
  CalendarCheckIcon,
  CalendarClockIcon,
  LayersIcon,
  LinkIcon,
  PaperclipIcon,
  TriangleIcon,
} from '../../../ui/boardIcons.ts';
import type { IssueView } from '../IssueView.ts';
import { listExtras } from '../projectLists.ts';
import { isOverdue, isoDate } from '../store/displayFilters.ts';
import type { Issue } from '../store/IssueStore.ts';
import { cycleProperty, modulesProperty } from './PlanningMenus.tsx';
import { assigneesProperty, labelsProperty, priorityProperty, stateProperty } from './PropertyMenus.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "May 19" (this year) or "May 19, 2027". */
export function shortDate(value: string): string {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d) return value;
  const label = `${MONTHS[m - 1]} ${d}`;
  return y === new Date().getFullYear() ? label : `${label}, ${y}`;
}

const chipBase = 'inline-flex h-6 shrink-0 items-center gap-1 rounded-md border px-1.5 text-xs';
const chip = `${chipBase} border-border text-fg-muted`;

/**
 * The read-only chips: dates (overdue in red), estimate and counters, as the display properties
 * ask. Called inside IssueProperties' render, whose observer tracks what it reads.
 */
function metaChips(view: IssueView, issue: Issue) {
  const dp = view.displayProperties;
  const overdue = isOverdue(issue, isoDate(new Date()));
  const estimate =
    dp.estimate && issue.estimate_point
      ? view.stores.estimates
          .estimatesOf(view.projectId)
          .flatMap((e) => e.points)
          .find((p) => p.id === issue.estimate_point)
      : undefined;
  return (
    <>
      {dp.start_date && issue.start_date && (
        <span className={chip} title="Start date">
          <CalendarClockIcon className="size-3.5" aria-hidden />
          <span className="sr-only">Start date </span>
          {shortDate(issue.start_date)}
        </span>
      )}
      {dp.due_date && issue.target_date && (
        <span
          className={overdue ? `${chipBase} border-danger/50 font-medium text-danger` : chip}
          title={overdue ? 'Overdue' : 'Due date'}
          data-overdue={overdue || undefined}
        >
          <CalendarCheckIcon className="size-3.5" aria-hidden />
          <span className="sr-only">{overdue ? 'Overdue, due ' : 'Due '}</span>
          {shortDate(issue.target_date)}
        </span>
      )}
      {estimate && (
        <span className={chip} title="Estimate">
          <TriangleIcon className="size-3" aria-hidden />
          <span className="sr-only">Estimate </span>
          {estimate.value}
        </span>
      )}
      {dp.sub_issue_count && issue.sub_issues_count > 0 && (
        <span className={chip} title="Sub-work items">
          <LayersIcon className="size-3.5" aria-hidden />
          {issue.sub_issues_count}
        </span>
      )}
      {dp.attachment_count && issue.attachment_count > 0 && (
        <span className={chip} title="Attachments">
          <PaperclipIcon className="size-3.5" aria-hidden />
          {issue.attachment_count}
        </span>
      )}
      {dp.link && issue.link_count > 0 && (
        <span className={chip} title="Links">
          <LinkIcon className="size-3.5" aria-hidden />
          {issue.link_count}
        </span>
      )}
      {dp.created_on && view.layout === 'list' && (
        <span className={clsx(chip, 'hidden xl:inline-flex')} title="Created on">
          {shortDate(issue.created_at)}
        </span>
      )}
      {dp.updated_on && view.layout === 'list' && (
        <span className={clsx(chip, 'hidden xl:inline-flex')} title="Updated on">
          {shortDate(issue.updated_at)}
        </span>
      )}
    </>
  );
}

/** Every property a row or card shows, in one order; editable ones open their menu. One observer for them all. */
export const IssueProperties = observer(function IssueProperties({
  view,
  issue,
  className,
}: {
  view: IssueView;
  issue: Issue;
  className?: string;
}) {
  const dp = view.displayProperties;
  const groupBy = view.grouping.groupBy;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: stops clicks on properties from opening the peek
    // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle their keys
    <div
      className={clsx('flex flex-wrap items-center gap-1', className)}
      onClick={(e) => e.stopPropagation()}
    >
      {dp.state && stateProperty({ view, issue, withLabel: groupBy !== 'state' })}
      {dp.priority && priorityProperty({ view, issue, withLabel: view.layout === 'kanban' })}
      {dp.assignee && assigneesProperty({ view, issue })}
      {dp.labels && labelsProperty({ view, issue })}
      {dp.cycle && view.planningOn('cycle_view', issue.project_id) && cycleProperty({ view, issue })}
      {dp.modules && view.planningOn('module_view', issue.project_id) && modulesProperty({ view, issue })}
      {metaChips(view, issue)}
      {view.itemActions.length > 0 && listExtras.current?.itemActionButtons(view, issue)}
    </div>
  );
});
