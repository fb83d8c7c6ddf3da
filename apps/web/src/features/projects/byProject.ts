import { type ObservableMap, observable } from 'mobx';

/** Items of several projects (states, labels) kept as one observable map per project, by id. */
export type ByProject<T> = ObservableMap<string, ObservableMap<string, T>>;

/** An item of any loaded project: lists across projects look them up by id. */
export function findInProjects<T>(byProject: ByProject<T>, id: string): T | undefined {
  for (const items of byProject.values()) {
    const found = items.get(id);
    if (found) return found;
  }
  return undefined;
}

/** Files a workspace-wide list by project, replacing each listed project's items (call in an action). */
export function fileByProject<T extends { id: string; project_id?: string | null }>(
  byProject: ByProject<T>,
  all: T[],
): void {
  const grouped = new Map<string, T[]>();
  for (const item of all) {
    if (item.project_id) grouped.set(item.project_id, [...(grouped.get(item.project_id) ?? []), item]);
  }
  for (const [projectId, items] of grouped)
    byProject.set(projectId, observable.map(items.map((x) => [x.id, x])));
}

/** Starts `load` for `key` unless one is already in flight; a failure leaves it to be tried again. */
export function loadOnce(
  inFlight: Map<string, Promise<unknown>>,
  key: string,
  load: () => Promise<unknown>,
): void {
  if (inFlight.has(key)) return;
  inFlight.set(
    key,
    load()
      .catch(() => undefined)
      .finally(() => inFlight.delete(key)),
  );
}
