import type { CreateViewBody, Favorite, UpdateViewBody, View, ViewAccess } from '@kite/shared/contracts';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { toastError } from '../../ui/toast.ts';
import { loadOnce } from '../projects/byProject.ts';
import { projectPath } from '../projects/ProjectStore.ts';

/** Where views live: a project's (`projectId`), or the workspace's custom global views (`projectId: null`). */
export interface ViewPlace {
  slug: string;
  projectId: string | null;
}

/** The views list's orders (api.md §8: sorting is the client's). */
export type ViewSort = 'name' | 'created' | 'modified';

/** A place's key in the store: the project's id, or `ws:<slug>`. */
const placeKey = (place: ViewPlace) => place.projectId ?? `ws:${place.slug}`;

/** The views endpoint of a place. */
function viewsPath(place: ViewPlace): string {
  return place.projectId
    ? `${projectPath(place.slug, place.projectId)}/views/`
    : `/api/workspaces/${seg(place.slug)}/views/`;
}

export function viewPath(place: ViewPlace, viewId: string): string {
  return `${viewsPath(place)}${seg(viewId)}/`;
}

/**
 * Views matching `search` (any part of the name, any case), favorites first, then by `sort`:
 * name A→Z, newest created, or last modified first.
 */
export function sortViews(views: readonly View[], sort: ViewSort, search = ''): View[] {
  const needle = search.trim().toLowerCase();
  const by: Record<ViewSort, (a: View, b: View) => number> = {
    name: (a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }),
    created: (a, b) => b.created_at.localeCompare(a.created_at),
    modified: (a, b) => b.updated_at.localeCompare(a.updated_at),
  };
  return views
    .filter((v) => !needle || v.name.toLowerCase().includes(needle))
    .sort(
      (a, b) => Number(b.is_favorite) - Number(a.is_favorite) || by[sort](a, b) || a.id.localeCompare(b.id),
    );
}

/**
 * Saved views (api.md §8): each project's views and each workspace's custom global views, keyed
 * by id. Favorite, lock and access changes apply at once and are rolled back, with a toast, when
 * the server refuses them.
 */
export class ViewStore {
  private readonly byPlace: ObservableMap<string, ObservableMap<string, View>> = observable.map();
  private readonly loading = new Map<string, Promise<unknown>>();
  private readonly listed = observable.set<string>();

  constructor() {
    makeAutoObservable<ViewStore, 'byPlace' | 'loading' | 'listed'>(
      this,
      { byPlace: false, loading: false, listed: false },
      { autoBind: true },
    );
  }

  isLoaded(place: ViewPlace): boolean {
    return this.listed.has(placeKey(place));
  }

  /** A loaded view of any place. */
  find(id: string): View | undefined {
    for (const views of this.byPlace.values()) {
      const view = views.get(id);
      if (view) return view;
    }
    return undefined;
  }

  /** The place's views, in no particular order (see `sortViews`). */
  viewsOf(place: ViewPlace): View[] {
    return [...(this.byPlace.get(placeKey(place))?.values() ?? [])];
  }

