import type { Webhook, WebhookWithSecret } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { createLazyRoute, useParams } from '@tanstack/react-router';
import { History, Pencil, Plus, RefreshCw, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { WebhookDialog } from './WebhookDialog.tsx';
import { WebhookLogsDialog } from './WebhookLogsDialog.tsx';
import { WebhookSecretDialog } from './WebhookSecretDialog.tsx';
import { describeEvents, flagsOf } from './webhookEvents.ts';

/**
 * A workspace's webhooks (`/{slug}/settings/webhooks`, api.md §13, admins only): the list with
 * an on/off switch, add and edit, the secret shown once, regenerate, delete and the delivery log.
 */
export const WebhooksScreen = observer(function WebhooksScreen({ slug }: { slug: string }) {
  const { webhooks, workspaces } = useStores();
  const [editing, setEditing] = useState<Webhook | null | 'new'>(null);
  const [secret, setSecret] = useState<{ shown: WebhookWithSecret; regenerated: boolean } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [regenerating, setRegenerating] = useState<Webhook | null>(null);
  const [logsOf, setLogsOf] = useState<Webhook | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const role = workspaces.get(slug)?.role ?? null;
  const isAdmin = role !== null && role >= ROLE.ADMIN;

  const load = () => {
    setLoadError(null);
    webhooks
      .fetch(slug)
      .catch((error) => setLoadError(errorMessage(error, 'The webhooks could not be loaded')));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per workspace
  useEffect(() => {
    if (!webhooks.isLoaded(slug) && isAdmin) load();
  }, [slug, isAdmin]);

  const toggle = async (webhook: Webhook, on: boolean) => {
    try {
      await webhooks.update(slug, webhook.id, { is_active: on });
    } catch (error) {
      toastError(error, 'The webhook could not be switched');
    }
  };

  const remove = async () => {
    if (!deleting) return;
    try {
      await webhooks.remove(slug, deleting.id);
      toast.success('The webhook was deleted');
    } catch (error) {
      toastError(error, 'The webhook could not be deleted');
      throw error;
    }
  };

  const regenerate = async () => {
    if (!regenerating) return;
    try {
      const shown = await webhooks.regenerate(slug, regenerating.id);
      setSecret({ shown, regenerated: true });
    } catch (error) {
      toastError(error, 'The secret could not be regenerated');
      throw error;
    }
  };

  if (role !== null && !isAdmin) {
    return (
      <Alert tone="info">Only workspace admins can manage webhooks. Ask an admin of this workspace.</Alert>
    );
  }

  const list = webhooks.webhooksOf(slug);
  const addButton = (
    <Button variant="primary" onClick={() => setEditing('new')}>
      <Plus className="size-4" aria-hidden /> Add webhook
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-fg">Webhooks</h2>
          <p className="text-sm text-fg-muted">
            Send signed HTTP requests to your services when work items, comments, intake and more change.
          </p>
        </div>
        {list.length > 0 && addButton}
      </div>

      {loadError ? (
        <Alert tone="error">
          {loadError}{' '}
          <Button variant="link" onClick={load}>
            Try again
          </Button>
        </Alert>
      ) : !webhooks.isLoaded(slug) ? (
        <PageLoader label="Loading webhooks" />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<WebhookIcon className="size-5" />}
          title="No webhooks yet"
          description="Add a webhook to tell another service about changes in this workspace as they happen."
          action={addButton}
        />
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {list.map((webhook) => (
            <li key={webhook.id} aria-label={webhook.url} className="flex items-start gap-3 px-4 py-3">
              <Switch
                checked={webhook.is_active}
                onCheckedChange={(on) => toggle(webhook, on)}
                aria-label={`${webhook.is_active ? 'Disable' : 'Enable'} ${webhook.url}`}
                className="mt-0.5"
              />
              <div className="min-w-0 flex-1">
                <div className="truncate font-mono text-sm text-fg" title={webhook.url}>
                  {webhook.url}
                </div>
                <div className="mt-0.5 text-xs text-fg-muted">
                  {describeEvents(flagsOf(webhook))} · secret {webhook.secret_key_masked}
                  {!webhook.is_active && <span className="ml-1 font-medium text-danger">· off</span>}
                </div>
              </div>
              <div className="flex shrink-0 gap-1">
                <IconButton label={`Deliveries of ${webhook.url}`} onClick={() => setLogsOf(webhook)}>
                  <History className="size-4" aria-hidden />
                </IconButton>
                <IconButton label={`Edit ${webhook.url}`} onClick={() => setEditing(webhook)}>
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  label={`Regenerate the secret of ${webhook.url}`}
                  onClick={() => setRegenerating(webhook)}
                >
                  <RefreshCw className="size-4" aria-hidden />
                </IconButton>
                <IconButton label={`Delete ${webhook.url}`} onClick={() => setDeleting(webhook)}>
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}

      <WebhookDialog
        slug={slug}
        open={editing !== null}
        webhook={editing === 'new' ? null : editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onCreated={(shown) => setSecret({ shown, regenerated: false })}
      />
      <WebhookSecretDialog
        shown={secret?.shown ?? null}
        regenerated={secret?.regenerated ?? false}
        onClose={() => setSecret(null)}
      />
      <WebhookLogsDialog slug={slug} webhook={logsOf} onClose={() => setLogsOf(null)} />
      <ConfirmDialog
        open={regenerating !== null}
        onOpenChange={(open) => !open && setRegenerating(null)}
        title="Regenerate the signing secret?"
        description="The current secret stops signing deliveries at once: update your receiver with the new one."
        confirmLabel="Regenerate"
        onConfirm={regenerate}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this webhook?"
        description={`${deleting?.url ?? ''} gets no more deliveries, and its delivery log is deleted. This cannot be undone.`}
        confirmLabel="Delete webhook"
        onConfirm={remove}
      />
    </div>
  );
});

function WebhooksRouteScreen() {
  const { workspaceSlug = '' } = useParams({ strict: false });
  return <WebhooksScreen key={workspaceSlug} slug={workspaceSlug} />;
}

/** The lazily loaded half of the route in routes/WorkspaceSettingsWebhooksRoute.tsx. */
export const WebhooksLazyRoute = createLazyRoute('/authed/$workspaceSlug/settings/webhooks')({
  component: WebhooksRouteScreen,
});
