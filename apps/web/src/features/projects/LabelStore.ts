import type { Label } from '@kite/shared/contracts';
import { labelSortOrderBetween, nextLabelSortOrder } from '@kite/shared/domain';
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { type ByProject, fileByProject, findInProjects } from './byProject.ts';
import { projectPath } from './ProjectStore.ts';

export interface LabelNode {
  label: Label;
  children: LabelNode[];
}

/** Labels of a project as a tree (parent → children), siblings by sort_order. */
export function labelTree(labels: Label[]): LabelNode[] {
  const ids = new Set(labels.map((l) => l.id));
  const nodes = new Map<string, LabelNode>(labels.map((l) => [l.id, { label: l, children: [] }]));
  const roots: LabelNode[] = [];
  for (const label of [...labels].sort((a, b) => a.sort_order - b.sort_order)) {
    const node = nodes.get(label.id) as LabelNode;
    const parent = label.parent && ids.has(label.parent) ? nodes.get(label.parent) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The sort_order moving `id` one place in `direction` among its `siblings` (sorted); null when it cannot move. */
export function sortOrderForMove(siblings: Label[], id: string, direction: -1 | 1): number | null {
  const index = siblings.findIndex((l) => l.id === id);
  const target = index + direction;
  if (index === -1 || target < 0 || target >= siblings.length) return null;
  const rest = siblings.filter((l) => l.id !== id);
  const previous = rest[target - 1]?.sort_order ?? null;
  const next = rest[target]?.sort_order ?? null;
  return labelSortOrderBetween(previous, next);
}

/** The labels of each project, keyed by label id. */
export class LabelStore {
  private readonly byProject: ByProject<Label> = observable.map();
  /** Workspaces whose projects' labels all came in one read (lists across projects). */
  private readonly workspaces = observable.set<string>();

  constructor() {
    makeAutoObservable<LabelStore, 'byProject' | 'workspaces'>(
      this,
      { byProject: false, workspaces: false },
      { autoBind: true },
    );
  }

  /** A label of any loaded project (lists across projects look them up by id). */
  find(id: string): Label | undefined {
    return findInProjects(this.byProject, id);
  }

  /** Every label of the projects the caller is in (`GET {ws}/labels/`), filed by project. */
  async fetchWorkspace(slug: string): Promise<Label[]> {
    const all = await api.get<Label[]>(`/api/workspaces/${seg(slug)}/labels/`);
    runInAction(() => {
      fileByProject(this.byProject, all);
      this.workspaces.add(slug);
    });
    return all;
  }

  /** Whether `fetchWorkspace` answered for `slug` (an id missing then names a deleted label). */
  isWorkspaceLoaded(slug: string): boolean {
    return this.workspaces.has(slug);
  }

  isLoaded(projectId: string): boolean {
    return this.byProject.has(projectId);
  }

  labelsOf(projectId: string): Label[] {
    const labels = this.byProject.get(projectId);
    return labels ? [...labels.values()].sort((a, b) => a.sort_order - b.sort_order) : [];
  }

  treeOf(projectId: string): LabelNode[] {
    return labelTree(this.labelsOf(projectId));
  }

  siblingsOf(projectId: string, parent: string | null): Label[] {
    return this.labelsOf(projectId).filter((l) => (l.parent ?? null) === parent);
  }

  private base(slug: string, projectId: string) {
    return `${projectPath(slug, projectId)}/issue-labels/`;
  }

  async fetch(slug: string, projectId: string): Promise<Label[]> {
    const labels = await api.get<Label[]>(this.base(slug, projectId));
    runInAction(() => this.byProject.set(projectId, observable.map(labels.map((l) => [l.id, l]))));
    return labels;
  }

  async create(
    slug: string,
    projectId: string,
    body: { name: string; color: string; parent: string | null },
  ): Promise<Label> {
    const max = this.labelsOf(projectId).reduce<number | null>(
      (m, l) => (m === null || l.sort_order > m ? l.sort_order : m),
      null,
    );
    const label = await api.post<Label>(this.base(slug, projectId), {
      ...body,
      sort_order: nextLabelSortOrder(max),
    });
    runInAction(() => this.byProject.get(projectId)?.set(label.id, label));
    return label;
  }

  /** Applied at once, rolled back if the server refuses. */
  async update(
    slug: string,
    projectId: string,
    labelId: string,
    patch: Partial<Pick<Label, 'name' | 'color' | 'parent' | 'sort_order'>>,
  ): Promise<void> {
    const labels = this.byProject.get(projectId);
    const before = labels?.get(labelId);
    if (labels && before) labels.set(labelId, { ...before, ...patch });
    try {
      const label = await api.patch<Label>(`${this.base(slug, projectId)}${seg(labelId)}/`, patch);
      runInAction(() => labels?.set(labelId, label));
    } catch (error) {
      runInAction(() => {
        if (labels && before) labels.set(labelId, before);
      });
      throw error;
    }
  }

  async move(slug: string, projectId: string, labelId: string, direction: -1 | 1): Promise<void> {
    const label = this.byProject.get(projectId)?.get(labelId);
    if (!label) return;
    const sortOrder = sortOrderForMove(this.siblingsOf(projectId, label.parent ?? null), labelId, direction);
    if (sortOrder === null) return;
    await this.update(slug, projectId, labelId, { sort_order: sortOrder });
  }

  /** Children of a deleted label become top-level (as the server does). */
  async remove(slug: string, projectId: string, labelId: string): Promise<void> {
    await api.delete(`${this.base(slug, projectId)}${seg(labelId)}/`);
    runInAction(() => {
      const labels = this.byProject.get(projectId);
      if (!labels) return;
      labels.delete(labelId);
      for (const l of labels.values()) if (l.parent === labelId) labels.set(l.id, { ...l, parent: null });
    });
  }

  reset(): void {
    this.byProject.clear();
    this.workspaces.clear();
  }
}
