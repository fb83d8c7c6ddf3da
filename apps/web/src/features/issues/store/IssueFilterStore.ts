import type { DisplayFilters, DisplayProperties, Filters, UserProperties } from '@kite/shared/contracts';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api } from '../../../lib/api.ts';
import { storage } from '../../../lib/storage.ts';
import { projectPath } from '../../projects/ProjectStore.ts';
import {
  applyDisplayFilters,
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
  displayChangeNeedsRefetch,
  filtersChanged,
  type ListContextKind,
  normalizeDisplayFilters,
} from './displayFilters.ts';

/** Filters, display filters and display properties of one scope (spec §3 "filter sets per scope"). */
export interface FilterSet {
  filters: Filters;
  displayFilters: DisplayFilters;
  displayProperties: DisplayProperties;
}

/** What a change asks of the list. */
export interface FilterChangeResult {
  refetch: boolean;
}

/**
 * The signed-in user's filters and display settings per project (api.md §4.7 user properties),
 * loaded on entry and saved on every change; a failed save puts the server's copy back.
 * Other scopes use the same shape under their own `scope` key: a cycle's or a module's on the
 * server under their own path, the profile's and global views' in this browser.
 */
export class IssueFilterStore {
  private readonly scopes = observable.map<string, FilterSet>(undefined, { deep: false });
  /** Scopes kept in this browser only (the profile's lists, as Plane keeps them), by context. */
  private readonly local = new Map<string, ListContextKind>();
  /** Scopes kept in memory only (a saved view's settings: the view itself is their stored copy). */
  private readonly memory = new Set<string>();
  /** Scopes stored on the server under a path of their own (a cycle's or module's user properties). */
  private readonly remote = new Map<string, { path: string; context: ListContextKind }>();

  constructor() {
    makeAutoObservable<IssueFilterStore, 'scopes' | 'local' | 'memory' | 'remote'>(
      this,
      { scopes: false, local: false, memory: false, remote: false },
      { autoBind: true },
    );
  }

  get(scope: string): FilterSet | undefined {
    return this.scopes.get(scope);
  }

  /** The set to show: the stored one, or the defaults until it is loaded. */
  of(scope: string, context: ListContextKind = 'project'): FilterSet {
    const set = this.scopes.get(scope);
    return (
      set ?? {
        filters: DEFAULT_FILTERS,
        displayFilters: normalizeDisplayFilters(DEFAULT_DISPLAY_FILTERS, context),
        displayProperties: DEFAULT_DISPLAY_PROPERTIES,
      }
    );
  }

  isLoaded(scope: string): boolean {
    return this.scopes.has(scope);
  }

  private receive(scope: string, props: UserProperties, context: ListContextKind): FilterSet {
    const set: FilterSet = {
      filters: { ...DEFAULT_FILTERS, ...props.filters },
      displayFilters: normalizeDisplayFilters(
        { ...DEFAULT_DISPLAY_FILTERS, ...props.display_filters },
        context,
      ),
      displayProperties: { ...DEFAULT_DISPLAY_PROPERTIES, ...props.display_properties },
    };
    this.scopes.set(scope, set);
    return set;
  }

  /**
   * A scope stored in this browser (no server copy); read from local storage the first time.
   * `defaults` are its display filters until the user changes them (a global view's spreadsheet).
   */
  loadLocal(scope: string, context: ListContextKind, defaults: Partial<DisplayFilters> = {}): FilterSet {
    const existing = this.scopes.get(scope);
    if (existing && (this.local.has(scope) || this.memory.has(scope))) return existing;
    this.local.set(scope, context);
    let props: Partial<UserProperties> = {};
    try {
      props = JSON.parse(storage.get(localKey(scope)) ?? '{}') as Partial<UserProperties>;
    } catch {
      // A damaged copy falls back to the defaults.
    }
    return this.receive(
      scope,
      { ...props, display_filters: { ...defaults, ...props.display_filters } } as UserProperties,
      context,
    );
  }

