import type { Project, ProjectMember, WorkspaceMember } from '@kite/shared/contracts';
import { hasRole, ROLE, ROLE_NAMES, ROLES, type Role } from '@kite/shared/domain';
import { useNavigate } from '@tanstack/react-router';
import { Trash2, UserPlus, Users } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Button, IconButton } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Select } from '../../../ui/Input.tsx';
import { PageLoader } from '../../../ui/Spinner.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import { SettingsSection } from '../../app-shell/SettingsNav.tsx';
import { memberName } from '../../members/MemberStore.ts';

interface TabProps {
  slug: string;
  project: Project;
  role: number;
}

export const ProjectMembersSettings = observer(function ProjectMembersSettings({
  slug,
  project,
  role,
}: TabProps) {
  const stores = useStores();
  const { projects, members, user } = stores;
  const navigate = useNavigate();
  const canEdit = hasRole(role, ROLE.ADMIN) && !project.archived_at;
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ member: ProjectMember; name: string } | null>(null);
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    projects.fetchMembers(slug, project.id).catch((error) => toastError(error));
    members.fetchMembers(slug).catch((error) => toastError(error));
  }, [projects, members, slug, project.id]);

  const byUser = new Map(members.membersOf(slug).map((m) => [m.member.id, m]));
  const nameOf = (pm: ProjectMember) => {
    const wm = byUser.get(pm.member);
    return wm ? memberName(wm) : 'Former member';
  };
  const list = projects.membersOf(project.id).sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  const inProject = new Set(list.map((m) => m.member));
  const candidates = members
    .membersOf(slug)
    .filter((m) => !m.member.is_bot && !inProject.has(m.member.id) && m.is_active !== false);

  const changeRole = async (pm: ProjectMember, next: Role) => {
    try {
      await projects.updateMemberRole(slug, project.id, pm.id, next);
      toast.success(`${nameOf(pm)} is now ${ROLE_NAMES[next]}`);
    } catch (error) {
      toastError(error);
    }
  };

  const remove = async () => {
    if (!removing) return;
    const { member, name } = removing;
    setRemoving(null);
    try {
      await projects.removeMember(slug, project.id, member.id);
      toast.success(`${name} was removed from ${project.name}`);
    } catch (error) {
      toastError(error);
    }
  };

  const leave = async () => {
    try {
      await projects.leave(slug, project.id);
      toast.success(`You left ${project.name}`);
      await navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } });
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-fg">Members</h2>
          <p className="text-sm text-fg-muted">People in {project.name} and their project roles.</p>
        </div>
        {canEdit && (
          <Button variant="primary" onClick={() => setAdding(true)}>
            <UserPlus className="size-4" aria-hidden /> Add member
          </Button>
        )}
      </div>
      {!projects.membersLoaded(project.id) || !members.isLoaded(slug) ? (
        <PageLoader label="Loading members" />
      ) : list.length === 0 ? (
        <EmptyState icon={<Users className="size-5" />} title="No members" />
      ) : (
        <ul aria-label="Project members" className="divide-y divide-border rounded-lg border border-border">
          {list.map((pm) => {
            const wm = byUser.get(pm.member);
            const name = nameOf(pm);
            const isMe = pm.member === user.user?.id;
            return (
              <li key={pm.id} className="flex items-center gap-3 px-4 py-2.5">
                <Avatar name={name} src={wm?.member.avatar_url ?? null} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-fg">
                    {name}
                    {isMe && <span className="ml-1.5 text-xs font-normal text-fg-subtle">(you)</span>}
                  </p>
                  <p className="truncate text-xs text-fg-muted">{wm?.member.email ?? ''}</p>
                </div>
                <div className="w-32 shrink-0">
                  <Select
                    aria-label={`Project role of ${name}`}
                    value={pm.role}
                    disabled={!canEdit}
                    onChange={(e) => changeRole(pm, Number(e.target.value) as Role)}
                    className="h-8"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_NAMES[r]}
                      </option>
                    ))}
                  </Select>
                </div>
                {canEdit && !isMe ? (
                  <IconButton
                    size="sm"
                    label={`Remove ${name}`}
                    onClick={() => setRemoving({ member: pm, name })}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </IconButton>
                ) : (
                  <span className="w-7" />
                )}
              </li>
            );
          })}
        </ul>
      )}
      <SettingsSection
        title="Leave project"
        tone="danger"
        description="You lose access to this project unless it is public and you join again."
      >
        <Button variant="danger" onClick={() => setLeaving(true)}>
          Leave project
        </Button>
      </SettingsSection>
      {canEdit && (
        <AddProjectMemberDialog
          slug={slug}
          project={project}
          candidates={candidates}
          open={adding}
          onOpenChange={setAdding}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing ? `Remove ${removing.name}?` : 'Remove member?'}
        description="They lose access to this project."
        confirmLabel="Remove"
        onConfirm={remove}
      />
      <ConfirmDialog
        open={leaving}
        onOpenChange={setLeaving}
        title={`Leave ${project.name}?`}
        description="You will lose access to this project."
        confirmLabel="Leave project"
        onConfirm={leave}
      />
    </div>
  );
});

function AddProjectMemberDialog({
  slug,
  project,
  candidates,
  open,
  onOpenChange,
}: {
  slug: string;
  project: Project;
  candidates: WorkspaceMember[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { projects } = useStores();
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<Role>(ROLE.MEMBER);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = candidates.find((c) => c.member.id === userId);

  const close = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setUserId('');
      setRole(ROLE.MEMBER);
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setError('Choose a workspace member');
    setBusy(true);
    try {
      await projects.addMembers(slug, project.id, [{ member_id: chosen.member.id, role }]);
      toast.success(`${memberName(chosen)} added to ${project.name}`);
      setBusy(false);
      close(false);
    } catch (err) {
      setBusy(false);
      toastError(err);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Add project member"
      description="Choose someone from the workspace and their role in this project."
    >
      {candidates.length === 0 ? (
        <p className="text-sm text-fg-muted">Everyone in the workspace is already in this project.</p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <Field label="Member" error={error}>
            {(control) => (
              <Select
                {...control}
                value={userId}
                onChange={(e) => {
                  setUserId(e.target.value);
                  setError(null);
                }}
              >
                <option value="">Choose a member…</option>
                {candidates.map((c) => (
                  <option key={c.member.id} value={c.member.id}>
                    {memberName(c)}
                    {c.member.email ? ` (${c.member.email})` : ''}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field
            label="Project role"
            hint={
              chosen
                ? `Up to their workspace role (${ROLE_NAMES[chosen.role as Role] ?? chosen.role}).`
                : undefined
            }
          >
            {(control) => (
              <Select {...control} value={role} onChange={(e) => setRole(Number(e.target.value) as Role)}>
                {ROLES.map((r) => (
                  <option key={r} value={r} disabled={chosen ? r > chosen.role : false}>
                    {ROLE_NAMES[r]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex justify-end gap-2 border-t border-border pt-4">
            <Button onClick={() => close(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" loading={busy}>
              Add to project
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
