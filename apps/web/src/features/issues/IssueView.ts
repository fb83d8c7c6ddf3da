import type {
  CreateIssueBody,
  DisplayFilters,
  DisplayProperties,
  Filters,
  Label,
  Project,
  State,
  UpdateIssueBody,
  UserLite,
} from '@kite/shared/contracts';
import { ROLE, STATE_GROUP_COLORS } from '@kite/shared/domain';
import { makeAutoObservable, observable } from 'mobx';
import type { RootStore } from '../../app/RootStore.ts';
import { KeyedValue } from '../../lib/KeyedValue.ts';
import { toastError, toastSuccess } from '../../ui/toast.ts';
import { PRIORITY_LABELS } from '../public-board/PriorityIcon.tsx';
import { formatDay, rangeParams } from './layouts/calendar/range.ts';
import {
  ALL_GROUP,
  effectiveGrouping,
  type GroupBy,
  isDroppableGroupBy,
  type Layout,
  type ListContextKind,
  NONE_GROUP,
} from './store/displayFilters.ts';
import type { FilterSet } from './store/IssueFilterStore.ts';
import type { IssueList, ListHolds, ListLoader, ListRequest } from './store/IssueListStore.ts';
import type { Issue } from './store/IssueStore.ts';

/** The property menus a row or card can open (and the keyboard opens on the focused issue). */
export type PropertyMenu = 'state' | 'priority' | 'assignees' | 'labels' | 'cycle' | 'modules';

/** The project features behind the cycle and module properties (api.md §4.2). */
export type PlanningFeature = 'cycle_view' | 'module_view';

/** Rows per group and per "load more", by layout; sub-grouped boards ask for fewer per cell. */
export const PER_PAGE: Record<Layout, number> = {
  list: 50,
  kanban: 30,
  spreadsheet: 100,
  calendar: 1000,
  gantt_chart: 100,
};
export const SUB_GROUPED_PER_PAGE = 10;

export interface GroupMeta {
  label: string;
  /** A dot colour (states, state groups, labels). */
  color?: string;
  /** The user behind an assignee / creator group. */
  user?: UserLite;
}

/**
 * A list other than the project's own: its keys, endpoint and fixed params. What it may do
 * follows from the view's context: see `crossProject` and `holds`.
 */
export interface ListScope {
  /** Key of the display settings (e.g. `profile:<slug>`). */
  settingsKey: string;
  /** Where the server keeps those settings (a cycle's user properties); else they stay in this browser. */
  settingsPath?: string;
  /** Key of the lists (one per layout), e.g. `<userId>:assigned`. */
  listKey: string;
  /** The list endpoint. */
  path: string;
  /** Params every request carries (e.g. `assignees=<userId>`). */
  params?: Record<string, string>;
  /** What an item created in this list starts with (a cycle's page puts it in the cycle). */
  itemDefaults?: Partial<CreateIssueBody>;
  /** Which items the list holds, so that an item moved in or out elsewhere joins or leaves it. */
  member?: (issue: Issue) => boolean;
}

/** What a row or card offers beside its properties in the archive and in drafts. */
export type ItemActionId = 'restore' | 'publish' | 'delete';

