import { type ComponentType, lazy } from 'react';
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

/** Starts loading a layout's chunk early (e.g. while the first page is fetched). */
export function preloadLayout(layout: Layout): void {
  void layoutLoader(layout)?.().catch(() => undefined);
}

const lazyLayouts = new Map<Layout, ComponentType<LayoutProps>>();

/** A layout's component, loaded on first render (one lazy component per layout, shared by screens). */
export function layoutComponent(layout: Layout): ComponentType<LayoutProps> | null {
  const load = layoutLoader(layout);
  if (!load) return null;
  let component = lazyLayouts.get(layout);
  if (!component) {
    component = lazy(load);
    lazyLayouts.set(layout, component);
  }
  return component;
}
