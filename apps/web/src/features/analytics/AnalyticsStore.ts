import type { Analytics, AnalyticsAxis, AnalyticsMeasure, AnalyticsOverview } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { errorMessage } from '../../lib/apiError.ts';

/** What the chart is of: the measure, the axes and the filters (ids; '' for none). */
export interface AnalyticsParams {
  y_axis: AnalyticsMeasure;
  x_axis: AnalyticsAxis;
  segment: AnalyticsAxis | '';
  project: string;
  cycle: string;
  module: string;
}

export const DEFAULT_PARAMS: AnalyticsParams = {
  y_axis: 'issue_count',
  x_axis: 'state__group',
  segment: '',
  project: '',
  cycle: '',
  module: '',
};

export interface Loadable<T> {
  status: 'loading' | 'ready' | 'error';
  data?: T;
  error?: string;
}

/** The query string of a chart request. */
export function chartQuery(params: AnalyticsParams): string {
  const query = new URLSearchParams({ x_axis: params.x_axis, y_axis: params.y_axis });
  if (params.segment) query.set('segment', params.segment);
  for (const key of ['project', 'cycle', 'module'] as const) if (params[key]) query.set(key, params[key]);
  return query.toString();
}

/**
 * One analytics page's figures (the workspace's, or one project's): the chart for the chosen
 * measure, axes and filters, and the overview. A newer request wins over one still on its way.
 */
export class AnalyticsStore {
  params: AnalyticsParams = { ...DEFAULT_PARAMS };
  chart: Loadable<Analytics> = { status: 'loading' };
  overview: Loadable<AnalyticsOverview> = { status: 'loading' };
  private chartTicket = 0;
  private overviewTicket = 0;

  constructor(
    private readonly slug: string,
    private readonly projectId?: string,
  ) {
    makeAutoObservable<AnalyticsStore, 'chartTicket' | 'overviewTicket'>(
      this,
      { chartTicket: false, overviewTicket: false },
      { autoBind: true },
    );
  }

  private get base(): string {
    const ws = `/api/workspaces/${seg(this.slug)}`;
    return this.projectId ? `${ws}/projects/${seg(this.projectId)}/analytics` : `${ws}/analytics`;
  }

  /** Changes one control; a segment equal to the new x-axis is dropped, and the chart reloads. */
  set<K extends keyof AnalyticsParams>(key: K, value: AnalyticsParams[K]): void {
    this.params = { ...this.params, [key]: value };
    if (key === 'x_axis' && this.params.segment === value) this.params.segment = '';
    // A cycle or module belongs to a project: changing the project forgets them.
    if (key === 'project') this.params = { ...this.params, cycle: '', module: '' };
    void this.fetchChart();
  }

  async fetchChart(): Promise<void> {
    const ticket = ++this.chartTicket;
    this.chart = { status: 'loading', data: this.chart.data };
    try {
      const data = await api.get<Analytics>(`${this.base}/?${chartQuery(this.params)}`);
      runInAction(() => {
        if (ticket === this.chartTicket) this.chart = { status: 'ready', data };
      });
    } catch (error) {
      runInAction(() => {
        if (ticket === this.chartTicket) this.chart = { status: 'error', error: errorMessage(error) };
      });
    }
  }

  async fetchOverview(): Promise<void> {
    const ticket = ++this.overviewTicket;
    this.overview = { status: 'loading', data: this.overview.data };
    try {
      const data = await api.get<AnalyticsOverview>(`${this.base}/overview/?weeks=12`);
      runInAction(() => {
        if (ticket === this.overviewTicket) this.overview = { status: 'ready', data };
      });
    } catch (error) {
      runInAction(() => {
        if (ticket === this.overviewTicket) this.overview = { status: 'error', error: errorMessage(error) };
      });
    }
  }
}
