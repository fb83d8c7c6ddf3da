import type {
  Collaborator,
  DashboardActivity,
  OverviewStats,
  Project,
  WidgetIssues,
  WidgetIssueType,
  WidgetKey,
  WorkspaceMember,
} from '@kite/shared/contracts';
import { Link } from '@tanstack/react-router';
import clsx from 'clsx';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { activityPhrase } from '../issues/activityPhrase.ts';
import { StateIcon, timeAgo, userName } from '../issues/detail/parts.tsx';
import { memberName } from '../members/MemberStore.ts';
import { PriorityIcon } from '../public-board/PriorityIcon.tsx';
import { ISSUE_TABS } from './DashboardStore.ts';
import { DueFilter } from './DueFilter.tsx';
import { TAB_LABELS, WIDGET_LABELS } from './greeting.ts';
import { WidgetCard } from './WidgetCard.tsx';

// recharts stays out of the board's critical JS: the charts are a chunk of their own.
const StateGroupChart = lazy(() => import('./HomeCharts.tsx').then((m) => ({ default: m.StateGroupChart })));
const PriorityChart = lazy(() => import('./HomeCharts.tsx').then((m) => ({ default: m.PriorityChart })));

interface WidgetProps {
  slug: string;
}

function useWidget(slug: string, key: WidgetKey) {
  const { dashboard } = useStores();
  return {
    state: dashboard.stateOf(slug, key),
    widget: dashboard.widget(slug, key),
    retry: () => void dashboard.fetchWidget(slug, key),
  };
}

/** Links to the caller's projects, for empty widgets that have nothing of theirs to show. */
const ProjectLinks = observer(function ProjectLinks({ slug }: WidgetProps) {
  const { projects } = useStores();
  const mine = projects.joinedOf(slug).slice(0, 4);
  if (mine.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap justify-center gap-2">
      {mine.map((p) => (
        <li key={p.id}>
          <Link
            to="/$workspaceSlug/projects/$projectId/issues"
            params={{ workspaceSlug: slug, projectId: p.id }}
            className="rounded-md border border-border px-2 py-1 text-xs text-link hover:bg-surface-2"
          >
            {p.name}
          </Link>
        </li>
      ))}
    </ul>
  );
});

