import type { Workspace } from '@kite/shared/contracts';
import { hasRole, ORGANIZATION_SIZES, ROLE } from '@kite/shared/domain';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError } from '../../lib/api.ts';
import { listTimezones } from '../../lib/timezones.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Avatar } from '../../ui/Avatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';
import { resolveLandingPath } from '../auth/landing.ts';

/** The workspace's name, size, time zone and deletion (`/{slug}/settings`). */
export const WorkspaceSettingsGeneralScreen = observer(function WorkspaceSettingsGeneralScreen({
  workspaceSlug,
}: {
  workspaceSlug: string;
}) {
  const { workspaces } = useStores();
  const workspace = workspaces.get(workspaceSlug);
  if (!workspace) return null;
  // Re-mount the form when another workspace is shown so its fields start from that workspace.
  return <GeneralForm key={workspace.id} workspace={workspace} />;
});

const GeneralForm = observer(function GeneralForm({ workspace }: { workspace: Workspace }) {
  const stores = useStores();
  const router = useRouter();
  const isAdmin = hasRole(workspace.role, ROLE.ADMIN);
  const [name, setName] = useState(workspace.name);
  const [size, setSize] = useState(workspace.organization_size ?? '');
  const [timezone, setTimezone] = useState(workspace.timezone);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [timezones] = useState(listTimezones);
  const dirty =
    name.trim() !== workspace.name ||
    size !== (workspace.organization_size ?? '') ||
    timezone !== workspace.timezone;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    setBusy(true);
    try {
      await stores.workspaces.update(workspace.slug, {
        name: name.trim(),
        organization_size: size || null,
        timezone,
      });
      toast.success('Workspace updated');
    } catch (error) {
      if (error instanceof ApiError && error.fields?.name) setNameError(error.fields.name);
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await stores.workspaces.remove(workspace.slug);
      stores.members.forget(workspace.slug);
      stores.invitations.forget(workspace.slug);
      toast.success(`Workspace ${workspace.name} deleted`);
      await router.navigate({ href: await resolveLandingPath(stores), replace: true });
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-3">
        <Avatar name={workspace.name} src={workspace.logo_url} shape="square" size="lg" />
        <div>
          <h2 className="text-lg font-semibold text-fg">{workspace.name}</h2>
          <p className="text-sm text-fg-muted">
            {workspace.total_members} {workspace.total_members === 1 ? 'member' : 'members'}
          </p>
        </div>
      </div>
      {!isAdmin && <Alert tone="info">Only workspace admins can change these settings.</Alert>}
      <SettingsSection title="General" description="The name, size and time zone of this workspace.">
        <form onSubmit={save} noValidate className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label="Workspace name" error={nameError}>
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  onChange={(e) => {
                    setName(e.target.value);
                    setNameError(null);
                  }}
                  maxLength={80}
                  disabled={!isAdmin}
                />
              )}
            </Field>
            <Field label="Workspace URL" hint="The URL cannot be changed.">
              {(control) => (
                <Input {...control} value={`${window.location.host}/${workspace.slug}`} readOnly />
              )}
            </Field>
            <Field label="Organization size">
              {(control) => (
                <Select
                  {...control}
                  value={size}
                  onChange={(e) => setSize(e.target.value)}
                  disabled={!isAdmin}
                >
                  <option value="">Not set</option>
                  {ORGANIZATION_SIZES.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                  {size && !(ORGANIZATION_SIZES as readonly string[]).includes(size) && (
                    <option value={size}>{size}</option>
                  )}
                </Select>
              )}
            </Field>
            <Field label="Time zone">
              {(control) => (
                <Select
                  {...control}
                  value={timezone}
                  onChange={(e) => setTimezone(e.target.value)}
                  disabled={!isAdmin}
                >
                  {!timezones.includes(timezone) && <option value={timezone}>{timezone}</option>}
                  {timezones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          {isAdmin && (
            <div className="flex justify-end">
              <Button type="submit" variant="primary" loading={busy} disabled={!dirty}>
                Save changes
              </Button>
            </div>
          )}
        </form>
      </SettingsSection>
      {isAdmin && (
        <SettingsSection
          title="Delete workspace"
          tone="danger"
          description="Deleting the workspace removes it and everything in it for every member. This cannot be undone."
        >
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete workspace
          </Button>
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={`Delete ${workspace.name}?`}
            description="All projects, work items and members of this workspace will be removed."
            confirmLabel="Delete workspace"
            confirmText={workspace.name}
            onConfirm={remove}
          />
        </SettingsSection>
      )}
    </div>
  );
});

const route = getRouteApi('/authed/$workspaceSlug/settings/');

/** The screen of routes/WorkspaceSettingsGeneralRoute.tsx, given the URL's workspace. */
export function WorkspaceSettingsGeneralRouteScreen() {
  return <WorkspaceSettingsGeneralScreen workspaceSlug={route.useParams().workspaceSlug} />;
}
