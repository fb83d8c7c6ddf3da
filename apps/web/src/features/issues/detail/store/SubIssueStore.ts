import type { IssueRow } from '@kite/shared/contracts';
import { STATE_GROUPS, type StateGroup } from '@kite/shared/domain';
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../../../../lib/api.ts';
import type { Issue, IssueStore } from '../../store/IssueStore.ts';
import { setCount } from './counts.ts';
import { type IssueRef, issueBase } from './IssueRef.ts';

interface SubIssuesAnswer {
  sub_issues: IssueRow[];
  state_distribution: Partial<Record<StateGroup, string[]>>;
}

/**
 * The children of one work item. The rows live in the IssueStore (so a change anywhere shows
 * here); this store keeps their ids. The state distribution follows each child's current
 * state group, so it moves when a state changes (spec §4).
 */
export class SubIssueStore {
  ids: string[] = [];
  loaded = false;
  error: string | null = null;

  constructor(
    private readonly ref: IssueRef,
    private readonly issues: IssueStore,
  ) {
    makeAutoObservable<SubIssueStore, 'ref' | 'issues'>(
      this,
      { ref: false, issues: false },
      { autoBind: true },
    );
  }

  private get url() {
    return `${issueBase(this.ref)}sub-issues/`;
  }

  get subIssues(): Issue[] {
    return this.ids.map((id) => this.issues.get(id)).filter((i): i is Issue => !!i);
  }

  get distribution(): Record<StateGroup, string[]> {
    const groups = Object.fromEntries(STATE_GROUPS.map((g) => [g, [] as string[]])) as Record<
      StateGroup,
      string[]
    >;
    for (const issue of this.subIssues) groups[issue.state__group as StateGroup]?.push(issue.id);
    return groups;
  }

  /** Completed and cancelled children count as done. */
  get doneCount(): number {
    const d = this.distribution;
    return d.completed.length + d.cancelled.length;
  }

  private syncCount(): void {
    setCount(this.issues, this.ref.issueId, 'sub_issues_count', this.ids.length);
  }

  private receive(answer: SubIssuesAnswer): void {
    this.issues.upsertMany(answer.sub_issues);
    this.ids = answer.sub_issues.map((i) => i.id);
    this.syncCount();
  }

  async fetch(): Promise<void> {
    try {
      const answer = await api.get<SubIssuesAnswer>(this.url);
      runInAction(() => {
        this.receive(answer);
        this.loaded = true;
        this.error = null;
      });
    } catch (error) {
      runInAction(() => {
        this.error = error instanceof Error ? error.message : 'The sub-work items could not be loaded';
        this.loaded = true;
      });
    }
  }

  /** POST `{sub_issue_ids}`: existing items become children; the answer is the new list. */
  async addExisting(issueIds: string[]): Promise<void> {
    if (issueIds.length === 0) return;
    const answer = await api.post<SubIssuesAnswer>(this.url, { sub_issue_ids: issueIds });
    runInAction(() => {
      this.receive(answer);
      // Each child's parent_id changed on the server; the rows above carry it.
    });
  }

  /** Creates a work item with this one as its parent. */
  async createNew(name: string): Promise<Issue> {
    const created = await this.issues.create(this.ref.slug, this.ref.projectId, {
      name,
      parent_id: this.ref.issueId,
    });
    runInAction(() => {
      if (!this.ids.includes(created.id)) this.ids.push(created.id);
      this.syncCount();
    });
    return created;
  }

  /** Removing a child sets its parent to null (spec §4); it leaves the list at once. */
  async remove(childId: string): Promise<void> {
    const index = this.ids.indexOf(childId);
    if (index === -1) return;
    this.ids.splice(index, 1);
    this.syncCount();
    try {
      await this.issues.update(this.ref.slug, this.ref.projectId, childId, { parent_id: null });
    } catch (error) {
      runInAction(() => {
        if (!this.ids.includes(childId)) this.ids.splice(Math.min(index, this.ids.length), 0, childId);
        this.syncCount();
      });
      throw error;
    }
  }
}
