import { SidebarStore } from '../features/app-shell/SidebarStore.ts';
import { InstanceStore } from '../features/instance/InstanceStore.ts';
import { InvitationStore } from '../features/invitations/InvitationStore.ts';
import { MemberStore } from '../features/members/MemberStore.ts';
import { UserStore } from '../features/user/UserStore.ts';
import { WorkspaceStore } from '../features/workspaces/WorkspaceStore.ts';

/** Every store of the app; one instance per page, handed to routes and components. */
export class RootStore {
  readonly user = new UserStore();
  readonly workspaces = new WorkspaceStore();
  readonly members = new MemberStore();
  readonly invitations = new InvitationStore();
  readonly instance = new InstanceStore();
  readonly sidebar = new SidebarStore();

  /** Forgets everything that belonged to the signed-in user (sign-out, deactivation). */
  reset(): void {
    this.user.reset();
    this.workspaces.reset();
    this.members.reset();
    this.invitations.reset();
  }
}
