import type { GithubRepositorySync, GithubRepositorySyncWithSecret, Project } from '@kite/shared/contracts';
import { GitBranch, Link2, Unlink } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyOnceField } from '../../ui/CopyOnceField.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Field } from '../../ui/Field.tsx';
import { Input, PasswordInput } from '../../ui/Input.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';

const IMPORT_STATUS: Record<GithubRepositorySync['import_status'], string> = {
  queued: 'Import queued',
  running: 'Importing issues and comments…',
  completed: 'Issues and comments imported',
  failed: 'Import failed: check the token and link again later',
};

/**
 * A project's GitHub repository (`…/settings/projects/:projectId/integrations`, api.md §4.9, project
 * admins): link it with a token, then see it with its label and the webhook to add in GitHub.
 */
export const GithubSyncSettings = observer(function GithubSyncSettings({
  slug,
  project,
}: {
  slug: string;
  project: Project;
}) {
  const { githubSync, labels } = useStores();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);
  const [linked, setLinked] = useState<GithubRepositorySyncWithSecret | null>(null);

  const load = () => {
    setLoadError(null);
    githubSync
      .fetch(slug, project.id)
      .catch((error) => setLoadError(errorMessage(error, 'The GitHub link could not be loaded')));
    labels.fetch(slug, project.id).catch(() => undefined);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per project
  useEffect(load, [slug, project.id]);

  const sync = githubSync.syncOf(project.id);
  const readOnly = !!project.archived_at;
  const importing = sync?.import_status === 'queued' || sync?.import_status === 'running';

  // The import runs on the server after linking: its status is read again until it ends.
  useEffect(() => {
    if (!importing) return;
    const timer = setInterval(() => {
      githubSync.fetch(slug, project.id).catch(() => undefined);
    }, 3000);
    return () => clearInterval(timer);
  }, [importing, githubSync, slug, project.id]);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold text-fg">Integrations</h2>
        <p className="text-sm text-fg-muted">
          Link a GitHub repository: its issues and comments are imported once, and later changes on either
          side follow through GitHub's webhook.
        </p>
      </div>

      {loadError ? (
        <Alert tone="error">
          {loadError}{' '}
          <Button variant="link" onClick={load}>
            Try again
          </Button>
        </Alert>
      ) : !githubSync.isLoaded(project.id) ? (
        <PageLoader label="Loading the GitHub link" />
      ) : sync ? (
        <LinkedRepository
          sync={sync}
          secret={linked?.id === sync.id ? linked.webhook_secret : null}
          labelName={
            sync.label === null
              ? 'Deleted'
              : (labels.labelsOf(project.id).find((l) => l.id === sync.label)?.name ?? '…')
          }
          onRefresh={load}
          onUnlink={
            readOnly
              ? null
              : async () => {
                  await githubSync.unlink(slug, project.id, sync.id);
                  setLinked(null);
                  toast.success(`Unlinked ${sync.repository.owner}/${sync.repository.name}`);
                }
          }
        />
      ) : linking ? (
        <LinkForm
          slug={slug}
          project={project}
          onCancel={() => setLinking(false)}
          onLinked={(created) => {
            setLinked(created);
            setLinking(false);
            // Linking made (or reused) the project's "GitHub" label.
            labels.fetch(slug, project.id).catch(() => undefined);
          }}
        />
      ) : (
        <EmptyState
          icon={<GitBranch className="size-5" />}
          title="No repository linked"
          description="Bring a GitHub repository's issues into this project and keep their open/closed state in step."
          action={
            !readOnly && (
              <Button variant="primary" onClick={() => setLinking(true)}>
                <Link2 className="size-4" aria-hidden /> Link a repository
              </Button>
            )
          }
        />
      )}
    </div>
  );
});

