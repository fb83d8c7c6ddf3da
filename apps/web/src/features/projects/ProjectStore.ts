import type { CreateProjectBody, Project, ProjectMember, UpdateProjectBody } from '@kite/shared/contracts';
import type { Role } from '@kite/shared/domain';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';
import { ApiError } from '../../lib/apiError.ts';

export type ProjectOrdering =
  | 'sort_order'
  | 'name'
  | '-name'
  | 'created_at'
  | '-created_at'
  | 'members_length'
  | '-members_length';

export const PROJECT_ORDERING_LABELS: Record<ProjectOrdering, string> = {
  sort_order: 'Manual',
  name: 'Name A–Z',
  '-name': 'Name Z–A',
  created_at: 'Oldest first',
  '-created_at': 'Newest first',
  members_length: 'Fewest members',
  '-members_length': 'Most members',
};

/** `{p}`: the base path of one project. */
export const projectPath = (slug: string, projectId: string) =>
  `/api/workspaces/${seg(slug)}/projects/${seg(projectId)}`;

/** Projects per workspace slug (server order kept), and each project's members. */
export class ProjectStore {
  private readonly byWorkspace = observable.map<string, ObservableMap<string, Project>>();
  private readonly membersByProject = observable.map<string, ObservableMap<string, ProjectMember>>();
  /** Workspaces whose whole list arrived (a single project read on a deep link is not the list). */
  private readonly listed = observable.set<string>();

  constructor() {
    makeAutoObservable<ProjectStore, 'byWorkspace' | 'membersByProject' | 'listed' | 'latestRequest'>(
      this,
      { byWorkspace: false, membersByProject: false, listed: false, latestRequest: false },
      { autoBind: true },
    );
  }

  isLoaded(slug: string): boolean {
    return this.listed.has(slug);
  }

  /** In the order the server answered (the chosen order_by). */
  projectsOf(slug: string): Project[] {
    const projects = this.byWorkspace.get(slug);
    return projects ? [...projects.values()] : [];
  }

  /** The caller's active projects for the sidebar: favorites first, then by name. */
  joinedOf(slug: string): Project[] {
    return this.projectsOf(slug)
      .filter((p) => p.is_member && !p.archived_at)
      .sort((a, b) => Number(b.is_favorite) - Number(a.is_favorite) || a.name.localeCompare(b.name));
  }

  get(slug: string, projectId: string): Project | undefined {
    return this.byWorkspace.get(slug)?.get(projectId);
  }

  private put(slug: string, project: Project): void {
    let projects = this.byWorkspace.get(slug);
    if (!projects) {
      projects = observable.map<string, Project>();
      this.byWorkspace.set(slug, projects);
    }
    projects.set(project.id, project);
  }

  /** Only the latest list request of a workspace is applied (an older answer arriving late is dropped). */
  private readonly latestRequest = new Map<string, number>();

  async fetchProjects(slug: string, orderBy: ProjectOrdering = 'created_at'): Promise<Project[]> {
    const ticket = (this.latestRequest.get(slug) ?? 0) + 1;
    this.latestRequest.set(slug, ticket);
    const projects = await api.get<Project[]>(
      `/api/workspaces/${seg(slug)}/projects/?order_by=${encodeURIComponent(orderBy)}`,
    );
    runInAction(() => {
      if (this.latestRequest.get(slug) !== ticket) return;
      this.byWorkspace.set(slug, observable.map(projects.map((p) => [p.id, p])));
      this.listed.add(slug);
    });
    return projects;
  }

  async fetchProject(slug: string, projectId: string): Promise<Project> {
    const project = await api.get<Project>(`${projectPath(slug, projectId)}/`);
    runInAction(() => this.put(slug, project));
    return project;
  }

  /** Identifiers in the workspace matching the (sanitised) candidate; taken when `exists > 0`. */
  async checkIdentifier(
    slug: string,
    identifier: string,
  ): Promise<{ exists: number; identifiers: string[] }> {
    return api.get(
      `/api/workspaces/${seg(slug)}/project-identifiers/?name=${encodeURIComponent(identifier)}`,
    );
  }

  async create(slug: string, body: CreateProjectBody): Promise<Project> {
    const project = await api.post<Project>(`/api/workspaces/${seg(slug)}/projects/`, body);
    runInAction(() => this.put(slug, project));
    return project;
  }

  /** Applied at once, rolled back if the server refuses. */
  async update(slug: string, projectId: string, patch: UpdateProjectBody): Promise<Project> {
    const before = this.get(slug, projectId);
    if (before) this.put(slug, { ...before, ...(patch as Partial<Project>) });
    try {
      const project = await api.patch<Project>(`${projectPath(slug, projectId)}/`, patch);
      runInAction(() => this.put(slug, project));
      return project;
    } catch (error) {
      runInAction(() => {
        if (before) this.put(slug, before);
      });
      throw error;
    }
  }

