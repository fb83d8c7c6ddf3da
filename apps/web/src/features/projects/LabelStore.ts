import type { Label } from '@kite/shared/contracts';
import { labelSortOrderBetween, nextLabelSortOrder } from '@kite/shared/domain';
import { ProjectItemStore } from './ProjectItemStore.ts';

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
export class LabelStore extends ProjectItemStore<Label> {
  constructor() {
    super('issue-labels', 'labels');
  }

  labelsOf(projectId: string): Label[] {
    return this.itemsOf(projectId).sort((a, b) => a.sort_order - b.sort_order);
  }

  treeOf(projectId: string): LabelNode[] {
    return labelTree(this.labelsOf(projectId));
  }

  siblingsOf(projectId: string, parent: string | null): Label[] {
    return this.labelsOf(projectId).filter((l) => (l.parent ?? null) === parent);
  }

  create(
    slug: string,
    projectId: string,
    body: { name: string; color: string; parent: string | null },
  ): Promise<Label> {
    const max = this.labelsOf(projectId).reduce<number | null>(
      (m, l) => (m === null || l.sort_order > m ? l.sort_order : m),
      null,
    );
    return this.post(slug, projectId, { ...body, sort_order: nextLabelSortOrder(max) });
  }

  /** Applied at once, rolled back if the server refuses. */
  update(
    slug: string,
    projectId: string,
    labelId: string,
    patch: Partial<Pick<Label, 'name' | 'color' | 'parent' | 'sort_order'>>,
  ): Promise<void> {
    return this.patch(slug, projectId, labelId, patch);
  }

  async move(slug: string, projectId: string, labelId: string, direction: -1 | 1): Promise<void> {
    const label = this.byProject.get(projectId)?.get(labelId);
    if (!label) return;
    const sortOrder = sortOrderForMove(this.siblingsOf(projectId, label.parent ?? null), labelId, direction);
    if (sortOrder === null) return;
    await this.update(slug, projectId, labelId, { sort_order: sortOrder });
  }

  /** Children of a deleted label become top-level (as the server does). */
  remove(slug: string, projectId: string, labelId: string): Promise<void> {
    return this.delete(slug, projectId, labelId, (labels) => {
      for (const l of labels.values()) if (l.parent === labelId) labels.set(l.id, { ...l, parent: null });
    });
  }
}
