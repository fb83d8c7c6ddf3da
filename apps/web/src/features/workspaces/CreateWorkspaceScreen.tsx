import type { Workspace } from '@kite/shared/contracts';
import { useRouter } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { FocusLayout } from '../../app/FocusLayout.tsx';
import { useStores } from '../../app/StoresContext.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { toast } from '../../ui/toast.ts';
import { CreateWorkspaceForm } from './CreateWorkspaceForm.tsx';

export const CreateWorkspaceScreen = observer(function CreateWorkspaceScreen() {
  const { user, workspaces, instance } = useStores();
  const router = useRouter();
  const last = workspaces.findById(user.profile?.last_workspace_id) ?? workspaces.list[0];

  const created = async (workspace: Workspace) => {
    toast.success(`Workspace ${workspace.name} created`);
    await router.navigate({ to: '/$workspaceSlug', params: { workspaceSlug: workspace.slug } });
  };

  const cancel = last
    ? () => router.navigate({ to: '/$workspaceSlug', params: { workspaceSlug: last.slug } })
    : undefined;

  return (
    <FocusLayout title="Create a workspace" subtitle="Workspaces hold your team's projects and work.">
      {instance.workspaceCreationDisabled ? (
        <Alert tone="info">
          Workspace creation is turned off on this instance. Ask an admin to invite you.
        </Alert>
      ) : (
        <CreateWorkspaceForm onCreated={created} onCancel={cancel} />
      )}
    </FocusLayout>
  );
});
