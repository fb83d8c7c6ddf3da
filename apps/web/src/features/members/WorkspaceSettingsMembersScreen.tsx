import type { Invitation, Workspace, WorkspaceMember } from '@kite/shared/contracts';
import { hasRole, ROLE, ROLE_NAMES, ROLES, type Role } from '@kite/shared/domain';
import { getRouteApi, Link, useRouter } from '@tanstack/react-router';
import { Mail, Trash2, UserPlus, Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Select } from '../../ui/Input.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { roleLabel } from '../app-shell/WorkspaceSwitcher.tsx';
import { resolveLandingPath } from '../auth/landing.ts';
import { AddMemberDialog } from '../invitations/AddMemberDialog.tsx';
import { memberName } from './MemberStore.ts';

/** The workspace's members and pending invitations (`/{slug}/settings/members`). */
export const WorkspaceSettingsMembersScreen = observer(function WorkspaceSettingsMembersScreen({
  workspaceSlug,
}: {
  workspaceSlug: string;
}) {
  const { workspaces } = useStores();
  const workspace = workspaces.get(workspaceSlug);
  if (!workspace) return null;
  return <MembersPage key={workspace.id} workspace={workspace} />;
});

const MembersPage = observer(function MembersPage({ workspace }: { workspace: Workspace }) {
  const stores = useStores();
  const router = useRouter();
  const { members, invitations, user } = stores;
  const slug = workspace.slug;
  const isAdmin = hasRole(workspace.role, ROLE.ADMIN);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    members.fetchMembers(slug).catch((error) => toastError(error));
    if (isAdmin) invitations.fetchWorkspaceInvitations(slug).catch((error) => toastError(error));
  }, [members, invitations, slug, isAdmin]);

  const changeRole = async (member: WorkspaceMember, role: Role) => {
    try {
      await members.updateRole(slug, member.id, role);
      toast.success(`${memberName(member)} is now ${ROLE_NAMES[role]}`);
    } catch (error) {
      toastError(error);
    }
  };

  const remove = async () => {
    if (!removing) return;
    const member = removing;
    setRemoving(null);
    try {
      await members.remove(slug, member.id);
      toast.success(`${memberName(member)} was removed`);
    } catch (error) {
      toastError(error);
    }
  };

  const leave = async () => {
    try {
      await stores.workspaces.leave(slug);
      members.forget(slug);
      invitations.forget(slug);
      toast.success(`You left ${workspace.name}`);
      await router.navigate({ href: await resolveLandingPath(stores), replace: true });
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  const list = members.membersOf(slug);
  const pending = invitations.pendingOf(slug);
  const myId = user.user?.id;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-fg">Members</h2>
          <p className="text-sm text-fg-muted">People in {workspace.name} and their roles.</p>
        </div>
        {isAdmin && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            <UserPlus className="size-4" aria-hidden /> Add member
          </Button>
        )}
      </div>

      {!members.isLoaded(slug) ? (
        <PageLoader label="Loading members" />
      ) : list.length === 0 ? (
        <EmptyState icon={<Users className="size-5" />} title="No members" />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Workspace members</caption>
            <thead className="border-b border-border bg-surface text-xs font-medium text-fg-muted">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Email
                </th>
                <th scope="col" className="w-40 px-4 py-2.5 font-medium">
                  Role
                </th>
                <th scope="col" className="w-12 px-2 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {list.map((member) => (
                <MemberRow
                  key={member.id}
                  slug={slug}
                  member={member}
                  isMe={member.member.id === myId}
                  canManage={isAdmin}
                  onRole={(role) => changeRole(member, role)}
                  onRemove={() => setRemoving(member)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}

      {isAdmin && (
        <SettingsSection
          title="Pending invitations"
          description="Invitations that have not been answered yet."
        >
          {!invitations.isLoaded(slug) ? (
            <PageLoader label="Loading invitations" />
          ) : pending.length === 0 ? (
            <p className="text-sm text-fg-muted">No pending invitations.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-border" aria-label="Pending invitations">
              {pending.map((invitation) => (
                <InvitationRow key={invitation.id} slug={slug} invitation={invitation} />
              ))}
            </ul>
          )}
        </SettingsSection>
      )}

      <SettingsSection
        title="Leave workspace"
        tone="danger"
        description="You will lose access to this workspace and its projects. An admin can invite you again."
      >
        <Button variant="danger" onClick={() => setLeaving(true)}>
          Leave workspace
        </Button>
      </SettingsSection>

      {isAdmin && (
        <AddMemberDialog
          slug={slug}
          open={adding}
          onOpenChange={setAdding}
          maxRole={(workspace.role ?? ROLE.ADMIN) as Role}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Remove ${memberName(removing)}?` : 'Remove member?'}
        description="They lose access to this workspace and all its projects at once."
        confirmLabel="Remove"
        onConfirm={remove}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={`Leave ${workspace.name}?`}
        description="You will lose access to this workspace."
        confirmLabel="Leave workspace"
        onConfirm={leave}
      />
    </div>
  );
});

const MemberRow = observer(function MemberRow({
  slug,
  member,
  isMe,
  canManage,
  onRole,
  onRemove,
}: {
  slug: string;
  member: WorkspaceMember;
  isMe: boolean;
  canManage: boolean;
  onRole: (role: Role) => void;
  onRemove: () => void;
}) {
  const name = memberName(member);
  return (
    <tr>
      <td className="px-4 py-2.5">
        <div className="flex items-center gap-2.5">
          <Avatar name={name} src={member.member.avatar_url} size="sm" />
          <div className="min-w-0">
            <p className="truncate font-medium text-fg">
              <Link
                to="/$workspaceSlug/profile/$userId"
                params={{ workspaceSlug: slug, userId: member.member.id }}
                className="hover:underline"
                title={`Open ${name}’s profile`}
              >
                {name}
              </Link>
              {isMe && <span className="ml-1.5 text-xs font-normal text-fg-subtle">(you)</span>}
            </p>
            {member.member.display_name && member.member.display_name !== name && (
              <p className="truncate text-xs text-fg-muted">{member.member.display_name}</p>
            )}
          </div>
        </div>
      </td>
      <td className="px-4 py-2.5 text-fg-muted">{member.member.email ?? '—'}</td>
      <td className="px-4 py-2.5">
        {canManage ? (
          <Select
            aria-label={`Role of ${name}`}
            value={member.role}
            onChange={(e) => onRole(Number(e.target.value) as Role)}
            className="h-8"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </Select>
        ) : (
          <Select aria-label={`Role of ${name}`} value={member.role} disabled className="h-8">
            <option value={member.role}>{roleLabel(member.role) || member.role}</option>
          </Select>
        )}
      </td>
      <td className="px-2 py-2.5 text-right">
        {canManage && !isMe && (
          <IconButton label={`Remove ${name}`} onClick={onRemove} size="sm">
            <Trash2 className="size-4" aria-hidden />
          </IconButton>
        )}
      </td>
    </tr>
  );
});

const InvitationRow = observer(function InvitationRow({
  slug,
  invitation,
}: {
  slug: string;
  invitation: Invitation;
}) {
  const { invitations } = useStores();
  const revoke = async () => {
    try {
      await invitations.revoke(slug, invitation.id);
      toast.success(`Invitation to ${invitation.email} revoked`);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <li className="flex items-center gap-3 py-2.5">
      <span
        className="flex size-6 items-center justify-center rounded-full bg-surface-2 text-fg-muted"
        aria-hidden
      >
        <Mail className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-fg">{invitation.email}</p>
        <p className="text-xs text-fg-muted">
          {roleLabel(invitation.role)} · expires {new Date(invitation.expires_at).toLocaleDateString()}
        </p>
      </div>
      <Button
        size="sm"
        variant="ghost"
        onClick={revoke}
        aria-label={`Revoke invitation to ${invitation.email}`}
      >
        Revoke
      </Button>
    </li>
  );
});

const route = getRouteApi('/authed/$workspaceSlug/settings/members');

/** The screen of routes/WorkspaceSettingsMembersRoute.tsx, given the URL's workspace. */
export function WorkspaceSettingsMembersRouteScreen() {
  return <WorkspaceSettingsMembersScreen workspaceSlug={route.useParams().workspaceSlug} />;
}
