import type { DisplayFilters, Filters, UpdateViewBody, UserProperties, View } from '@kite/shared/contracts';
import {
  DEFAULT_DISPLAY_FILTERS,
  DEFAULT_DISPLAY_PROPERTIES,
  DEFAULT_FILTERS,
  type ListContextKind,
  normalizeDisplayFilters,
} from '../issues/store/displayFilters.ts';
import type { FilterSet } from '../issues/store/IssueFilterStore.ts';

/** What of a view's page differs from the view as saved. */
export interface UnsavedChanges {
  filters: boolean;
  display: boolean;
}

/** A view's stored settings, as the filter store takes them (`seed`). */
export function storedSettings(view: Pick<View, 'filters' | 'display_filters' | 'display_properties'>) {
  return {
    filters: view.filters,
    display_filters: view.display_filters,
    display_properties: view.display_properties,
  } satisfies Partial<UserProperties>;
}

/** Filters with their defaults, empty lists as none and values in one order (so equal sets compare equal). */
function canonicalFilters(filters: Partial<Filters>): string {
  const all = { ...DEFAULT_FILTERS, ...filters } as Record<string, string[] | null>;
  const keys = Object.keys(all).sort();
  return JSON.stringify(
    keys.map((k) => {
      const v = all[k];
      return [k, Array.isArray(v) && v.length > 0 ? [...v].sort() : null];
    }),
  );
}

/** Any JSON value with its object keys in order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

function displayOf(view: Pick<View, 'display_filters'>, context: ListContextKind): DisplayFilters {
  return normalizeDisplayFilters({ ...DEFAULT_DISPLAY_FILTERS, ...view.display_filters }, context);
}

/** Compares the page's settings with the view's: filters, and display (display filters and properties). */
export function unsavedChanges(
  view: Pick<View, 'filters' | 'display_filters' | 'display_properties'>,
  current: FilterSet,
  context: ListContextKind,
): UnsavedChanges {
  return {
    filters: canonicalFilters(view.filters) !== canonicalFilters(current.filters),
    display:
      canonical(displayOf(view, context)) !== canonical(current.displayFilters) ||
      canonical({ ...DEFAULT_DISPLAY_PROPERTIES, ...view.display_properties }) !==
        canonical(current.displayProperties),
  };
}

export function hasUnsavedChanges(changes: UnsavedChanges): boolean {
  return changes.filters || changes.display;
}

/**
 * The body that saves the page's settings into a view: whole objects (the server merges key by
 * key, and a filter cleared here is sent as null, which clears it there). `fixed` are filters the
 * list applies beside its own (a built-in global view's caller), kept where the page sets none.
 */
export function settingsBody(
  current: FilterSet,
  fixed: Partial<Filters> = {},
): Pick<UpdateViewBody, 'filters' | 'display_filters' | 'display_properties'> {
  const some = (values: string[] | null | undefined) => (values && values.length > 0 ? values : null);
  const filters = Object.fromEntries(
    (Object.keys(DEFAULT_FILTERS) as (keyof Filters)[]).map((k) => [
      k,
      some(current.filters[k]) ?? some(fixed[k]),
    ]),
  );
  return {
    filters,
    display_filters: { ...current.displayFilters },
    display_properties: { ...current.displayProperties },
  };
}