const STATE_GROUP_NAMES: Record<string, string> = {
  backlog: 'Backlog',
  unstarted: 'Unstarted',
  started: 'Started',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * Everything a layout needs about the project issues screen, in one object: the list and its
 * settings, lookups (states, labels, members, group names), the shared UI state (focused
 * issue, open property menu, collapsed groups, create dialog) and the actions, each with its
 * error toast. The spreadsheet, calendar and gantt layouts get the same object.
 */
export class IssueView {
  /**
   * The focused issue and the issue whose property menu is open, observed per issue: each card
   * asks about itself, so moving the focus or opening a menu re-renders two cards, not the board.
   */
  private readonly focused = new KeyedValue<true>();
  private readonly menus = new KeyedValue<PropertyMenu>();
  createOpen = false;
  createDefaults: Partial<CreateIssueBody> = {};
  /** The draft open in the dialog for editing (drafts open there, not in the peek). */
  editingDraftId: string | null = null;
  /** The draft waiting for the delete confirmation. */
  deletingDraftId: string | null = null;
  /** A day of the calendar's visible month or week (the calendar fetches only that range). */
  calendarDate = formatDay(new Date());
  readonly collapsed = observable.set<string>();
  /** Rows picked for bulk edits (list and spreadsheet); a map so each row observes only its own key. */
  private readonly selection = observable.map<string, true>();

  constructor(
    readonly stores: RootStore,
    readonly slug: string,
    readonly projectId: string,
    private readonly onOpenPeek: (issueId: string) => void,
    readonly context: ListContextKind = 'project',
    readonly scope: ListScope | null = null,
  ) {
    makeAutoObservable<IssueView, 'onOpenPeek' | 'selection'>(
      this,
      {
        stores: false,
        slug: false,
        projectId: false,
        context: false,
        scope: false,
        onOpenPeek: false,
        selection: false,
      },
      { autoBind: true },
    );
  }

  // ---- settings ----

  get project(): Project | undefined {
    return this.stores.projects.get(this.slug, this.projectId);
  }

  /** Which items the list holds: the archive's, the drafts' or live ones. */
  get holds(): ListHolds {
    return this.context === 'archived' || this.context === 'draft' ? this.context : 'live';
  }

  /**
   * A member's profile and the workspace views span the caller's projects: no create, quick add
   * or drag there (roles differ by project); each item is edited by the role in its own project
   * (`canEditIssue`). Archived items are read-only (api.md §5.14); drafts are edited like live
   * items, at their own endpoint.
   */
  get crossProject(): boolean {
    return this.context === 'profile' || this.context === 'workspace';
  }

  /** Whose display settings: the project's, or the scope's. */
  get settingsKey(): string {
    return this.scope?.settingsKey ?? this.projectId;
  }

  get settings(): FilterSet {
    return this.stores.issueFilters.of(this.settingsKey, this.context);
  }

  get filters(): Filters {
    return this.settings.filters;
  }

  /**
   * The stored display settings, less a grouping by cycles or modules the project has switched
   * off (the stored one comes back with the feature).
   */
  get displayFilters(): DisplayFilters {
    const df = this.settings.displayFilters;
    const off = (g: GroupBy | null) => g !== null && !this.groupByAvailable(g);
    if (!off(df.group_by) && !off(df.sub_group_by)) return df;
    return {
      ...df,
      group_by: off(df.group_by) ? null : df.group_by,
      sub_group_by: off(df.sub_group_by) ? null : df.sub_group_by,
    };
  }

  /** Whether the project (an item's own, across projects) has cycles or modules switched on. */
  planningOn(feature: PlanningFeature, projectId = this.projectId): boolean {
    return this.stores.projects.get(this.slug, projectId)?.[feature] ?? false;
  }

  /**
   * Whether `groupBy` means something here: by project only across projects; by cycle or
   * module only where the project uses them (across projects, always).
   */
  groupByAvailable(groupBy: GroupBy): boolean {
    if (groupBy === 'project') return this.crossProject;
    if (this.crossProject) return true;
    if (groupBy === 'cycle') return this.planningOn('cycle_view');
    if (groupBy === 'module') return this.planningOn('module_view');
    return true;
  }

  get displayProperties(): DisplayProperties {
    return this.settings.displayProperties;
  }

  get layout(): Layout {
    return this.displayFilters.layout;
  }

  get listKey(): string {
    return `${this.context}:${this.scope?.listKey ?? this.projectId}:${this.layout}`;
  }

  get list(): IssueList | undefined {
    return this.stores.issueLists.get(this.listKey);
  }

  get grouping(): { groupBy: GroupBy | null; subGroupBy: GroupBy | null } {
    return effectiveGrouping(this.displayFilters);
  }

  /** Spec §5: drag and drop only with a group_by (and only into groups whose property can be set). */
  get canDrag(): boolean {
    return this.canEdit && this.grouping.groupBy !== null;
  }

  get canDropBetweenGroups(): boolean {
    return isDroppableGroupBy(this.grouping.groupBy);
  }

  /** Members and above create and edit work items; not in lists across projects, nor in the archive. */
  get canEdit(): boolean {
    if (this.crossProject || this.holds === 'archived') return false;
    return this.isMember;
  }

  private get isMember(): boolean {
    return (this.project?.member_role ?? 0) >= ROLE.MEMBER;
  }

  /**
   * Whether the viewer may change this item's properties: as `canEdit` in a project's list; in
   * a list across projects, by the role in the item's own project (as on its page).
   */
  canEditIssue(issue: Issue): boolean {
    if (issue.tempId) return false;
    if (!this.crossProject) return this.canEdit;
    return (this.stores.projects.get(this.slug, issue.project_id)?.member_role ?? 0) >= ROLE.MEMBER;
  }

  /** Loads a project's members for the assignee menu of a list across projects (once). */
  ensureMembers(projectId: string): void {
    if (!projectId || this.stores.projects.membersLoaded(projectId)) return;
    this.stores.projects.fetchMembers(this.slug, projectId).catch(() => undefined);
  }

  /** Bulk edits (api.md §5.12) are for the project's live items and those who may edit them. */
  get canSelect(): boolean {
    return this.canEdit && this.holds === 'live';
  }

  /** The buttons each row or card shows: restore in the archive (members), publish and delete in drafts. */
  get itemActions(): readonly ItemActionId[] {
    if (this.holds === 'archived') return this.isMember ? ['restore'] : [];
    if (this.holds === 'draft') return this.isMember ? ['publish', 'delete'] : [];
    return [];
  }

  get request(): ListRequest {
    const df = this.displayFilters;
    const { subGroupBy } = effectiveGrouping(df);
    const range =
      df.layout === 'calendar'
        ? rangeParams(this.calendarDate, df.calendar?.layout ?? 'month', this.filters.target_date)
        : undefined;
    return {
      path:
        this.scope?.path ??
        `/api/workspaces/${encodeURIComponent(this.slug)}/projects/${encodeURIComponent(this.projectId)}/issues/`,
      projectId: this.crossProject ? null : this.projectId,
      holds: this.holds,
      filters: this.filters,
      displayFilters: df,
      perPage: subGroupBy ? SUB_GROUPED_PER_PAGE : PER_PAGE[df.layout],
      extra: this.scope?.params ? { ...this.scope.params, ...range } : range,
      member: this.scope?.member,
    };
  }

  /** Moves the calendar to the period around `day` and fetches its items. */
  setCalendarDate(day: string): void {
    this.calendarDate = day;
    void this.fetch();
  }

  /** The first page of the current layout's list; a refetch keeps the old rows on screen. */
  async fetch(loader?: ListLoader): Promise<void> {
    try {
      await this.stores.issueLists.fetch(this.listKey, this.request, loader);
    } catch {
      // The list keeps the message (list.error) and the screen shows it.
    }
  }

  async setDisplayFilters(patch: Partial<DisplayFilters>): Promise<void> {
    const previousKey = this.listKey;
    const { result, saved } = this.stores.issueFilters.updateDisplayFilters(
      this.slug,
      this.settingsKey,
      patch,
      this.context,
    );
    const layoutChanged = previousKey !== this.listKey;
    if (result.refetch || (layoutChanged && !this.list?.loaded)) void this.fetch();
    else if (layoutChanged) void this.fetch('mutation');
    try {
      await saved;
    } catch (error) {
      toastError(error, 'The display settings could not be saved');
    }
  }

  async setFilters(patch: Partial<Filters>): Promise<void> {
    const { result, saved } = this.stores.issueFilters.updateFilters(this.slug, this.settingsKey, patch);
    if (result.refetch) void this.fetch();
    try {
      await saved;
    } catch (error) {
      toastError(error, 'The filters could not be saved');
    }
  }

  clearFilters(): Promise<void> {
    const cleared = Object.fromEntries(Object.keys(this.filters).map((k) => [k, null])) as Partial<Filters>;
    return this.setFilters(cleared);
  }

  async setDisplayProperty(key: keyof DisplayProperties, value: boolean): Promise<void> {
    try {
      await this.stores.issueFilters.updateDisplayProperties(this.slug, this.settingsKey, {
        [key]: value,
      });
    } catch (error) {
      toastError(error, 'The display properties could not be saved');
    }
  }

  /** Whether a display property applies here: the cycle and module ones where the project uses them. */
  propertyAvailable(key: keyof DisplayProperties): boolean {
    if (key === 'cycle') return this.groupByAvailable('cycle');
    if (key === 'modules') return this.groupByAvailable('module');
    return true;
  }

  // ---- lookups ----

  issue(id: string): Issue | undefined {
    return this.stores.issues.get(id);
  }

  issueKey(issue: Pick<Issue, 'sequence_id' | 'tempId'> & { project_id?: string }): string {
    // Across projects each item carries its own project's identifier.
    const project =
      this.crossProject && issue.project_id
        ? this.stores.projects.get(this.slug, issue.project_id)
        : this.project;
    if (issue.tempId) return `${project?.identifier ?? ''}-…`;
    return `${project?.identifier ?? ''}-${issue.sequence_id}`;
  }

  get states(): State[] {
    return this.statesIn(this.projectId);
  }

  /** A project's states (a list across projects edits each item with its own project's). */
  statesIn(projectId: string): State[] {
    return this.stores.states.statesOf(projectId);
  }

  stateOf(id: string): State | undefined {
    if (this.crossProject) return this.stores.states.find(id);
    return this.states.find((s) => s.id === id);
  }

  get labels(): Label[] {
    return this.labelsIn(this.projectId);
  }

  labelsIn(projectId: string): Label[] {
    return this.stores.labels.labelsOf(projectId);
  }

  labelOf(id: string): Label | undefined {
    if (this.crossProject) return this.stores.labels.find(id);
    return this.labels.find((l) => l.id === id);
  }

  /** Workspace users by id (names and avatars of assignees and creators). */
  get users(): Map<string, UserLite> {
    return new Map(this.stores.members.membersOf(this.slug).map((m) => [m.member.id, m.member]));
  }

  userOf(id: string): UserLite | undefined {
    return this.users.get(id);
  }

  /** Who can be assigned: active project members with role ≥ member (api.md §5.6). */
  get assignable(): UserLite[] {
    return this.assignableIn(this.projectId);
  }

  assignableIn(projectId: string): UserLite[] {
    const users = this.users;
    return this.stores.projects
      .membersOf(projectId)
      .filter((m) => m.is_active && m.role >= ROLE.MEMBER)
      .map((m) => users.get(m.member))
      .filter((u): u is UserLite => !!u)
      .sort((a, b) => a.display_name.localeCompare(b.display_name));
  }

  /** Project members (filters by creator or assignee offer them all). */
  get projectUsers(): UserLite[] {
    const users = this.users;
    return this.stores.projects
      .membersOf(this.projectId)
      .map((m) => users.get(m.member))
      .filter((u): u is UserLite => !!u)
      .sort((a, b) => a.display_name.localeCompare(b.display_name));
  }

  groupMeta(groupBy: GroupBy | null, key: string): GroupMeta {
    if (!groupBy || key === ALL_GROUP) return { label: 'All work items' };
    switch (groupBy) {
      case 'state': {
        const state = this.stateOf(key);
        return { label: state?.name ?? 'Unknown state', color: state?.color };
      }
      case 'state_detail.group':
        return {
          label: STATE_GROUP_NAMES[key] ?? key,
          color: STATE_GROUP_COLORS[key as keyof typeof STATE_GROUP_COLORS],
        };
      case 'priority':
        return { label: PRIORITY_LABELS[key] ?? key };
      case 'labels': {
        if (key === NONE_GROUP) return { label: 'No labels' };
        const label = this.labelOf(key);
        return { label: label?.name ?? 'Unknown label', color: label?.color || '#9ca3af' };
      }
      case 'assignees':
      case 'created_by': {
        if (key === NONE_GROUP) return { label: groupBy === 'assignees' ? 'Unassigned' : 'Unknown' };
        const user = this.userOf(key);
        return { label: user?.display_name ?? 'Unknown member', user };
      }
      case 'cycle':
        if (key === NONE_GROUP) return { label: 'No cycle' };
        return { label: this.stores.cycles.find(key)?.name ?? 'Cycle' };
      case 'module':
        if (key === NONE_GROUP) return { label: 'No module' };
        return { label: this.stores.modules.find(key)?.name ?? 'Module' };
      case 'target_date':
        return { label: key === NONE_GROUP ? 'No due date' : key };
      case 'project':
        return { label: this.stores.projects.get(this.slug, key)?.name ?? 'Project' };
    }
  }

  /** The property values of a group, to prefill the create dialog from a group's "+". */
  groupDefaults(group: string): Partial<CreateIssueBody> {
    if (group === NONE_GROUP || group === ALL_GROUP) return {};
    switch (this.grouping.groupBy) {
      case 'state':
        return { state_id: group };
      case 'priority':
        return { priority: group as CreateIssueBody['priority'] };
      case 'labels':
        return { label_ids: [group] };
      case 'assignees':
        return { assignee_ids: [group] };
      case 'target_date':
        return { target_date: group };
      case 'cycle':
        return { cycle_id: group };
      case 'module':
        return { module_ids: [group] };
      default:
        return {};
    }
  }

  isCollapsed(group: string): boolean {
    return this.collapsed.has(group);
  }

  toggleCollapsed(group: string): void {
    if (this.collapsed.has(group)) this.collapsed.delete(group);
    else this.collapsed.add(group);
  }

  // ---- actions (each toasts its own failure) ----

  /** Opens an item: in the peek (or the page the scope's screen chose), a draft in the dialog. */
  openPeek(issueId: string): void {
    if (issueId.startsWith('temp-')) return;
    this.focused.set(issueId, true);
    if (this.holds === 'draft') {
      this.openEditDraft(issueId);
      return;
    }
    this.onOpenPeek(issueId);
  }

  async updateIssue(issueId: string, patch: UpdateIssueBody): Promise<boolean> {
    // Written at the item's own project (lists across projects hold many).
    const projectId = this.issue(issueId)?.project_id || this.projectId;
    try {
      await this.stores.issues.update(this.slug, projectId, issueId, patch);
      return true;
    } catch (error) {
      toastError(error, 'The work item could not be updated');
      return false;
    }
  }

  async quickAdd(name: string, group?: string, sub?: string | null): Promise<boolean> {
    try {
      await this.stores.issueLists.quickAdd(this.listKey, this.slug, this.projectId, {
        name,
        group,
        sub,
        body: { ...this.scope?.itemDefaults, ...(this.holds === 'draft' && { is_draft: true }) },
      });
      return true;
    } catch (error) {
      toastError(error, 'The work item could not be created');
      return false;
    }
  }

  /** Creates a work item (a draft when this is the draft list). */
  async create(body: CreateIssueBody): Promise<Issue> {
    const draft = this.holds === 'draft' ? { is_draft: true } : {};
    return this.stores.issues.create(this.slug, this.projectId, {
      ...this.scope?.itemDefaults,
      ...body,
      ...draft,
    });
  }

  /** Saves the draft open in the dialog (with `is_draft: false`, publishes it); rejects on failure. */
  editDraft(issueId: string, patch: UpdateIssueBody): Promise<Issue> {
    return this.stores.issues.update(this.slug, this.projectId, issueId, patch);
  }

  /** Runs a row's action: restore an archived item, publish a draft, or ask before deleting it. */
  runItemAction(action: ItemActionId, issueId: string): void {
    if (action === 'restore') void this.restore(issueId);
    else if (action === 'publish') void this.publish(issueId);
    else this.deletingDraftId = issueId;
  }

  /** DELETE `{i}/archive/`: the item leaves the archive and is back on the board. */
  async restore(issueId: string): Promise<boolean> {
    try {
      await this.stores.issues.restore(this.slug, this.projectId, issueId);
      toastSuccess(`${this.keyOf(issueId)} restored`);
      return true;
    } catch (error) {
      toastError(error, 'The work item could not be restored');
      return false;
    }
  }

  /** `PATCH {is_draft: false}` at the draft's path: it leaves the drafts and joins the project's lists. */
  async publish(issueId: string): Promise<boolean> {
    try {
      await this.editDraft(issueId, { is_draft: false });
      toastSuccess(`${this.keyOf(issueId)} published`);
      return true;
    } catch (error) {
      toastError(error, 'The draft could not be published');
      return false;
    }
  }

  /** Deletes the draft the confirmation asked about; rejects (the dialog stays open) on failure. */
  async deleteDraft(): Promise<void> {
    const id = this.deletingDraftId;
    if (!id) return;
    try {
      await this.stores.issues.remove(this.slug, this.projectId, id);
      this.deletingDraftId = null;
    } catch (error) {
      toastError(error, 'The draft could not be deleted');
      throw error;
    }
  }

  cancelDeleteDraft(): void {
    this.deletingDraftId = null;
  }

  private keyOf(issueId: string): string {
    const issue = this.issue(issueId);
    return issue ? this.issueKey(issue) : 'Work item';
  }

  async moveIssue(
    issueId: string,
    target: { group: string; sub?: string | null; index: number },
    source: { group: string; sub?: string | null },
  ): Promise<void> {
    if (!this.canDropBetweenGroups && (target.group !== source.group || target.sub !== source.sub)) return;
    try {
      await this.stores.issueLists.moveIssue(
        this.listKey,
        this.slug,
        this.projectId,
        issueId,
        target,
        source,
      );
    } catch (error) {
      toastError(error, 'The work item could not be moved');
    }
  }

  loadMore(group: string, sub?: string | null): void {
    this.stores.issueLists.loadMore(this.listKey, group, sub).catch((error) => toastError(error));
  }

  // ---- focus, menus, dialog ----

  get focusedId(): string | null {
    return this.focused.key;
  }

  /** Whether `issueId` has the keyboard focus (observed for that issue only). */
  isFocused(issueId: string): boolean {
    return this.focused.of(issueId) === true;
  }

  focus(issueId: string | null): void {
    this.focused.set(issueId, true);
  }

  /** Moves the focus `step` issues through the list in display order (collapsed groups skipped). */
  moveFocus(step: 1 | -1): void {
    const ids = this.visibleIds;
    if (ids.length === 0) return;
    const at = this.focusedId ? ids.indexOf(this.focusedId) : -1;
    const next =
      at === -1 ? (step === 1 ? 0 : ids.length - 1) : Math.min(ids.length - 1, Math.max(0, at + step));
    this.focused.set(ids[next] ?? null, true);
  }

  get visibleIds(): string[] {
    const list = this.list;
    if (!list) return [];
    const ids: string[] = [];
    const showEmpty = this.displayFilters.show_empty_groups;
    for (const group of list.visibleGroupKeys(showEmpty)) {
      if (this.isCollapsed(group)) continue;
      for (const sub of list.subGroupBy ? list.visibleSubGroupKeys(showEmpty) : [null])
        ids.push(...list.issueIds(group, sub));
    }
    return ids;
  }

  // ---- bulk selection ----

  /** Whether `issueId` is selected (observed for that issue only). */
  isSelected(issueId: string): boolean {
    return this.selection.has(issueId);
  }

  get hasSelection(): boolean {
    return this.selection.size > 0;
  }

  /** The selected items still shown, in display order (what a bulk edit applies to). */
  get selectedIds(): string[] {
    if (this.selection.size === 0) return [];
    return this.visibleIds.filter((id) => this.selection.has(id));
  }

  toggleSelected(issueId: string): void {
    if (!this.canSelect || issueId.startsWith('temp-')) return;
    if (this.selection.has(issueId)) this.selection.delete(issueId);
    else this.selection.set(issueId, true);
  }

  /** Selects `ids` (the spreadsheet's "select all"), or clears the selection with none. */
  setSelection(ids: readonly string[]): void {
    this.selection.replace(ids.filter((id) => !id.startsWith('temp-')).map((id) => [id, true] as const));
  }

  clearSelection(): void {
    this.selection.clear();
  }

  get openMenu(): { issueId: string; menu: PropertyMenu } | null {
    const { key, value } = this.menus;
    return key !== null && value ? { issueId: key, menu: value } : null;
  }

  setOpenMenu(issueId: string, menu: PropertyMenu | null): void {
    if (menu) this.menus.set(issueId, menu);
    else if (this.menus.key === issueId) this.menus.set(null);
  }

  /** Whether `menu` is open on `issueId` (observed for that issue only). */
  isMenuOpen(issueId: string, menu: PropertyMenu): boolean {
    return this.menus.of(issueId) === menu;
  }

  openCreate(defaults: Partial<CreateIssueBody> = {}): void {
    this.createDefaults = defaults;
    this.editingDraftId = null;
    this.createOpen = true;
  }

  /** The dialog, filled with a draft's fields; saving patches the draft. */
  openEditDraft(issueId: string): void {
    this.createDefaults = {};
    this.editingDraftId = issueId;
    this.createOpen = true;
  }

  closeCreate(): void {
    this.createOpen = false;
  }
}
