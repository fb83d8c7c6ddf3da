import type { Invitation, WorkspaceMember } from '@kite/shared/contracts';
import type { Role } from '@kite/shared/domain';
import { makeAutoObservable, type ObservableMap, observable, runInAction } from 'mobx';
import { api, seg } from '../../lib/api.ts';

export interface InviteRow {
  email: string;
  role: Role;
}

export function isPending(invitation: Invitation): boolean {
  return !invitation.accepted && invitation.responded_at === null;
}

/** Invitations a workspace sent (admin view) and invitations addressed to me. */
export class InvitationStore {
  private readonly byWorkspace = observable.map<string, ObservableMap<string, Invitation>>();
  mine: Invitation[] = [];
  mineLoaded = false;
  /** Invitations the user chose to ignore on this device for now (the API has no decline without the token). */
  readonly ignored = observable.set<string>();

  constructor() {
    makeAutoObservable<InvitationStore, 'byWorkspace'>(
      this,
      { byWorkspace: false, ignored: false },
      { autoBind: true },
    );
  }

  isLoaded(slug: string): boolean {
    return this.byWorkspace.has(slug);
  }

  /** Pending invitations of a workspace, newest first. */
  pendingOf(slug: string): Invitation[] {
    const invitations = this.byWorkspace.get(slug);
    if (!invitations) return [];
    return [...invitations.values()]
      .filter(isPending)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  async fetchWorkspaceInvitations(slug: string): Promise<Invitation[]> {
    const invitations = await api.get<Invitation[]>(`/api/workspaces/${seg(slug)}/invitations/`);
    runInAction(() => {
      this.byWorkspace.set(slug, observable.map(invitations.map((i) => [i.id, i])));
    });
    return invitations;
  }

  async invite(slug: string, rows: InviteRow[], message?: string): Promise<Invitation[]> {
    const created = await api.post<Invitation[]>(`/api/workspaces/${seg(slug)}/invitations/`, {
      emails: rows,
      ...(message ? { message } : {}),
    });
    runInAction(() => {
      let invitations = this.byWorkspace.get(slug);
      if (!invitations) {
        invitations = observable.map();
        this.byWorkspace.set(slug, invitations);
      }
      // Re-inviting a pending email replaces the old invitation on the server.
      const emails = new Set(created.map((i) => i.email));
      for (const [id, old] of invitations) if (emails.has(old.email)) invitations.delete(id);
      for (const invitation of created) invitations.set(invitation.id, invitation);
    });
    return created;
  }

  /** Revokes at once; restored if the server refuses. */
  async revoke(slug: string, invitationId: string): Promise<void> {
    const invitations = this.byWorkspace.get(slug);
    const before = invitations?.get(invitationId);
    invitations?.delete(invitationId);
    try {
      await api.delete(`/api/workspaces/${seg(slug)}/invitations/${seg(invitationId)}/`);
    } catch (error) {
      runInAction(() => {
        if (invitations && before) invitations.set(invitationId, before);
      });
      throw error;
    }
  }

  /** My pending invitations, minus the ones ignored here. */
  get pendingMine(): Invitation[] {
    return this.mine.filter((i) => isPending(i) && !this.ignored.has(i.id));
  }

  async fetchMine(): Promise<Invitation[]> {
    const invitations = await api.get<Invitation[]>('/api/users/me/workspaces/invitations/');
    runInAction(() => {
      this.mine = invitations;
      this.mineLoaded = true;
    });
    return invitations;
  }

  /** Accepts invitations addressed to me; they leave the pending list. */
  async acceptMine(ids: string[]): Promise<WorkspaceMember[]> {
    const members = await api.post<WorkspaceMember[]>('/api/users/me/workspaces/invitations/', {
      invitations: ids,
    });
    runInAction(() => {
      const accepted = new Set(ids);
      this.mine = this.mine.filter((i) => !accepted.has(i.id));
    });
    return members;
  }

  ignore(id: string): void {
    this.ignored.add(id);
  }

  /** Answers an emailed invitation link (token from the email). */
  respond(slug: string, invitationId: string, token: string, accepted: boolean): Promise<Invitation> {
    return api.post<Invitation>(`/api/workspaces/${seg(slug)}/invitations/${seg(invitationId)}/join/`, {
      token,
      accepted,
    });
  }

  forget(slug: string): void {
    this.byWorkspace.delete(slug);
  }

  reset(): void {
    this.byWorkspace.clear();
    this.mine = [];
    this.mineLoaded = false;
    this.ignored.clear();
  }
}