export const OverviewWidget = observer(function OverviewWidget({ slug }: WidgetProps) {
  const { state, retry } = useWidget(slug, 'overview_stats');
  const tiles = (s: OverviewStats) => [
    { label: 'Assigned to you', value: s.assigned_issues_count },
    { label: 'Pending', value: s.pending_issues_count },
    { label: 'Completed', value: s.completed_issues_count },
    { label: 'Created by you', value: s.created_issues_count },
  ];
  return (
    <WidgetCard title={WIDGET_LABELS.overview_stats!} state={state} onRetry={retry} className="md:col-span-2">
      {(data) => (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {tiles(data as OverviewStats).map((t) => (
            <div key={t.label} className="rounded-lg bg-surface-2 px-3 py-2.5">
              <dt className="text-xs text-fg-muted">{t.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums">{t.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </WidgetCard>
  );
});

const EMPTY_TEXT: Record<string, Record<string, string>> = {
  assigned_issues: {
    upcoming: 'Nothing assigned to you is due later.',
    overdue: 'Nothing assigned to you is overdue.',
    completed: 'You have not completed anything assigned to you yet.',
    pending: 'Nothing assigned to you is pending.',
  },
  created_issues: {
    upcoming: 'Nothing you created is due later.',
    overdue: 'Nothing you created is overdue.',
    completed: 'Nothing you created is completed yet.',
    pending: 'Nothing you created is pending.',
  },
};

/** The assigned or created work items, by tab (upcoming, overdue, completed) and due-date range. */
export const IssueListWidget = observer(function IssueListWidget({
  slug,
  widgetKey,
}: WidgetProps & { widgetKey: 'assigned_issues' | 'created_issues' }) {
  const { dashboard } = useStores();
  const { state, widget, retry } = useWidget(slug, widgetKey);
  const tab = widget?.widget_filters.tab ?? 'upcoming';
  const title = WIDGET_LABELS[widgetKey]!;
  const controls = (
    <DueFilter
      title={title}
      filters={widget?.widget_filters ?? {}}
      onChange={(filters) => void dashboard.setFilters(slug, widgetKey, filters)}
    />
  );
  return (
    <WidgetCard title={title} controls={controls} state={state} onRetry={retry}>
      {(data) => {
        const { issues, count } = data as WidgetIssues;
        return (
          <div className="flex flex-col gap-2">
            <div role="tablist" aria-label={`${title} tabs`} className="flex gap-1 border-b border-border">
              {ISSUE_TABS.map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  aria-selected={t === tab}
                  onClick={() => void dashboard.setFilters(slug, widgetKey, { tab: t as WidgetIssueType })}
                  className={clsx(
                    '-mb-px border-b-2 px-2 py-1.5 text-xs font-medium',
                    t === tab ? 'border-primary text-fg' : 'border-transparent text-fg-muted hover:text-fg',
                  )}
                >
                  {TAB_LABELS[t]}
                  {t === tab && <span className="ml-1 text-fg-subtle tabular-nums">{count}</span>}
                </button>
              ))}
            </div>
            {issues.length === 0 ? (
              <div className="py-4 text-center text-sm text-fg-muted">
                <p>{EMPTY_TEXT[widgetKey]?.[tab]}</p>
                <ProjectLinks slug={slug} />
              </div>
            ) : (
              <ul className="flex flex-col" aria-label={`${title}: ${TAB_LABELS[tab]}`}>
                {issues.map((issue) => (
                  <li key={issue.id}>
                    <Link
                      to="/$workspaceSlug/projects/$projectId/issues/$issueId"
                      params={{ workspaceSlug: slug, projectId: issue.project_id, issueId: issue.id }}
                      className="flex items-center gap-2 rounded-md px-1.5 py-1.5 text-sm hover:bg-surface-2"
                    >
                      <StateIcon group={issue.state__group} />
                      <span className="shrink-0 text-xs text-fg-subtle tabular-nums">
                        {issue.project__identifier}-{issue.sequence_id}
                      </span>
                      <span className="min-w-0 flex-1 truncate text-fg">{issue.name}</span>
                      {issue.target_date && (
                        <span
                          className={clsx(
                            'shrink-0 text-xs tabular-nums',
                            tab === 'overdue' ? 'text-danger' : 'text-fg-muted',
                          )}
                        >
                          {new Date(`${issue.target_date}T00:00:00`).toLocaleDateString(undefined, {
                            month: 'short',
                            day: 'numeric',
                          })}
                        </span>
                      )}
                      <PriorityIcon priority={issue.priority} className="shrink-0" />
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {count > issues.length && (
              <p className="text-xs text-fg-subtle">
                Showing {issues.length} of {count}
              </p>
            )}
          </div>
        );
      }}
    </WidgetCard>
  );
});

const chartFallback = (
  <div className="flex h-36 items-center justify-center">
    <Spinner label="Loading chart" />
  </div>
);

export const StateGroupsWidget = observer(function StateGroupsWidget({ slug }: WidgetProps) {
  const { state, retry } = useWidget(slug, 'issues_by_state_groups');
  return (
    <WidgetCard title={WIDGET_LABELS.issues_by_state_groups!} state={state} onRetry={retry}>
      {(data) => (
        <Suspense fallback={chartFallback}>
          <StateGroupChart data={data as never} />
        </Suspense>
      )}
    </WidgetCard>
  );
});

export const PriorityWidget = observer(function PriorityWidget({ slug }: WidgetProps) {
  const { state, retry } = useWidget(slug, 'issues_by_priority');
  return (
    <WidgetCard title={WIDGET_LABELS.issues_by_priority!} state={state} onRetry={retry}>
      {(data) => (
        <Suspense fallback={chartFallback}>
          <PriorityChart data={data as never} />
        </Suspense>
      )}
    </WidgetCard>
  );
});

export const ActivityWidget = observer(function ActivityWidget({ slug }: WidgetProps) {
  const { state, retry } = useWidget(slug, 'recent_activity');
  return (
    <WidgetCard title={WIDGET_LABELS.recent_activity!} state={state} onRetry={retry}>
      {(data) => {
        const items = data as DashboardActivity[];
        if (items.length === 0) {
          return (
            <div className="py-4 text-center text-sm text-fg-muted">
              <p>Your changes to work items will show here.</p>
              <ProjectLinks slug={slug} />
            </div>
          );
        }
        return (
          <ol className="flex flex-col gap-2.5">
            {items.map((a) => (
              <li key={a.id} className="flex items-start gap-2 text-sm">
                <Avatar
                  name={userName(a.actor_detail ?? undefined)}
                  src={a.actor_detail?.avatar_url ?? undefined}
                  size="sm"
                />
                <p className="min-w-0 flex-1 text-fg-muted">
                  <span className="font-medium text-fg">You</span> {activityPhrase(a)}{' '}
                  {a.issue_detail ? (
                    <Link
                      to="/$workspaceSlug/projects/$projectId/issues/$issueId"
                      params={{
                        workspaceSlug: slug,
                        projectId: a.issue_detail.project_id,
                        issueId: a.issue_detail.id,
                      }}
                      className="text-link hover:underline"
                    >
                      {a.issue_detail.project__identifier}-{a.issue_detail.sequence_id} {a.issue_detail.name}
                    </Link>
                  ) : (
                    'a work item'
                  )}
                  <span className="ml-1.5 text-xs text-fg-subtle">{timeAgo(a.created_at)}</span>
                </p>
              </li>
            ))}
          </ol>
        );
      }}
    </WidgetCard>
  );
});

export const RecentProjectsWidget = observer(function RecentProjectsWidget({ slug }: WidgetProps) {
  const { projects } = useStores();
  const { state, retry } = useWidget(slug, 'recent_projects');
  return (
    <WidgetCard title={WIDGET_LABELS.recent_projects!} state={state} onRetry={retry}>
      {(data) => {
        const list = (data as string[]).map((id) => projects.get(slug, id)).filter((p): p is Project => !!p);
        if (list.length === 0)
          return <p className="py-4 text-center text-sm text-fg-muted">No projects yet.</p>;
        return (
          <ul className="flex flex-col gap-1">
            {list.map((p) => (
              <li key={p.id}>
                <Link
                  to="/$workspaceSlug/projects/$projectId/issues"
                  params={{ workspaceSlug: slug, projectId: p.id }}
                  className="flex items-center gap-2.5 rounded-md px-1.5 py-1.5 text-sm hover:bg-surface-2"
                >
                  <Avatar name={p.name} size="sm" shape="square" />
                  <span className="min-w-0 flex-1 truncate font-medium text-fg">{p.name}</span>
                  <span className="text-xs text-fg-subtle">{p.identifier}</span>
                </Link>
              </li>
            ))}
          </ul>
        );
      }}
    </WidgetCard>
  );
});

export const CollaboratorsWidget = observer(function CollaboratorsWidget({ slug }: WidgetProps) {
  const { members } = useStores();
  const { state, retry } = useWidget(slug, 'recent_collaborators');
  const byUser = new Map<string, WorkspaceMember>(members.membersOf(slug).map((m) => [m.member.id, m]));
  return (
    <WidgetCard title={WIDGET_LABELS.recent_collaborators!} state={state} onRetry={retry}>
      {(data) => {
        const people = (data as Collaborator[]).filter((c) => byUser.has(c.user_id)).slice(0, 8);
        if (people.length === 0) {
          return (
            <p className="py-4 text-center text-sm text-fg-muted">
              People who share your projects will show here.
            </p>
          );
        }
        return (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {people.map((c) => {
              const m = byUser.get(c.user_id)!;
              return (
                <li key={c.user_id}>
                  <Link
                    to="/$workspaceSlug/profile/$userId"
                    params={{ workspaceSlug: slug, userId: c.user_id }}
                    className="flex flex-col items-center gap-1 rounded-lg px-2 py-2 text-center hover:bg-surface-2"
                  >
                    <Avatar name={memberName(m)} src={m.member.avatar_url ?? undefined} />
                    <span className="w-full truncate text-xs font-medium text-fg">{memberName(m)}</span>
                    <span className="text-[11px] text-fg-subtle">
                      {c.active_issue_count} open {c.active_issue_count === 1 ? 'item' : 'items'}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        );
      }}
    </WidgetCard>
  );
});
