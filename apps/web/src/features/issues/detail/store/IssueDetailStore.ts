import type {
  IssueExpansion,
  IssueParent,
  IssueRow,
  Project,
  State,
  UpdateIssueBody,
  UserLite,
} from '@kite/shared/contracts';
import { type IssueCaller, issueRights, ROLE } from '@kite/shared/domain';
import { makeAutoObservable, runInAction } from 'mobx';
import type { RootStore } from '../../../../app/RootStore.ts';
import { ApiError, api } from '../../../../lib/api.ts';
import { toastError } from '../../../../ui/toast.ts';
import type { LiveSignal } from '../../../live/liveSocket.ts';
import { projectPath } from '../../../projects/ProjectStore.ts';
import { effectiveProjectRole } from '../../../projects/projectAccess.ts';
import type { Issue, IssueChange } from '../../store/IssueStore.ts';
import { ActivityStore } from './ActivityStore.ts';
import { AttachmentStore } from './AttachmentStore.ts';
import { CommentStore } from './CommentStore.ts';
import type { IssueRef } from './IssueRef.ts';
import { LinkStore } from './LinkStore.ts';
import { ReactionStore } from './ReactionStore.ts';
import { RelationStore } from './RelationStore.ts';
import { SubIssueStore } from './SubIssueStore.ts';
import { SubscriptionStore } from './SubscriptionStore.ts';

export type DetailStatus = 'loading' | 'ready' | 'not-found' | 'error';

/**
 * What opening an item reads in its one detail request; comments, history, sub-issues and the
 * lookups (states, labels, members) have their own reads.
 */
export const DETAIL_EXPANSIONS: readonly IssueExpansion[] = [
  'issue_reactions',
  'issue_attachment',
  'issue_link',
  'issue_relation',
  'parent',
];

/** Overdue (spec §5): a target date on or before today while the state group is not completed or cancelled. */
export function isOverdue(
  issue: Pick<IssueRow, 'target_date' | 'state__group'>,
  today = new Date(),
): boolean {
  if (!issue.target_date) return false;
  if (issue.state__group === 'completed' || issue.state__group === 'cancelled') return false;
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return issue.target_date <= day;
}

/**
 * One open work item (peek or full page): the issue itself lives in the IssueStore; this
 * store loads and keeps its collections, and answers who may do what.
 */
export class IssueDetailStore {
  status: DetailStatus = 'loading';
  error: string | null = null;
  /** The parent in brief from the `parent` expansion, for when the IssueStore lacks its row. */
  parentBrief: IssueParent | null = null;

  readonly comments: CommentStore;
  readonly activity: ActivityStore;
  readonly links: LinkStore;
  readonly attachments: AttachmentStore;
  readonly relations: RelationStore;
  readonly subIssues: SubIssueStore;
  readonly reactions: ReactionStore;
  readonly subscription: SubscriptionStore;

  private unsubscribe: (() => void) | null = null;
  private unsubscribeLive: (() => void) | null = null;
  private disposed = false;

