import type {
  DashboardWithWidgets,
  Widget,
  WidgetFilters,
  WidgetIssueType,
  WidgetKey,
} from '@kite/shared/contracts';
import { durationTerms } from '@kite/shared/domain';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { errorMessage } from '../../lib/apiError.ts';
import { toastError } from '../../ui/toast.ts';

/** One widget's figures, as the server answered them (their shape is the widget's, api.md §11). */
export interface WidgetState {
  status: 'loading' | 'ready' | 'error';
  data?: unknown;
  error?: string;
}

/** The tabs of the assigned and created lists, in their order. */
export const ISSUE_TABS: readonly WidgetIssueType[] = ['upcoming', 'overdue', 'completed'];

/** What a widget asks the server for, from its saved filters (tab and duration) and today's date. */
export function widgetQuery(widget: Pick<Widget, 'key' | 'widget_filters'>, today = new Date()): string {
  const params = new URLSearchParams({ widget_key: widget.key });
  const filters = widget.widget_filters;
  if (widget.key === 'assigned_issues' || widget.key === 'created_issues') {
    params.set('issue_type', filters.tab ?? 'upcoming');
  }
  const terms = durationTerms(filters.duration, today, filters.custom_dates);
  if (terms && widget.key !== 'overview_stats') params.set('target_date', terms);
  return params.toString();
}

/**
 * The home dashboard of each workspace (api.md §11): its widgets and each widget's figures.
 * Showing, hiding and re-filtering a widget apply at once and are rolled back, with a toast,
 * when the server refuses.
 */
export class DashboardStore {
  private readonly bySlug = observable.map<string, DashboardWithWidgets>();
  private readonly figures = observable.map<string, WidgetState>();
  private readonly failed = observable.map<string, string>();
  /**
   * Each widget's latest change (by widget id): an answer or a refusal of an older one must not
   * undo a newer one made while it was on its way (a slow tab change overwrote a custom range).
   */
  private readonly latestChange = new Map<string, number>();

  constructor() {
    makeAutoObservable<DashboardStore, 'bySlug' | 'figures' | 'failed' | 'latestChange'>(
      this,
      { bySlug: false, figures: false, failed: false, latestChange: false },
      { autoBind: true },
    );
  }

  dashboardOf(slug: string): DashboardWithWidgets | undefined {
    return this.bySlug.get(slug);
  }

  /** Why the dashboard could not be read, when it could not. */
  errorOf(slug: string): string | undefined {
    return this.failed.get(slug);
  }

  /** The widgets in their order. */
  widgetsOf(slug: string): Widget[] {
    return [...(this.bySlug.get(slug)?.widgets ?? [])].sort((a, b) => a.sort_order - b.sort_order);
  }

  visibleWidgetsOf(slug: string): Widget[] {
    return this.widgetsOf(slug).filter((w) => w.is_visible);
  }

  widget(slug: string, key: WidgetKey): Widget | undefined {
    return this.bySlug.get(slug)?.widgets.find((w) => w.key === key);
  }

  stateOf(slug: string, key: WidgetKey): WidgetState {
    return this.figures.get(`${slug}|${key}`) ?? { status: 'loading' };
  }

  /** The caller's home dashboard, made by the server on first use. */
  async fetchDashboard(slug: string): Promise<DashboardWithWidgets | undefined> {
    try {
      const answer = await api.get<DashboardWithWidgets>(
        `/api/workspaces/${seg(slug)}/dashboard/?dashboard_type=home`,
      );
      runInAction(() => {
        this.bySlug.set(slug, answer);
        this.failed.delete(slug);
      });
      return answer;
    } catch (error) {
      runInAction(() => this.failed.set(slug, errorMessage(error)));
      return undefined;
    }
  }

