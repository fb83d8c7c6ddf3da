import {
  ANALYTICS_AXES,
  ANALYTICS_MEASURES,
  type AnalyticsAxis,
  type AnalyticsMeasure,
  type AnalyticsOverview,
} from '@kite/shared/contracts';
import { createLazyRoute, Link, useParams, useSearch } from '@tanstack/react-router';
import { ChartColumn, Download, PanelRight, RefreshCw } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { lazy, type ReactNode, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { saveTextFile } from '../../lib/download.ts';
import { useStoredFlag } from '../../lib/useStoredFlag.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Input.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { tabBarClass, tabClass } from '../../ui/tabs.ts';
import { PageHeader } from '../app-shell/PageHeader.tsx';
import { ProjectLogo } from '../projects/ProjectLogo.tsx';
import { ANALYTICS_SIDEBAR_COLLAPSED_KEY, AnalyticsScopeSidebar } from './AnalyticsScopeSidebar.tsx';
import { AnalyticsStore } from './AnalyticsStore.ts';
import { type AnalyticsTable, AXIS_LABELS, MEASURE_LABELS, tableOf, toCsv } from './analyticsTable.ts';

// recharts is a chunk of its own, loaded when a chart is first drawn.
const AnalyticsBarChart = lazy(() =>
  import('./AnalyticsCharts.tsx').then((m) => ({ default: m.AnalyticsBarChart })),
);
const TrendChart = lazy(() => import('./AnalyticsCharts.tsx').then((m) => ({ default: m.TrendChart })));
const BurnChart = lazy(() => import('./AnalyticsCharts.tsx').then((m) => ({ default: m.BurnChart })));

export type AnalyticsTab = 'custom' | 'overview';
export const isAnalyticsTab = (tab: unknown): tab is AnalyticsTab => tab === 'custom' || tab === 'overview';

function ChartFallback({ height = 'h-80' }: { height?: string }) {
  return (
    <div className={`flex ${height} items-center justify-center`}>
      <Spinner label="Loading chart" />
    </div>
  );
}

function Control({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * Workspace analytics (`projectId` unset) or one project's: the "Custom analytics" tab draws the
 * chosen measure by x-axis and segment with the table under it (exportable as CSV); "Overview"
 * shows each project's created vs. completed work per week and its running cycle's burn.
 */
export const AnalyticsScreen = observer(function AnalyticsScreen({
  slug,
  projectId,
  tab,
}: {
  slug: string;
  projectId?: string;
  tab: AnalyticsTab;
}) {
  const { projects } = useStores();
  const [store] = useState(() => new AnalyticsStore(slug, projectId));
  const project = projectId ? projects.get(slug, projectId) : undefined;
  const [sidebarCollapsed, toggleSidebar] = useStoredFlag(ANALYTICS_SIDEBAR_COLLAPSED_KEY);
  useEffect(() => {
    if (tab === 'custom' && !store.chart.data) void store.fetchChart();
    if (tab === 'overview' && !store.overview.data) void store.fetchOverview();
  }, [store, tab]);

  const table = useMemo(() => (store.chart.data ? tableOf(store.chart.data) : undefined), [store.chart.data]);
  const xLabel = AXIS_LABELS[store.params.x_axis];
  const title = project ? (
    <span className="flex items-center gap-2">
      <ProjectLogo project={project} size="sm" />
      {project.name}
      <span className="font-normal text-fg-muted">/ Analytics</span>
    </span>
  ) : (
    'Analytics'
  );
  const exportCsv = () => {
    if (!table) return;
    const scope = project ? project.identifier : slug;
    const segment = store.params.segment ? `-by-${store.params.segment}` : '';
    saveTextFile(`${scope}-analytics-${store.params.x_axis}${segment}.csv`, toCsv(table, xLabel));
  };
  const path = projectId ? '/$workspaceSlug/projects/$projectId/analytics' : '/$workspaceSlug/analytics';
  const params = projectId ? { workspaceSlug: slug, projectId } : { workspaceSlug: slug };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <PageHeader
        title={title}
        icon={project ? undefined : <ChartColumn className="size-4" />}
        actions={
          tab === 'custom' && (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={exportCsv}
                disabled={!table || table.rows.length === 0}
              >
                <Download className="size-3.5" aria-hidden /> Export CSV
              </Button>
              <IconButton
                label={sidebarCollapsed ? 'Show analytics scope' : 'Hide analytics scope'}
                size="sm"
                aria-expanded={!sidebarCollapsed}
                onClick={toggleSidebar}
              >
                <PanelRight className="size-4" aria-hidden />
              </IconButton>
            </>
          )
        }
      />
      <nav aria-label="Analytics tabs" className={tabBarClass}>
        <Link
          to={path}
          params={params}
          search={{}}
          aria-current={tab === 'custom' ? 'page' : undefined}
          className={tabClass(tab === 'custom')}
        >
          Custom analytics
        </Link>
        <Link
          to={path}
          params={params}
          search={{ tab: 'overview' }}
          aria-current={tab === 'overview' ? 'page' : undefined}
          className={tabClass(tab === 'overview')}
        >
          Overview
        </Link>
      </nav>
      {tab === 'custom' ? (
        <div className="flex min-h-0 flex-1">
          <div className="min-w-0 flex-1 overflow-y-auto px-6 py-5">
            <CustomAnalytics store={store} slug={slug} projectId={projectId} table={table} xLabel={xLabel} />
          </div>
          {!sidebarCollapsed && <AnalyticsScopeSidebar store={store} slug={slug} projectId={projectId} />}
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
          <OverviewTab store={store} slug={slug} />
        </div>
      )}
    </div>
  );
});

const CustomAnalytics = observer(function CustomAnalytics({
  store,
  slug,
  projectId,
  table,
  xLabel,
}: {
  store: AnalyticsStore;
  slug: string;
  projectId?: string;
  table: AnalyticsTable | undefined;
  xLabel: string;
}) {
  const { projects, cycles, modules } = useStores();
  const { params, chart } = store;
  const scopeProject = projectId ?? params.project;
  useEffect(() => {
    if (scopeProject) {
      cycles.ensure(slug, scopeProject);
      modules.ensure(slug, scopeProject);
    }
  }, [slug, scopeProject, cycles, modules]);
  const joined = projects.joinedOf(slug);
  const measureLabel = MEASURE_LABELS[params.y_axis];

  return (
    <div className="flex flex-col gap-5">
      <form
        aria-label="Chart settings"
        className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6"
        onSubmit={(e) => e.preventDefault()}
      >
        <Control label="Measure">
          {(id) => (
            <Select
              id={id}
              value={params.y_axis}
              onChange={(e) => store.set('y_axis', e.target.value as AnalyticsMeasure)}
            >
              {ANALYTICS_MEASURES.map((m) => (
                <option key={m} value={m}>
                  {MEASURE_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </Control>
        <Control label="X-axis">
          {(id) => (
            <Select
              id={id}
              value={params.x_axis}
              onChange={(e) => store.set('x_axis', e.target.value as AnalyticsAxis)}
            >
              {ANALYTICS_AXES.filter((a) => !(projectId && a === 'project_id')).map((a) => (
                <option key={a} value={a}>
                  {AXIS_LABELS[a]}
                </option>
              ))}
            </Select>
          )}
        </Control>
        <Control label="Segment">
          {(id) => (
            <Select
              id={id}
              value={params.segment}
              onChange={(e) => store.set('segment', e.target.value as AnalyticsAxis | '')}
            >
              <option value="">No segment</option>
              {ANALYTICS_AXES.filter((a) => a !== params.x_axis && !(projectId && a === 'project_id')).map(
                (a) => (
                  <option key={a} value={a}>
                    {AXIS_LABELS[a]}
                  </option>
                ),
              )}
            </Select>
          )}
        </Control>
        {!projectId && (
          <Control label="Project">
            {(id) => (
              <Select id={id} value={params.project} onChange={(e) => store.set('project', e.target.value)}>
                <option value="">All projects</option>
                {joined.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            )}
          </Control>
        )}
        <Control label="Cycle">
          {(id) => (
            <Select
              id={id}
              value={params.cycle}
              disabled={!scopeProject}
              title={scopeProject ? undefined : 'Choose a project first'}
              onChange={(e) => store.set('cycle', e.target.value)}
            >
              <option value="">All cycles</option>
              {scopeProject &&
                cycles.cyclesOf(scopeProject).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
            </Select>
          )}
        </Control>
        <Control label="Module">
          {(id) => (
            <Select
              id={id}
              value={params.module}
              disabled={!scopeProject}
              title={scopeProject ? undefined : 'Choose a project first'}
              onChange={(e) => store.set('module', e.target.value)}
            >
              <option value="">All modules</option>
              {scopeProject &&
                modules.modulesOf(scopeProject).map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
            </Select>
          )}
        </Control>
      </form>

      {chart.status === 'error' ? (
        <Alert tone="error">
          <div className="flex items-center justify-between gap-3">
            <span>Analytics could not be loaded: {chart.error}</span>
            <Button variant="secondary" size="sm" onClick={() => void store.fetchChart()}>
              <RefreshCw className="size-3.5" aria-hidden /> Retry
            </Button>
          </div>
        </Alert>
      ) : !table ? (
        <ChartFallback />
      ) : table.rows.length === 0 ? (
        <EmptyState
          icon={<ChartColumn className="size-5" />}
          title="Nothing to chart"
          description="No work items match these settings. Create work items, or change the filters."
        />
      ) : (
        <>
          <p className="flex items-center gap-1.5 text-sm text-fg-muted">
            <span>
              <span className="font-semibold text-fg tabular-nums">{chart.data?.total}</span>{' '}
              {measureLabel.toLowerCase()} by {xLabel.toLowerCase()}
              {params.segment && `, split by ${AXIS_LABELS[params.segment].toLowerCase()}`}
            </span>
            {chart.status === 'loading' && <Spinner size="sm" label="Updating" />}
          </p>
          <section className="rounded-xl border border-border bg-canvas p-4">
            <Suspense fallback={<ChartFallback />}>
              <AnalyticsBarChart table={table} label={`${measureLabel} by ${xLabel}`} />
            </Suspense>
          </section>
          <FiguresTable table={table} xLabel={xLabel} />
        </>
      )}
    </div>
  );
});

function FiguresTable({ table, xLabel }: { table: AnalyticsTable; xLabel: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table aria-label="Analytics figures" className="w-full text-sm">
        <thead className="bg-surface text-left text-xs text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {xLabel}
            </th>
            {table.columns.map((c) => (
              <th key={c.id} scope="col" className="px-3 py-2 text-right font-medium">
                {c.name}
              </th>
            ))}
            {table.segmented && (
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Total
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.id} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-normal text-fg">
                <span className="flex items-center gap-2">
                  <span
                    aria-hidden
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ background: row.color }}
                  />
                  {row.name}
                </span>
              </th>
              {row.values.map((v, i) => (
                <td key={table.columns[i]!.id} className="px-3 py-2 text-right text-fg tabular-nums">
                  {v}
                </td>
              ))}
              {table.segmented && (
                <td className="px-3 py-2 text-right font-medium text-fg tabular-nums">{row.total}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

const OverviewTab = observer(function OverviewTab({ store, slug }: { store: AnalyticsStore; slug: string }) {
  const { overview } = store;
  if (overview.status === 'error')
    return (
      <Alert tone="error">
        <div className="flex items-center justify-between gap-3">
          <span>The overview could not be loaded: {overview.error}</span>
          <Button variant="secondary" size="sm" onClick={() => void store.fetchOverview()}>
            <RefreshCw className="size-3.5" aria-hidden /> Retry
          </Button>
        </div>
      </Alert>
    );
  if (!overview.data) return <ChartFallback />;
  if (overview.data.projects.length === 0)
    return (
      <EmptyState
        icon={<ChartColumn className="size-5" />}
        title="No projects yet"
        description="Join or create a project to see how its work is going."
        action={
          <Link to="/$workspaceSlug/projects" params={{ workspaceSlug: slug }} className="text-sm text-link">
            Go to projects
          </Link>
        }
      />
    );
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {overview.data.projects.map((p) => (
        <ProjectTrendCard key={p.project_id} project={p} weeks={overview.data!.weeks} />
      ))}
    </div>
  );
});

function ProjectTrendCard({
  project,
  weeks,
}: {
  project: AnalyticsOverview['projects'][number];
  weeks: string[];
}) {
  const created = sum(project.created);
  const completed = sum(project.completed);
  return (
    <section
      aria-label={`Trend of ${project.name}`}
      className="flex flex-col gap-3 rounded-xl border border-border bg-canvas p-4"
    >
      <header className="flex items-baseline justify-between gap-2">
        <h2 className="truncate text-sm font-semibold text-fg">
          {project.name}{' '}
          <span className="font-mono text-xs font-normal text-fg-muted">{project.identifier}</span>
        </h2>
        <p className="text-xs text-fg-muted">
          Last {weeks.length} weeks: <span className="font-medium text-fg">{created}</span> created,{' '}
          <span className="font-medium text-fg">{completed}</span> completed
        </p>
      </header>
      <Suspense fallback={<ChartFallback height="h-44" />}>
        <TrendChart
          weeks={weeks}
          created={project.created}
          completed={project.completed}
          label={`Created vs. completed in ${project.name}`}
        />
      </Suspense>
      {project.current_cycle ? (
        <div className="flex flex-col gap-1 border-t border-border pt-3">
          <h3 className="text-xs font-medium text-fg-muted">
            Current cycle: <span className="text-fg">{project.current_cycle.name}</span> (
            {project.current_cycle.start_date} – {project.current_cycle.end_date})
          </h3>
          <Suspense fallback={<ChartFallback height="h-44" />}>
            <BurnChart cycle={project.current_cycle} />
          </Suspense>
        </div>
      ) : (
        <p className="border-t border-border pt-3 text-xs text-fg-muted">No cycle is running.</p>
      )}
    </section>
  );
}

function WorkspaceAnalyticsRouteScreen() {
  const { workspaceSlug = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { tab?: string };
  return (
    <AnalyticsScreen
      key={workspaceSlug}
      slug={workspaceSlug}
      tab={isAnalyticsTab(search.tab) ? search.tab : 'custom'}
    />
  );
}

function ProjectAnalyticsRouteScreen() {
  const { workspaceSlug = '', projectId = '' } = useParams({ strict: false });
  const search = useSearch({ strict: false }) as { tab?: string };
  return (
    <AnalyticsScreen
      key={`${workspaceSlug}/${projectId}`}
      slug={workspaceSlug}
      projectId={projectId}
      tab={isAnalyticsTab(search.tab) ? search.tab : 'custom'}
    />
  );
}

/** The lazily loaded halves of routes/AnalyticsRoute.tsx. */
export const WorkspaceAnalyticsLazyRoute = createLazyRoute('/authed/$workspaceSlug/analytics')({
  component: WorkspaceAnalyticsRouteScreen,
});
export const ProjectAnalyticsLazyRoute = createLazyRoute(
  '/authed/$workspaceSlug/projects/$projectId/analytics',
)({
  component: ProjectAnalyticsRouteScreen,
});
