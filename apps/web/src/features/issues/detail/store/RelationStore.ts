import type { IssueRelations, RelationRow } from '@kite/shared/contracts';
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../../../lib/api.ts';
import { RELATION_TYPES, type RelationMap, type RelationType } from '../types.ts';
import { type IssueRef, issueBase } from './IssueRef.ts';

export function emptyRelations(): RelationMap {
  return Object.fromEntries(RELATION_TYPES.map((t) => [t, [] as RelationRow[]])) as unknown as RelationMap;
}

/** The relations of one work item by type (each shown from this item's side). */
export class RelationStore {
  relations: RelationMap = emptyRelations();
  loaded = false;
  error: string | null = null;

  constructor(private readonly ref: IssueRef) {
    makeAutoObservable<RelationStore, 'ref'>(this, { ref: false }, { autoBind: true });
  }

  get total(): number {
    return RELATION_TYPES.reduce((n, t) => n + this.relations[t].length, 0);
  }

  /** Types with at least one related item, in the usual order. */
  get usedTypes(): RelationType[] {
    return RELATION_TYPES.filter((t) => this.relations[t].length > 0);
  }

  /** Every related issue id (the picker leaves them out). */
  get relatedIds(): Set<string> {
    return new Set(RELATION_TYPES.flatMap((t) => this.relations[t].map((r) => r.id)));
  }

  /** The relations as read (the detail's `issue_relation` expansion or the list endpoint): every type present. */
  seed(answer: IssueRelations): void {
    const next = emptyRelations();
    for (const type of RELATION_TYPES) next[type] = answer[type] ?? [];
    this.relations = next;
    this.loaded = true;
    this.error = null;
  }

  /** GET the relations again (after a refused removal; the detail's expansion fills them on opening). */
  async fetch(): Promise<void> {
    try {
      this.seed(await api.get<IssueRelations>(`${issueBase(this.ref)}issue-relation/`));
    } catch (error) {
      runInAction(() => {
        this.error = error instanceof Error ? error.message : 'The relations could not be loaded';
        this.loaded = true;
      });
    }
  }

  /** POST `{relation_type, issues}`; an existing pair with another type is replaced. */
  async add(type: RelationType, rows: RelationRow[]): Promise<void> {
    if (rows.length === 0) return;
    const before = this.relations;
    const ids = new Set(rows.map((r) => r.id));
    const next = emptyRelations();
    for (const t of RELATION_TYPES) next[t] = before[t].filter((r) => !ids.has(r.id));
    next[type] = [...next[type], ...rows.map((r) => ({ ...r, relation_type: type }))];
    this.relations = next;
    try {
      const saved = await api.post<RelationRow[]>(`${issueBase(this.ref)}issue-relation/`, {
        relation_type: type,
        issues: [...ids],
      });
      runInAction(() => {
        const byId = new Map(saved.map((r) => [r.id, r]));
        this.relations = {
          ...this.relations,
          [type]: this.relations[type].map((r) =>
            byId.has(r.id) ? { ...r, ...byId.get(r.id), relation_type: type } : r,
          ),
        };
      });
    } catch (error) {
      runInAction(() => {
        this.relations = before;
      });
      throw error;
    }
  }

  /** POST remove-relation: gone at once; on failure the server's list is fetched again. */
  async remove(relatedId: string): Promise<void> {
    const before = this.relations;
    const next = emptyRelations();
    for (const t of RELATION_TYPES) next[t] = before[t].filter((r) => r.id !== relatedId);
    this.relations = next;
    try {
      await api.post(`${issueBase(this.ref)}remove-relation/`, { related_issue: relatedId });
    } catch (error) {
      runInAction(() => {
        this.relations = before;
      });
      void this.fetch();
      throw error;
    }
  }
}
