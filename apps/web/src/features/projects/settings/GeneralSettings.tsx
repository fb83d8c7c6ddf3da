import type { Project, UpdateProjectBody } from '@kite/shared/contracts';
import { hasRole, IDENTIFIER_MAX_LENGTH, ROLE, sanitizeIdentifier } from '@kite/shared/domain';
import { useNavigate } from '@tanstack/react-router';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { useStores } from '../../../app/StoresContext.tsx';
import { ApiError } from '../../../lib/api.ts';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Field } from '../../../ui/Field.tsx';
import { Input, Select, Textarea } from '../../../ui/Input.tsx';
import { toast, toastError } from '../../../ui/toast.ts';
import { SettingsSection } from '../../app-shell/SettingsNav.tsx';
import { ProjectLogo } from '../ProjectLogo.tsx';
import { PublishSection } from './PublishSection.tsx';

interface TabProps {
  slug: string;
  project: Project;
  role: number;
}

export const GeneralSettings = observer(function GeneralSettings({ slug, project, role }: TabProps) {
  const { projects } = useStores();
  const navigate = useNavigate();
  const isAdmin = hasRole(role, ROLE.ADMIN);
  const archived = !!project.archived_at;
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description);
  const [identifier, setIdentifier] = useState(project.identifier);
  const [network, setNetwork] = useState(project.network);
  const [emoji, setEmoji] = useState(project.emoji ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; identifier?: string }>({});
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setErrors({ name: 'Name is required' });
    if (isAdmin && !identifier) return setErrors({ identifier: 'Identifier is required' });
    const patch: UpdateProjectBody = {};
    if (name.trim() !== project.name) patch.name = name.trim();
    if (description.trim() !== project.description) patch.description = description.trim();
    if ((emoji.trim() || null) !== project.emoji) patch.emoji = emoji.trim() || null;
    if (isAdmin && identifier !== project.identifier) patch.identifier = identifier;
    if (isAdmin && network !== project.network) patch.network = network as 0 | 2;
    if (Object.keys(patch).length === 0) return;
    setBusy(true);
    setErrors({});
    try {
      await projects.update(slug, project.id, patch);
      toast.success('Project updated');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PROJECT_IDENTIFIER_TAKEN')
        setErrors({ identifier: error.message });
      else if (error instanceof ApiError && error.code === 'PROJECT_NAME_TAKEN')
        setErrors({ name: error.message });
      else toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const archiveOrRestore = async () => {
    try {
      if (archived) {
        await projects.restore(slug, project.id);
        toast.success(`${project.name} restored`);
      } else {
        await projects.archive(slug, project.id);
        toast.success(`${project.name} archived`);
      }
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  const remove = async () => {
    try {
      await projects.remove(slug, project.id);
      toast.success(`${project.name} deleted`);
      await navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } });
    } catch (error) {
      toastError(error);
      throw error;
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-fg">General</h2>
        <p className="text-sm text-fg-muted">Name, identifier and visibility of the project.</p>
      </div>
      {archived && (
        <p role="status" className="rounded-lg bg-warning-soft px-4 py-3 text-sm text-warning">
          This project is archived and read-only. Restore it to make changes.
        </p>
      )}
      <form onSubmit={save} noValidate className="flex flex-col gap-4 rounded-lg border border-border p-5">
        <div className="flex items-end gap-3">
          <ProjectLogo project={{ name, emoji: emoji || null }} size="lg" />
          <Field label="Emoji" optional className="w-28">
            {(control) => (
              <Input
                {...control}
                value={emoji}
                onChange={(e) => setEmoji(e.target.value)}
                maxLength={8}
                placeholder="None"
                disabled={archived}
              />
            )}
          </Field>
          <Field label="Project name" error={errors.name} className="flex-1">
            {(control) => (
              <Input
                {...control}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={255}
                disabled={archived}
              />
            )}
          </Field>
        </div>
        <Field label="Description" optional>
          {(control) => (
            <Textarea
              {...control}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={3}
              disabled={archived}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Identifier"
            error={errors.identifier}
            hint={isAdmin ? 'Changing it renames every work item key.' : 'Only project admins can change it.'}
          >
            {(control) => (
              <Input
                {...control}
                value={identifier}
                onChange={(e) =>
                  setIdentifier(sanitizeIdentifier(e.target.value).slice(0, IDENTIFIER_MAX_LENGTH))
                }
                maxLength={IDENTIFIER_MAX_LENGTH}
                className="font-mono"
                disabled={!isAdmin || archived}
              />
            )}
          </Field>
          <Field label="Visibility" hint={isAdmin ? undefined : 'Only project admins can change it.'}>
            {(control) => (
              <Select
                {...control}
                value={network}
                onChange={(e) => setNetwork(Number(e.target.value))}
                disabled={!isAdmin || archived}
              >
                <option value={2}>Public</option>
                <option value={0}>Private</option>
              </Select>
            )}
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" loading={busy} disabled={archived}>
            Save changes
          </Button>
        </div>
      </form>

      {isAdmin && <PublishSection slug={slug} project={project} />}
      {isAdmin && (
        <SettingsSection
          title={archived ? 'Restore project' : 'Archive project'}
          description={
            archived
              ? 'The project becomes editable again and returns to the projects list.'
              : 'The project becomes read-only and moves to the archived projects.'
          }
        >
          <Button onClick={() => setConfirm('archive')}>
            {archived ? 'Restore project' : 'Archive project'}
          </Button>
        </SettingsSection>
      )}
      {isAdmin && (
        <SettingsSection
          title="Delete project"
          tone="danger"
          description="Deletes the project with all its work items, cycles, modules and pages. This cannot be undone."
        >
          <Button variant="danger" onClick={() => setConfirm('delete')}>
            Delete project
          </Button>
        </SettingsSection>
      )}
      <ConfirmDialog
        open={confirm === 'archive'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={archived ? `Restore ${project.name}?` : `Archive ${project.name}?`}
        description={
          archived ? 'Members can change it again.' : 'Members can still read it, but nobody can change it.'
        }
        confirmLabel={archived ? 'Restore' : 'Archive'}
        tone="primary"
        onConfirm={archiveOrRestore}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete ${project.name}?`}
        description="Everything in the project is deleted for good."
        confirmLabel="Delete project"
        confirmText={project.name}
        onConfirm={remove}
      />
    </div>
  );
});