function LinkedRepository({
  sync,
  secret,
  labelName,
  onRefresh,
  onUnlink,
}: {
  sync: GithubRepositorySync;
  secret: string | null;
  labelName: string;
  onRefresh: () => void;
  /** Null when the project is read-only (archived). */
  onUnlink: (() => Promise<void>) | null;
}) {
  const { repository } = sync;
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <SettingsSection title="Linked repository">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-fg-muted">Repository</dt>
          <dd>
            <a href={repository.url} target="_blank" rel="noreferrer" className="font-medium text-primary">
              {repository.owner}/{repository.name}
            </a>
          </dd>
          <dt className="text-fg-muted">Label</dt>
          <dd>{labelName}</dd>
          <dt className="text-fg-muted">Import</dt>
          <dd className="flex items-center gap-2">
            {IMPORT_STATUS[sync.import_status]}
            {sync.import_status !== 'completed' && (
              <Button variant="link" onClick={onRefresh}>
                Refresh
              </Button>
            )}
          </dd>
        </dl>
      </SettingsSection>
      <SettingsSection
        title="GitHub webhook"
        description={
          <>
            In the repository's <strong>Settings → Webhooks</strong>, add a webhook with this payload URL,
            content type <code className="font-mono">application/json</code>, the secret below, and the{' '}
            <strong>Issues</strong> and <strong>Issue comments</strong> events.
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <CopyOnceField label="Payload URL" value={sync.webhook_url} noun="URL" />
          {secret ? (
            <>
              <Alert tone="warning">
                <strong className="font-semibold">This is the only time the secret is shown.</strong> GitHub
                signs every delivery with it; copy it into the webhook now.
              </Alert>
              <CopyOnceField label="Webhook secret" value={secret} noun="secret" />
            </>
          ) : (
            <p className="text-sm text-fg-muted">
              The webhook secret was shown once, when the repository was linked.
            </p>
          )}
        </div>
      </SettingsSection>
      {onUnlink && (
        <SettingsSection
          title="Unlink the repository"
          description="GitHub's changes stop reaching this project and its state changes stop reaching GitHub. The work items and comments synced so far stay, with their label. Remove the webhook in GitHub too."
        >
          <div>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Unlink className="size-4" aria-hidden /> Unlink {repository.owner}/{repository.name}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Unlink ${repository.owner}/${repository.name}?`}
            description="Synced work items stay in the project; later changes on GitHub are no longer applied."
            confirmLabel="Unlink"
            onConfirm={async () => {
              try {
                await onUnlink();
              } catch (error) {
                toastError(error, 'The repository could not be unlinked');
                throw error; // keeps the dialog open for a retry
              }
            }}
          />
        </SettingsSection>
      )}
    </>
  );
}

const EMPTY = { owner: '', name: '', url: '', repository_id: '', access_token: '' };

/** Server field names (`credentials.access_token`) mapped onto the form's. */
function fieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    out[key.startsWith('credentials') ? 'access_token' : key] = message;
  }
  return out;
}

function LinkForm({
  slug,
  project,
  onCancel,
  onLinked,
}: {
  slug: string;
  project: Project;
  onCancel: () => void;
  onLinked: (created: GithubRepositorySyncWithSecret) => void;
}) {
  const { githubSync } = useStores();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    const missing: Record<string, string> = {};
    if (!values.owner.trim()) missing.owner = 'Owner is required';
    if (!values.name.trim()) missing.name = 'Repository name is required';
    if (!values.url.trim()) missing.url = 'URL is required';
    if (!/^\d+$/.test(values.repository_id.trim())) missing.repository_id = 'The repository id is a number';
    if (!values.access_token.trim()) missing.access_token = 'Access token is required';
    if (Object.keys(missing).length > 0) return setErrors(missing);
    setBusy(true);
    try {
      const created = await githubSync.link(slug, project.id, {
        owner: values.owner.trim(),
        name: values.name.trim(),
        url: values.url.trim(),
        repository_id: Number(values.repository_id.trim()),
        credentials: { access_token: values.access_token.trim() },
      });
      toast.success(`${created.repository.owner}/${created.repository.name} linked: the import has started`);
      onLinked(created);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(fieldErrors(error.fields));
      setFormError(errorMessage(error, 'The repository could not be linked'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection
      title="Link a GitHub repository"
      description="The token needs read access to the repository's issues, and write access to close and reopen them."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Owner" error={errors.owner} hint="The user or organisation, e.g. octocat">
            {(control) => (
              <Input {...control} value={values.owner} onChange={set('owner')} autoComplete="off" />
            )}
          </Field>
          <Field label="Repository name" error={errors.name} hint="e.g. hello-world">
            {(control) => (
              <Input {...control} value={values.name} onChange={set('name')} autoComplete="off" />
            )}
          </Field>
          <Field label="Repository URL" error={errors.url}>
            {(control) => (
              <Input
                {...control}
                type="url"
                value={values.url}
                onChange={set('url')}
                placeholder="https://github.com/octocat/hello-world"
              />
            )}
          </Field>
          <Field
            label="Repository id"
            error={errors.repository_id}
            hint="The number GitHub's API gives the repository"
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={values.repository_id}
                onChange={set('repository_id')}
              />
            )}
          </Field>
        </div>
        <Field
          label="Access token"
          error={errors.access_token}
          hint="Stored encrypted and never shown again."
        >
          {(control) => (
            <PasswordInput
              {...control}
              value={values.access_token}
              onChange={set('access_token')}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={busy}>
            Link repository
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
