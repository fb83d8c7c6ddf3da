import { type ComponentType, useEffect, useReducer, useState } from 'react';
import { type OnDemand, onDemand } from '../../../lib/onDemand.ts';
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

const components = new Map<Layout, OnDemand<ComponentType<LayoutProps>>>();

/** A layout's component, loaded on demand (undefined when nobody has built that layout). */
function layoutPart(layout: Layout): OnDemand<ComponentType<LayoutProps>> | undefined {
  const load = layoutLoader(layout);
  if (!load) return undefined;
  let part = components.get(layout);
  if (!part) {
    part = onDemand(() => load().then((m) => m.default));
    components.set(layout, part);
  }
  return part;
}

/** Starts loading a layout's chunk early (e.g. while the first page is fetched). */
export function preloadLayout(layout: Layout): void {
  void layoutPart(layout)
    ?.load()
    .catch(() => undefined);
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
  const part = layoutPart(layout);
  useEffect(() => {
    if (!part || part.current) return;
    let live = true;
    part.load().then(
      () => live && loadedOne(),
      (error: unknown) => live && setFailure({ layout, error }),
    );
    return () => {
      live = false;
    };
  }, [layout, part]);
  if (failure?.layout === layout) throw failure.error;
  if (!part) return undefined;
  return part.current;
}
