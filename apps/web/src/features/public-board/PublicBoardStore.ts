import type {
  IssueDetail,
  IssueRow,
  Label,
  Paginated,
  PublicDeployBoard,
  PublicMeta,
  State,
  UserLite,
} from '@kite/shared/contracts';
import { stateGroupRank } from '@kite/shared/domain';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError, api, errorMessage, seg } from '../../lib/api.ts';

/** Rows per column and per "Load more". */
export const PUBLIC_PAGE_SIZE = 30;

export type PublicLayout = 'kanban' | 'list';

interface Group {
  results: IssueRow[];
  total_results: number;
}
type GroupedEnvelope = Omit<Paginated<IssueRow>, 'results'> & { results: Record<string, Group> };

export interface PublicColumn {
  state: State;
  issues: IssueRow[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
}

/** The public path of an anchor (anonymous, read only: api.md §4.8). */
export const publicPath = (anchor: string) => `/api/public/anchor/${seg(anchor)}`;

/**
 * One published board seen by an anonymous visitor: meta, settings, states, labels, members
 * and the issues grouped by state, page by page per column; plus the issue opened in the peek.
 */
export class PublicBoardStore {
  status: 'loading' | 'ready' | 'not-found' | 'error' = 'loading';
  error: string | null = null;
  meta: PublicMeta | null = null;
  settings: PublicDeployBoard | null = null;
  states: State[] = [];
  labels = new Map<string, Label>();
  members = new Map<string, UserLite>();
  layout: PublicLayout = 'kanban';

  private issuesByState = new Map<string, IssueRow[]>();
  private totals = new Map<string, number>();
  /** Pages loaded per state (the grouped first load is page 0). */
  private pages = new Map<string, number>();
  private loadingMore = new Set<string>();

  peekId: string | null = null;
  peek: IssueDetail | null = null;
  peekStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';

  constructor(readonly anchor: string) {
    makeAutoObservable(this, { anchor: false }, { autoBind: true });
  }

  private get base() {
    return publicPath(this.anchor);
  }

  /** Layouts offered by the board, in toggle order (kanban when it allows neither). */
  get layouts(): PublicLayout[] {
    const props = this.settings?.view_props;
    const enabled = (['kanban', 'list'] as const).filter((l) => props?.[l]);
    return enabled.length > 0 ? enabled : ['kanban'];
  }

  get columns(): PublicColumn[] {
    return this.states.map((state) => {
      const issues = this.issuesByState.get(state.id) ?? [];
      const total = this.totals.get(state.id) ?? issues.length;
      return {
        state,
        issues,
        total,
        hasMore: issues.length < total,
        loadingMore: this.loadingMore.has(state.id),
      };
    });
  }

  get totalIssues(): number {
    let sum = 0;
    for (const n of this.totals.values()) sum += n;
    return sum;
  }

  issueKey(issue: Pick<IssueRow, 'sequence_id'>): string {
    return `${this.meta?.project.identifier ?? ''}-${issue.sequence_id}`;
  }

  stateOf(id: string): State | undefined {
    return this.states.find((s) => s.id === id);
  }

  labelsOf(issue: Pick<IssueRow, 'label_ids'>): Label[] {
    return issue.label_ids.map((id) => this.labels.get(id)).filter((l): l is Label => !!l);
  }

  membersOf(ids: string[]): UserLite[] {
    return ids.map((id) => this.members.get(id)).filter((m): m is UserLite => !!m);
  }

  setLayout(layout: PublicLayout): void {
    if (this.layouts.includes(layout)) this.layout = layout;
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const [meta, settings, states, labels, members, issues] = await Promise.all([
        api.get<PublicMeta>(`${this.base}/meta/`),
        api.get<PublicDeployBoard>(`${this.base}/settings/`),
        api.get<State[]>(`${this.base}/states/`),
        api.get<Label[]>(`${this.base}/labels/`),
        api.get<UserLite[]>(`${this.base}/members/`),
        api.get<GroupedEnvelope>(
          `${this.base}/issues/?group_by=state_id&order_by=sort_order&per_page=${PUBLIC_PAGE_SIZE}`,
        ),
      ]);
      runInAction(() => {
        this.meta = meta;
        this.settings = settings;
        this.states = [...states].sort(
          (a, b) => stateGroupRank(a.group) - stateGroupRank(b.group) || a.sequence - b.sequence,
        );
        this.labels = new Map(labels.map((l) => [l.id, l]));
        this.members = new Map(members.map((m) => [m.id, m]));
        this.issuesByState.clear();
        this.totals.clear();
        this.pages.clear();
        for (const [stateId, group] of Object.entries(issues.results ?? {})) {
          this.issuesByState.set(stateId, group.results);
          this.totals.set(stateId, group.total_results);
          this.pages.set(stateId, 1);
        }
        if (!this.layouts.includes(this.layout)) this.layout = this.layouts[0] ?? 'kanban';
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          this.status = 'not-found';
        else {
          this.status = 'error';
          this.error = errorMessage(error);
        }
      });
    }
  }

  /** The next page of one column (api.md §5.2 "load more of one group"); rows already shown are skipped. */
  async loadMore(stateId: string): Promise<void> {
    if (this.loadingMore.has(stateId)) return;
    const page = this.pages.get(stateId) ?? 1;
    this.loadingMore.add(stateId);
    try {
      const answer = await api.get<Paginated<IssueRow>>(
        `${this.base}/issues/?state=${seg(stateId)}&order_by=sort_order&cursor=${PUBLIC_PAGE_SIZE}:${page}:0&per_page=${PUBLIC_PAGE_SIZE}`,
      );
      runInAction(() => {
        const current = this.issuesByState.get(stateId) ?? [];
        const seen = new Set(current.map((i) => i.id));
        this.issuesByState.set(stateId, [...current, ...answer.results.filter((i) => !seen.has(i.id))]);
        this.totals.set(stateId, answer.total_results);
        this.pages.set(stateId, page + 1);
      });
    } finally {
      runInAction(() => this.loadingMore.delete(stateId));
    }
  }

  async openIssue(issueId: string): Promise<void> {
    this.peekId = issueId;
    this.peek = null;
    this.peekStatus = 'loading';
    try {
      const detail = await api.get<IssueDetail>(`${this.base}/issues/${seg(issueId)}/`);
      runInAction(() => {
        if (this.peekId !== issueId) return;
        this.peek = detail;
        this.peekStatus = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (this.peekId === issueId) this.peekStatus = 'error';
      });
      throw error;
    }
  }

  closeIssue(): void {
    this.peekId = null;
    this.peek = null;
    this.peekStatus = 'idle';
  }

  /** The row of the opened issue (shown while its detail loads). */
  get peekRow(): IssueRow | undefined {
    if (!this.peekId) return undefined;
    for (const list of this.issuesByState.values()) {
      const row = list.find((i) => i.id === this.peekId);
      if (row) return row;
    }
    return undefined;
  }
}