  /** One widget's figures for its current filters; the previous figures stay shown while they load. */
  async fetchWidget(slug: string, key: WidgetKey): Promise<void> {
    const dashboard = this.bySlug.get(slug);
    const widget = this.widget(slug, key);
    if (!dashboard || !widget) return;
    const id = `${slug}|${key}`;
    const query = widgetQuery(widget);
    const previous = this.figures.get(id);
    this.figures.set(id, { status: 'loading', data: previous?.data });
    try {
      const data = await api.get<unknown>(
        `/api/workspaces/${seg(slug)}/dashboard/${seg(dashboard.dashboard.id)}/?${query}`,
      );
      runInAction(() => {
        // A later filter change owns the widget now: its answer is the one to show.
        if (widgetQuery(this.widget(slug, key) ?? widget) !== query) return;
        this.figures.set(id, { status: 'ready', data });
      });
    } catch (error) {
      runInAction(() => this.figures.set(id, { status: 'error', error: errorMessage(error) }));
    }
  }

  /** Loads every visible widget's figures. */
  async fetchVisibleWidgets(slug: string): Promise<void> {
    await Promise.all(this.visibleWidgetsOf(slug).map((w) => this.fetchWidget(slug, w.key)));
  }

  private async patchWidget(
    slug: string,
    key: WidgetKey,
    change: Partial<Pick<Widget, 'is_visible' | 'widget_filters' | 'sort_order'>>,
  ): Promise<boolean> {
    const dashboard = this.bySlug.get(slug);
    const widget = this.widget(slug, key);
    if (!dashboard || !widget) return false;
    const before = {
      is_visible: widget.is_visible,
      widget_filters: widget.widget_filters,
      sort_order: widget.sort_order,
    };
    Object.assign(widget, change);
    const version = (this.latestChange.get(widget.id) ?? 0) + 1;
    this.latestChange.set(widget.id, version);
    const isLatest = () => this.latestChange.get(widget.id) === version;
    try {
      const body: Record<string, unknown> = {};
      if (change.is_visible !== undefined) body.is_visible = change.is_visible;
      if (change.widget_filters !== undefined) body.filters = change.widget_filters;
      if (change.sort_order !== undefined) body.sort_order = change.sort_order;
      const saved = await api.patch<Widget>(
        `/api/dashboard/${seg(dashboard.dashboard.id)}/widgets/${seg(widget.id)}/`,
        body,
      );
      runInAction(() => {
        if (isLatest()) Object.assign(widget, saved);
      });
      return true;
    } catch (error) {
      runInAction(() => {
        if (isLatest()) Object.assign(widget, before);
      });
      toastError(error, 'Could not change the widget');
      return false;
    }
  }

  /** Shows or hides a widget (the Customise panel); a widget shown again loads its figures. */
  async setVisible(slug: string, key: WidgetKey, visible: boolean): Promise<boolean> {
    const ok = await this.patchWidget(slug, key, { is_visible: visible });
    if (ok && visible) void this.fetchWidget(slug, key);
    return ok;
  }

  /**
   * Moves a widget one place up (-1) or down (+1) among all widgets: it takes a sort order between
   * its new neighbours (1000 past the last at an end), so only it is saved.
   */
  async move(slug: string, key: WidgetKey, step: -1 | 1): Promise<boolean> {
    const widgets = this.widgetsOf(slug);
    const at = widgets.findIndex((w) => w.key === key);
    const target = at + step;
    if (at < 0 || target < 0 || target >= widgets.length) return false;
    const neighbour = widgets[target]!.sort_order;
    const beyond = widgets[target + step]?.sort_order;
    const sortOrder = beyond === undefined ? neighbour + step * 1000 : (neighbour + beyond) / 2;
    return this.patchWidget(slug, key, { sort_order: sortOrder });
  }

  /** Changes a widget's tab or duration, reloads its figures at once, and saves the choice. */
  async setFilters(slug: string, key: WidgetKey, filters: WidgetFilters): Promise<boolean> {
    const widget = this.widget(slug, key);
    if (!widget) return false;
    const next = { ...widget.widget_filters, ...filters };
    if (next.duration !== 'custom') delete next.custom_dates;
    const saving = this.patchWidget(slug, key, { widget_filters: next });
    const loading = this.fetchWidget(slug, key);
    const ok = await saving;
    await loading;
    if (!ok) await this.fetchWidget(slug, key);
    return ok;
  }

  reset(): void {
    this.bySlug.clear();
    this.figures.clear();
    this.failed.clear();
  }
}