  constructor(
    readonly root: RootStore,
    readonly ref: IssueRef,
  ) {
    const me = () => root.user.user?.id;
    this.comments = new CommentStore(ref, me);
    this.activity = new ActivityStore(ref);
    this.links = new LinkStore(ref, root.issues);
    this.attachments = new AttachmentStore(ref, root.issues);
    this.relations = new RelationStore(ref);
    this.subIssues = new SubIssueStore(ref, root.issues);
    this.reactions = new ReactionStore(ref, me);
    this.subscription = new SubscriptionStore(ref);
    makeAutoObservable<IssueDetailStore, 'unsubscribe' | 'unsubscribeLive' | 'disposed'>(
      this,
      {
        root: false,
        ref: false,
        comments: false,
        activity: false,
        links: false,
        attachments: false,
        relations: false,
        subIssues: false,
        reactions: false,
        subscription: false,
        unsubscribe: false,
        unsubscribeLive: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  // ---- what is shown ----

  get issue(): Issue | undefined {
    return this.root.issues.get(this.ref.issueId);
  }

  get project(): Project | undefined {
    return this.root.projects.get(this.ref.slug, this.ref.projectId);
  }

  get currentUserId(): string | undefined {
    return this.root.user.user?.id;
  }

  /** The caller as the shared rights functions read it (`issueRights`, `commentRights`, …). */
  get caller(): IssueCaller {
    return { userId: this.currentUserId ?? '', role: this.role ?? 0 };
  }

  get role(): number | null {
    const project = this.project;
    if (!project) return null;
    return effectiveProjectRole(project, this.root.workspaces.get(this.ref.slug)?.role);
  }

  get isArchived(): boolean {
    return !!this.issue?.archived_at;
  }

  /** Sub-items and relations (their own P15 endpoints): members and above; archived items are read-only (api.md §5.14). */
  get canEdit(): boolean {
    return (this.role ?? 0) >= ROLE.MEMBER && !this.isArchived;
  }

  /**
   * Name, description and properties (the item's PATCH): role ≥ member or the item's creator
   * (`issueRights`, api.md §5.5: P15 +creator); archived items are read-only. Sub-items and
   * relations have their own P15 endpoints: `canEdit`.
   */
  get canEditFields(): boolean {
    const issue = this.issue;
    return !!issue && !this.isArchived && issueRights(issue, this.caller).canEdit;
  }

  /** Comments, reactions and attachments: anyone who can see the item (guests and viewers too). */
  get canInteract(): boolean {
    return this.role !== null && !this.isArchived;
  }

  get canArchive(): boolean {
    return (this.role ?? 0) >= ROLE.MEMBER;
  }

  /** Admins, or the item's creator (`issueRights`). */
  get canDelete(): boolean {
    const issue = this.issue;
    return !!issue && issueRights(issue, this.caller).canDelete;
  }

  get key(): string {
    const issue = this.issue;
    return `${this.project?.identifier ?? ''}-${issue?.sequence_id ?? ''}`;
  }

  get states(): State[] {
    return this.root.states.statesOf(this.ref.projectId);
  }

  get state(): State | undefined {
    const id = this.issue?.state_id;
    return this.states.find((s) => s.id === id);
  }

  /** Workspace users by id (names and avatars). */
  get users(): Map<string, UserLite> {
    return new Map(this.root.members.membersOf(this.ref.slug).map((m) => [m.member.id, m.member]));
  }

  userOf(id: string | null | undefined): UserLite | undefined {
    return id ? this.users.get(id) : undefined;
  }

  /** Who can be assigned: active project members with role ≥ member (api.md §5.6). */
  get assignable(): UserLite[] {
    const users = this.users;
    return this.root.projects
      .membersOf(this.ref.projectId)
      .filter((m) => m.is_active && m.role >= ROLE.MEMBER)
      .map((m) => users.get(m.member))
      .filter((u): u is UserLite => !!u)
      .sort((a, b) => a.display_name.localeCompare(b.display_name));
  }

  /** Who can be mentioned: every active project member. */
  get mentionable(): UserLite[] {
    const users = this.users;
    return this.root.projects
      .membersOf(this.ref.projectId)
      .filter((m) => m.is_active)
      .map((m) => users.get(m.member))
      .filter((u): u is UserLite => !!u && !u.is_bot)
      .sort((a, b) => a.display_name.localeCompare(b.display_name));
  }

  /** The parent's name and number: its row when the IssueStore has it, else the expansion's brief. */
  get parent(): Pick<Issue, 'id' | 'name' | 'sequence_id'> | undefined {
    const id = this.issue?.parent_id;
    if (!id) return undefined;
    return this.root.issues.get(id) ?? (this.parentBrief?.id === id ? this.parentBrief : undefined);
  }

  /** The points of the project's active estimate (empty when the project has none). */
  get estimatePoints() {
    const estimateId = this.project?.estimate;
    if (!estimateId) return [];
    const estimate = this.root.estimates.estimatesOf(this.ref.projectId).find((e) => e.id === estimateId);
    return estimate ? [...estimate.points].sort((a, b) => a.key - b.key) : [];
  }

  /** `IDENT` of a project of the workspace (relations may cross projects). */
  identifierOf(projectId: string): string {
    return this.root.projects.get(this.ref.slug, projectId)?.identifier ?? '';
  }

  // ---- loading ----

  /**
   * One detail request with the expansions (reactions, attachments, links, relations, parent)
   * seeds those stores; then, in parallel, comments, history, sub-issues and the lookups.
   */
  async load(): Promise<void> {
    this.disposed = false;
    if (!this.issue) this.status = 'loading';
    try {
      const parts = await this.root.issues.fetchDetail(
        this.ref.slug,
        this.ref.projectId,
        this.ref.issueId,
        DETAIL_EXPANSIONS,
      );
      runInAction(() => {
        this.status = 'ready';
        this.error = null;
        this.reactions.seed(parts.issue_reactions ?? []);
        this.attachments.seed(parts.issue_attachment ?? []);
        this.links.seed(parts.issue_link ?? []);
        this.relations.seed(parts.issue_relation ?? {});
        this.parentBrief = parts.parent ?? null;
        const subscribed = this.issue?.is_subscribed;
        if (subscribed !== undefined) this.subscription.seed(subscribed);
      });
      // Listened to from here on: the fetch above is not a change to record.
      if (!this.unsubscribe && !this.disposed)
        this.unsubscribe = this.root.issues.subscribe(this.onIssueChange);
      if (!this.unsubscribeLive && !this.disposed)
        this.unsubscribeLive = this.root.live.subscribe(this.onLiveSignal);
    } catch (error) {
      runInAction(() => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
          this.status = 'not-found';
        } else {
          this.status = 'error';
          this.error = error instanceof Error ? error.message : 'The work item could not be loaded';
        }
      });
      return;
    }
    await Promise.all([
      this.comments.fetch(),
      this.activity.fetch(),
      this.subIssues.fetch(),
      this.loadLookups(),
    ]);
  }

  /** States, labels, members, project members, estimates, projects (for keys), cycles and modules, once each. */
  private async loadLookups(): Promise<void> {
    const { slug, projectId } = this.ref;
    const r = this.root;
    const tasks: Promise<unknown>[] = [];
    if (!r.states.isLoaded(projectId)) tasks.push(r.states.fetch(slug, projectId));
    if (!r.labels.isLoaded(projectId)) tasks.push(r.labels.fetch(slug, projectId));
    if (!r.members.isLoaded(slug)) tasks.push(r.members.fetchMembers(slug));
    if (!r.projects.membersLoaded(projectId)) tasks.push(r.projects.fetchMembers(slug, projectId));
    if (this.project?.estimate && !r.estimates.isLoaded(projectId))
      tasks.push(r.estimates.fetch(slug, projectId));
    if (!r.projects.isLoaded(slug)) tasks.push(r.projects.fetchProjects(slug));
    await Promise.allSettled(tasks);
    // The cycle and module pickers (after the projects: they follow the project's features).
    if (this.project?.cycle_view) r.cycles.ensure(slug, projectId);
    if (this.project?.module_view) r.modules.ensure(slug, projectId);
  }

  /** The parent's row (name and key) after the parent changed, when the IssueStore lacks it. */
  async ensureParent(): Promise<void> {
    const parentId = this.issue?.parent_id;
    if (!parentId || this.root.issues.has(parentId) || this.parentBrief?.id === parentId) return;
    try {
      const rows = await api.get<IssueRow[]>(
        `${projectPath(this.ref.slug, this.ref.projectId)}/issues/list/?issues=${encodeURIComponent(parentId)}`,
      );
      runInAction(() => this.root.issues.upsertMany(rows));
    } catch {
      // The parent shows as its id only.
    }
  }

  /** Keeps the history and the children in step with changes made anywhere (board, peek, page). */
  /** Comments written elsewhere (another tab or user) appear here; after missed events, all is read again. */
  private onLiveSignal(signal: LiveSignal): void {
    if (this.disposed) return;
    if (signal.kind === 'resync') {
      void this.load();
      return;
    }
    const { event } = signal;
    if (event.entity === 'issue_comment' && event.data.issue_id === this.ref.issueId) {
      void this.comments.fetch();
      this.activity.refreshSoon();
    }
  }

  private onIssueChange(change: IssueChange): void {
    if (this.disposed) return;
    if (change.type === 'upsert') {
      const { before, after } = change;
      if (after.id === this.ref.issueId) {
        if (before !== after) this.activity.refreshSoon();
        if (after.parent_id !== before?.parent_id) void this.ensureParent();
        return;
      }
      const wasChild = this.subIssues.ids.includes(after.id);
      if (after.parent_id === this.ref.issueId && !wasChild && !after.tempId) {
        this.subIssues.ids.push(after.id);
      } else if (wasChild && after.parent_id !== this.ref.issueId && before?.parent_id === this.ref.issueId) {
        this.subIssues.ids = this.subIssues.ids.filter((id) => id !== after.id);
      }
    } else if (change.type === 'remove' && this.subIssues.ids.includes(change.issue.id)) {
      this.subIssues.ids = this.subIssues.ids.filter((id) => id !== change.issue.id);
    }
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.unsubscribeLive?.();
    this.unsubscribeLive = null;
    this.activity.dispose();
  }

  // ---- actions (each toasts its own failure; resolve to success) ----

  async update(patch: UpdateIssueBody, fallback = 'The work item could not be updated'): Promise<boolean> {
    try {
      await this.root.issues.update(this.ref.slug, this.ref.projectId, this.ref.issueId, patch);
      return true;
    } catch (error) {
      toastError(error, fallback);
      return false;
    }
  }

  /** Archive: the server refuses unless the state group is completed or cancelled; its message is shown. */
  async archive(): Promise<void> {
    try {
      await this.root.issues.archive(this.ref.slug, this.ref.projectId, this.ref.issueId);
    } catch (error) {
      toastError(error, 'The work item could not be archived');
      throw error;
    }
  }

  async restore(): Promise<boolean> {
    try {
      await this.root.issues.restore(this.ref.slug, this.ref.projectId, this.ref.issueId);
      return true;
    } catch (error) {
      toastError(error, 'The work item could not be restored');
      return false;
    }
  }

  async remove(): Promise<void> {
    try {
      await this.root.issues.remove(this.ref.slug, this.ref.projectId, this.ref.issueId);
    } catch (error) {
      toastError(error, 'The work item could not be deleted');
      throw error;
    }
  }
}