  /** Star or unstar at once; rolled back if the server refuses. */
  async toggleFavorite(slug: string, projectId: string): Promise<void> {
    const before = this.get(slug, projectId);
    if (!before) return;
    const next = !before.is_favorite;
    this.put(slug, { ...before, is_favorite: next });
    try {
      if (next)
        await api.post(`/api/workspaces/${seg(slug)}/user-favorite-projects/`, { project: projectId });
      else await api.delete(`/api/workspaces/${seg(slug)}/user-favorite-projects/${seg(projectId)}/`);
    } catch (error) {
      runInAction(() => {
        const current = this.get(slug, projectId);
        if (current) this.put(slug, { ...current, is_favorite: before.is_favorite });
      });
      throw error;
    }
  }

  /** Joins a public project with the caller's workspace role. */
  async join(slug: string, projectId: string): Promise<void> {
    await api.post(`/api/users/me/workspaces/${seg(slug)}/projects/invitations/`, {
      project_ids: [projectId],
    });
    await this.fetchProject(slug, projectId);
  }

  async archive(slug: string, projectId: string): Promise<void> {
    const answer = await api.post<{ archived_at: string }>(`${projectPath(slug, projectId)}/archive/`);
    runInAction(() => {
      const p = this.get(slug, projectId);
      if (p) this.put(slug, { ...p, archived_at: answer.archived_at });
    });
  }

  async restore(slug: string, projectId: string): Promise<void> {
    await api.delete(`${projectPath(slug, projectId)}/archive/`);
    runInAction(() => {
      const p = this.get(slug, projectId);
      if (p) this.put(slug, { ...p, archived_at: null });
    });
  }

  async remove(slug: string, projectId: string): Promise<void> {
    await api.delete(`${projectPath(slug, projectId)}/`);
    runInAction(() => this.forgetProject(slug, projectId));
  }

  /**
   * Another tab changed, archived or deleted a project (a live event): a project held here is read
   * again, or forgotten when it is gone. Projects this tab never read stay unread.
   */
  async refreshProject(slug: string, projectId: string, deleted: boolean): Promise<void> {
    if (!this.get(slug, projectId)) return;
    if (deleted) return this.forgetProject(slug, projectId);
    try {
      await this.fetchProject(slug, projectId);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      runInAction(() => this.forgetProject(slug, projectId));
    }
  }

  private forgetProject(slug: string, projectId: string): void {
    this.byWorkspace.get(slug)?.delete(projectId);
    this.membersByProject.delete(projectId);
  }

  // ---- members ----

  membersLoaded(projectId: string): boolean {
    return this.membersByProject.has(projectId);
  }

  membersOf(projectId: string): ProjectMember[] {
    const members = this.membersByProject.get(projectId);
    return members ? [...members.values()] : [];
  }

  async fetchMembers(slug: string, projectId: string): Promise<ProjectMember[]> {
    const members = await api.get<ProjectMember[]>(`${projectPath(slug, projectId)}/members/`);
    runInAction(() => {
      this.membersByProject.set(projectId, observable.map(members.map((m) => [m.id, m])));
    });
    return members;
  }

  async addMembers(
    slug: string,
    projectId: string,
    rows: { member_id: string; role: Role }[],
  ): Promise<void> {
    const added = await api.post<ProjectMember[]>(`${projectPath(slug, projectId)}/members/`, {
      members: rows,
    });
    runInAction(() => {
      let members = this.membersByProject.get(projectId);
      if (!members) {
        members = observable.map<string, ProjectMember>();
        this.membersByProject.set(projectId, members);
      }
      for (const m of added) members.set(m.id, m);
    });
  }

  /** Changes a role at once; rolled back if the server refuses (ROLE_TOO_HIGH, LAST_ADMIN). */
  async updateMemberRole(slug: string, projectId: string, memberId: string, role: Role): Promise<void> {
    const members = this.membersByProject.get(projectId);
    const before = members?.get(memberId);
    if (members && before) members.set(memberId, { ...before, role });
    try {
      const updated = await api.patch<ProjectMember>(
        `${projectPath(slug, projectId)}/members/${seg(memberId)}/`,
        {
          role,
        },
      );
      runInAction(() => members?.set(memberId, updated));
    } catch (error) {
      runInAction(() => {
        if (members && before) members.set(memberId, before);
      });
      throw error;
    }
  }

  /** Removes at once; put back if the server refuses. */
  async removeMember(slug: string, projectId: string, memberId: string): Promise<void> {
    const members = this.membersByProject.get(projectId);
    const before = members?.get(memberId);
    members?.delete(memberId);
    try {
      await api.delete(`${projectPath(slug, projectId)}/members/${seg(memberId)}/`);
    } catch (error) {
      runInAction(() => {
        if (members && before) members.set(memberId, before);
      });
      throw error;
    }
  }

  /** Leaves the project; it stays listed only when public (then as not joined). */
  async leave(slug: string, projectId: string): Promise<void> {
    await api.post(`${projectPath(slug, projectId)}/members/leave/`);
    runInAction(() => {
      this.membersByProject.delete(projectId);
      const p = this.get(slug, projectId);
      if (!p) return;
      if (p.network === 2) this.put(slug, { ...p, is_member: false, member_role: null, is_favorite: false });
      else this.byWorkspace.get(slug)?.delete(projectId);
    });
  }

  reset(): void {
    this.byWorkspace.clear();
    this.listed.clear();
    this.membersByProject.clear();
  }
}
