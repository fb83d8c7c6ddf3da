import { type ComponentType, useEffect, useReducer, useState } from 'react';
import type { IssueView } from '../IssueView.ts';
import type { Layout } from '../store/displayFilters.ts';

/** What every layout component gets. */
export interface LayoutProps {
  view: IssueView;
}

/**
 * A layout is one folder here with an `index.tsx` whose default export is its component
 * (loaded on demand, its own chunk). `ownsFetch: true` when the layout fetches its own list
 * (e.g. the calendar's visible month); otherwise the screen fetches `view.request` for it.
 */
export interface LayoutModule {
  default: ComponentType<LayoutProps>;
  ownsFetch?: boolean;
}

/** The folder of each layout (`gantt_chart` lives in `gantt/`). */
export const LAYOUT_FOLDERS: Record<Layout, string> = {
  list: 'list',
  kanban: 'kanban',
  spreadsheet: 'spreadsheet',
  calendar: 'calendar',
  gantt_chart: 'gantt',
};

export const LAYOUT_LABELS: Record<Layout, string> = {
  list: 'List',
  kanban: 'Board',
  spreadsheet: 'Spreadsheet',
  calendar: 'Calendar',
  gantt_chart: 'Gantt',
};

const modules = import.meta.glob<LayoutModule>('./*/index.tsx');

/** The loader of a layout's module, or undefined while nobody has built that layout. */
export function layoutLoader(layout: Layout): (() => Promise<LayoutModule>) | undefined {
  return modules[`./${LAYOUT_FOLDERS[layout]}/index.tsx`];
}

const loaded = new Map<Layout, ComponentType<LayoutProps>>();
const loading = new Map<Layout, Promise<ComponentType<LayoutProps>>>();

/** Loads a layout's component (once; a failed load is tried again on the next call). */
function loadLayout(layout: Layout): Promise<ComponentType<LayoutProps>> | undefined {
  const load = layoutLoader(layout);
  if (!load) return undefined;
  let pending = loading.get(layout);
  if (!pending) {
    pending = load().then((m) => {
      loaded.set(layout, m.default);
      return m.default;
    });
    pending.catch(() => loading.delete(layout));
    loading.set(layout, pending);
  }
  return pending;
}

/** Starts loading a layout's chunk early (e.g. while the first page is fetched). */
export function preloadLayout(layout: Layout): void {
  void loadLayout(layout)?.catch(() => undefined);
}

/**
 * A layout's component: null while its chunk loads (the screen shows its loader meanwhile),
 * undefined when nobody has built that layout. A failed load is thrown to the error boundary.
 *
 * Not React.lazy: a lazy component suspends, and React holds a Suspense boundary's content back
 * until 300 ms after its fallback showed. On a cold board load that was a quarter of a second
 * idle with the code and the first page both there.
 */
export function useLayoutComponent(layout: Layout): ComponentType<LayoutProps> | null | undefined {
  const [failure, setFailure] = useState<{ layout: Layout; error: unknown } | null>(null);
  const [, loadedOne] = useReducer((n: number) => n + 1, 0);
  const component = loaded.get(layout);
  const buildable = layoutLoader(layout) !== undefined;
  useEffect(() => {
    if (component || !buildable) return;
    let live = true;
    loadLayout(layout)?.then(
      () => live && loadedOne(),
      (error: unknown) => live && setFailure({ layout, error }),
    );
    return () => {
      live = false;
    };
  }, [layout, component, buildable]);
  if (failure?.layout === layout) throw failure.error;
  if (!buildable) return undefined;
  return component ?? null;
}