  /** The loaded favorite views of a workspace (its id), projects' and the workspace's, by name. */
  favoritesIn(workspaceId: string): View[] {
    return [...this.byPlace.values()]
      .flatMap((views) => [...views.values()])
      .filter((v) => v.is_favorite && v.workspace === workspaceId)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private put(place: ViewPlace, view: View): void {
    const key = placeKey(place);
    if (!this.byPlace.has(key)) this.byPlace.set(key, observable.map());
    this.byPlace.get(key)!.set(view.id, view);
  }

  async fetch(place: ViewPlace): Promise<View[]> {
    const views = await api.get<View[]>(viewsPath(place));
    runInAction(() => {
      this.listed.add(placeKey(place));
      this.byPlace.set(placeKey(place), observable.map(views.map((v) => [v.id, v])));
    });
    return views;
  }

  /** Loads the place's views unless they are here or on their way. */
  ensure(place: ViewPlace): void {
    if (!this.isLoaded(place)) loadOnce(this.loading, placeKey(place), () => this.fetch(place));
  }

  /** One view, fresh from the server (404 when it is gone or private to someone else). */
  async fetchOne(place: ViewPlace, viewId: string): Promise<View> {
    const view = await api.get<View>(viewPath(place, viewId));
    runInAction(() => this.put(place, view));
    return view;
  }

  async create(place: ViewPlace, body: CreateViewBody): Promise<View> {
    const view = await api.post<View>(viewsPath(place), body);
    runInAction(() => this.put(place, view));
    return view;
  }

  async update(place: ViewPlace, viewId: string, patch: UpdateViewBody): Promise<View> {
    const view = await api.patch<View>(viewPath(place, viewId), patch);
    runInAction(() => this.put(place, view));
    return view;
  }

  async remove(place: ViewPlace, viewId: string): Promise<void> {
    await api.delete(viewPath(place, viewId));
    runInAction(() => this.byPlace.get(placeKey(place))?.delete(viewId));
  }

  /**
   * Shows `change` at once and runs `write`; a refusal puts the fields back as they were (unless
   * something newer replaced them), toasts `failure`, and resolves false.
   */
  private async optimistic(
    place: ViewPlace,
    viewId: string,
    change: Partial<View>,
    write: () => Promise<View | unknown>,
    failure: string,
  ): Promise<boolean> {
    const before = this.find(viewId);
    if (!before) return false;
    const undo = Object.fromEntries(Object.keys(change).map((k) => [k, before[k as keyof View]]));
    runInAction(() => this.put(place, { ...before, ...change }));
    try {
      const answer = await write();
      if (answer && typeof answer === 'object' && 'id' in answer)
        runInAction(() => this.put(place, answer as View));
      return true;
    } catch (error) {
      runInAction(() => {
        const now = this.find(viewId);
        if (now) this.put(place, { ...now, ...undo });
      });
      toastError(error, failure);
      return false;
    }
  }

  /** Favorite on or off (the project's `user-favorite-views/`, or the workspace's `user-favorites/`). */
  toggleFavorite(place: ViewPlace, viewId: string): Promise<boolean> {
    const next = !this.find(viewId)?.is_favorite;
    return this.optimistic(
      place,
      viewId,
      { is_favorite: next },
      async () => {
        if (place.projectId) {
          const base = `${projectPath(place.slug, place.projectId)}/user-favorite-views/`;
          if (next) await api.post(base, { view: viewId });
          else await api.delete(`${base}${seg(viewId)}/`);
          return;
        }
        const base = `/api/workspaces/${seg(place.slug)}/user-favorites/`;
        if (next) {
          await api.post(base, { entity_type: 'view', entity_identifier: viewId, project_id: null });
          return;
        }
        const favorites = await api.get<Favorite[]>(base);
        const favorite = favorites.find((f) => f.entity_type === 'view' && f.entity_identifier === viewId);
        if (favorite) await api.delete(`${base}${seg(favorite.id)}/`);
      },
      'The favorite could not be saved',
    );
  }

  /** Locks or unlocks (the owner only): a locked view keeps its filters and display. */
  setLocked(place: ViewPlace, viewId: string, locked: boolean): Promise<boolean> {
    return this.optimistic(
      place,
      viewId,
      { is_locked: locked },
      () => api.patch<View>(viewPath(place, viewId), { is_locked: locked }),
      locked ? 'The view could not be locked' : 'The view could not be unlocked',
    );
  }

  /** Public (0) or private (1) (the owner only). */
  setAccess(place: ViewPlace, viewId: string, access: ViewAccess): Promise<boolean> {
    return this.optimistic(
      place,
      viewId,
      { access },
      () => api.patch<View>(viewPath(place, viewId), { access }),
      'The view’s access could not be changed',
    );
  }

  reset(): void {
    this.byPlace.clear();
    this.listed.clear();
  }
}
