import type { Invitation, Workspace } from '@kite/shared/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toastError } from '../../ui/toast.ts';
import { acceptInvitation } from '../invitations/acceptInvitation.ts';
import { InvitationList } from '../invitations/InvitationList.tsx';
import { CreateWorkspaceForm } from '../workspaces/CreateWorkspaceForm.tsx';

/** Step 2: create a workspace, or join one you were invited to. */
export const WorkspaceStep = observer(function WorkspaceStep() {
  const stores = useStores();
  const { invitations, instance, user, workspaces } = stores;
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    invitations.fetchMine().catch((error) => toastError(error));
  }, [invitations]);

  const created = async (workspace: Workspace) => {
    try {
      await user.updateProfile({
        onboarding_step: { workspace_create: true },
        last_workspace_id: workspace.id,
      });
    } catch (error) {
      toastError(error, 'Failed to update user profile');
    }
  };

  const join = async (invitation: Invitation) => {
    setBusyId(invitation.id);
    const ok = await acceptInvitation(stores, invitation);
    if (ok) {
      try {
        await user.updateProfile({
          onboarding_step: { workspace_join: true },
          last_workspace_id: invitation.workspace.id,
        });
      } catch (error) {
        toastError(error, 'Failed to update user profile');
      }
    }
    setBusyId(null);
  };

  const continueWith = async (workspace: Workspace) => {
    setBusyId(workspace.id);
    try {
      await user.updateProfile({
        onboarding_step: { workspace_join: true },
        last_workspace_id: workspace.id,
      });
    } catch (error) {
      toastError(error, 'Failed to update user profile');
      setBusyId(null);
    }
  };

  const pending = invitations.pendingMine;
  const existing = workspaces.list;
  return (
    <div className="flex flex-col gap-6">
      {existing.length > 0 && (
        <section aria-labelledby="existing-heading" className="flex flex-col gap-3">
          <h2 id="existing-heading" className="text-sm font-semibold text-fg">
            You are already a member of
          </h2>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {existing.map((workspace) => (
              <li key={workspace.id} className="flex items-center gap-3 px-3 py-3">
                <Avatar name={workspace.name} src={workspace.logo_url} shape="square" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg">{workspace.name}</span>
                <Button
                  size="sm"
                  variant="primary"
                  onClick={() => continueWith(workspace)}
                  loading={busyId === workspace.id}
                  disabled={busyId !== null}
                  aria-label={`Continue with ${workspace.name}`}
                >
                  Continue
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {!invitations.mineLoaded ? (
        <div className="flex justify-center text-fg-subtle">
          <Spinner label="Loading invitations" />
        </div>
      ) : (
        pending.length > 0 && (
          <section aria-labelledby="join-heading" className="flex flex-col gap-3">
            <h2 id="join-heading" className="text-sm font-semibold text-fg">
              Join a workspace you were invited to
            </h2>
            <InvitationList invitations={pending} busyId={busyId} onAccept={join} />
            <div className="flex items-center gap-3 text-xs text-fg-subtle" aria-hidden>
              <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
            </div>
          </section>
        )
      )}
      <section aria-labelledby="create-heading" className="flex flex-col gap-4">
        <h2 id="create-heading" className="text-sm font-semibold text-fg">
          Create a new workspace
        </h2>
        {instance.workspaceCreationDisabled ? (
          <Alert tone="info">
            Workspace creation is turned off on this instance. Ask an admin to invite you to a workspace.
          </Alert>
        ) : (
          <CreateWorkspaceForm onCreated={created} submitLabel="Create workspace" />
        )}
      </section>
    </div>
  );
});
