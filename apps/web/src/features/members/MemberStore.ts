import type { WorkspaceMember } from '@kite/shared/contracts';
import type { Role } from '@kite/shared/domain';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';

export function memberName(member: WorkspaceMember): string {
  const m = member.member;
  return `${m.first_name} ${m.last_name}`.trim() || m.display_name || m.email || 'Unknown member';
}

/** Workspace members, per workspace slug, keyed by WorkspaceMember id. */
export class MemberStore {
  private readonly byWorkspace = observable.map<string, ObservableMap<string, WorkspaceMember>>();

  constructor() {
    makeAutoObservable<MemberStore, 'byWorkspace'>(this, { byWorkspace: false }, { autoBind: true });
  }

  isLoaded(slug: string): boolean {
    return this.byWorkspace.has(slug);
  }

  /** Members sorted by name. */
  membersOf(slug: string): WorkspaceMember[] {
    const members = this.byWorkspace.get(slug);
    if (!members) return [];
    return [...members.values()].sort((a, b) => memberName(a).localeCompare(memberName(b)));
  }

  async fetchMembers(slug: string): Promise<WorkspaceMember[]> {
    const members = await api.get<WorkspaceMember[]>(`/api/workspaces/${seg(slug)}/members/`);
    runInAction(() => {
      this.byWorkspace.set(slug, observable.map(members.map((m) => [m.id, m])));
    });
    return members;
  }

  /** Changes a role at once; rolled back if the server refuses (e.g. LAST_ADMIN). */
  async updateRole(slug: string, memberId: string, role: Role): Promise<void> {
    const members = this.byWorkspace.get(slug);
    const before = members?.get(memberId);
    if (members && before) members.set(memberId, { ...before, role });
    try {
      const updated = await api.patch<WorkspaceMember>(
        `/api/workspaces/${seg(slug)}/members/${seg(memberId)}/`,
        {
          role,
        },
      );
      runInAction(() => {
        members?.set(memberId, updated);
      });
    } catch (error) {
      runInAction(() => {
        if (members && before) members.set(memberId, before);
      });
      throw error;
    }
  }

  /** Removes a member at once; put back if the server refuses. */
  async remove(slug: string, memberId: string): Promise<void> {
    const members = this.byWorkspace.get(slug);
    const before = members?.get(memberId);
    members?.delete(memberId);
    try {
      await api.delete(`/api/workspaces/${seg(slug)}/members/${seg(memberId)}/`);
    } catch (error) {
      runInAction(() => {
        if (members && before) members.set(memberId, before);
      });
      throw error;
    }
  }

  forget(slug: string): void {
    this.byWorkspace.delete(slug);
  }

  reset(): void {
    this.byWorkspace.clear();
  }
}