  /**
   * A scope set from stored settings and kept in memory only (a saved view's: changes stay on
   * this page until the view is updated). Seeding again puts the stored settings back.
   */
  seed(scope: string, context: ListContextKind, props: Partial<UserProperties>): FilterSet {
    this.memory.add(scope);
    return this.receive(scope, props as UserProperties, context);
  }

  /** GET `{p}/user-properties/`. */
  fetchProject(slug: string, projectId: string): Promise<FilterSet> {
    return this.fetchScope(projectId, `${projectPath(slug, projectId)}/user-properties/`, 'project');
  }

  /** A scope with a server copy of its own at `path` (GET, then PATCH on every change). */
  async fetchScope(scope: string, path: string, context: ListContextKind): Promise<FilterSet> {
    this.remote.set(scope, { path, context });
    const props = await api.get<UserProperties>(path);
    return runInAction(() => this.receive(scope, props, context));
  }

  private async save(
    slug: string,
    projectId: string,
    before: FilterSet,
    body: Record<string, unknown>,
  ): Promise<void> {
    if (this.memory.has(projectId)) return;
    if (this.local.has(projectId)) {
      const set = this.of(projectId, this.local.get(projectId));
      storage.set(
        localKey(projectId),
        JSON.stringify({
          filters: set.filters,
          display_filters: set.displayFilters,
          display_properties: set.displayProperties,
        }),
      );
      return;
    }
    const { path, context } = this.remote.get(projectId) ?? {
      path: `${projectPath(slug, projectId)}/user-properties/`,
      context: 'project' as const,
    };
    try {
      const props = await api.patch<UserProperties>(path, body);
      runInAction(() => this.receive(projectId, props, context));
    } catch (error) {
      // Spec §8: a failed filter update refetches the stored filters (falls back to the old ones).
      runInAction(() => this.scopes.set(projectId, before));
      void this.fetchScope(projectId, path, context).catch(() => undefined);
      throw error;
    }
  }

  /** Applies a Display-menu change under the spec's rules, saves it, and tells whether to refetch. */
  updateDisplayFilters(
    slug: string,
    projectId: string,
    patch: Partial<DisplayFilters>,
    context: ListContextKind = 'project',
  ): { result: FilterChangeResult; saved: Promise<void> } {
    const before = this.of(projectId, context);
    const next = applyDisplayFilters(before.displayFilters, patch, context);
    this.scopes.set(projectId, { ...before, displayFilters: next });
    const changed = Object.fromEntries(
      Object.entries(next).filter(
        ([k, v]) => JSON.stringify(v) !== JSON.stringify(before.displayFilters[k as keyof DisplayFilters]),
      ),
    );
    const saved =
      Object.keys(changed).length > 0
        ? this.save(slug, projectId, before, { display_filters: changed })
        : Promise.resolve();
    return { result: { refetch: displayChangeNeedsRefetch(before.displayFilters, next) }, saved };
  }

  updateFilters(
    slug: string,
    projectId: string,
    patch: Partial<Filters>,
  ): { result: FilterChangeResult; saved: Promise<void> } {
    const before = this.of(projectId);
    const next: Filters = { ...before.filters, ...patch };
    for (const [k, v] of Object.entries(patch))
      if (Array.isArray(v) && v.length === 0) next[k as keyof Filters] = null;
    this.scopes.set(projectId, { ...before, filters: next });
    const refetch = filtersChanged(before.filters, next);
    const saved = refetch
      ? this.save(slug, projectId, before, {
          filters: Object.fromEntries(Object.keys(patch).map((k) => [k, next[k as keyof Filters]])),
        })
      : Promise.resolve();
    return { result: { refetch }, saved };
  }

  updateDisplayProperties(slug: string, projectId: string, patch: Partial<DisplayProperties>): Promise<void> {
    const before = this.of(projectId);
    this.scopes.set(projectId, { ...before, displayProperties: { ...before.displayProperties, ...patch } });
    return this.save(slug, projectId, before, { display_properties: patch });
  }

  reset(): void {
    this.scopes.clear();
    this.local.clear();
    this.memory.clear();
    this.remote.clear();
  }
}

const localKey = (scope: string) => `kite:issue-filters:${scope}`;
