import { ROLE } from '@kite/shared/domain';
import { createLazyRoute, Link, useParams } from '@tanstack/react-router';
import { History, Pencil, Plus, RefreshCw, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses, IconButton } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useWebhookActions } from './useWebhookActions.tsx';
import { describeEvents, flagsOf } from './webhookEvents.ts';

/**
 * A workspace's webhooks (`/{slug}/settings/webhooks`, api.md §13, admins only): the list with
 * an on/off switch, add and edit, the secret shown once, regenerate and delete; each links to its
 * own page (`/{slug}/settings/webhooks/{webhookId}`, `WebhookScreen`) with its delivery log.
 */
export const WebhooksScreen = observer(function WebhooksScreen({ slug }: { slug: string }) {
  const { webhooks, workspaces } = useStores();
  const actions = useWebhookActions(slug);
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

  if (role !== null && !isAdmin) {
    return (
      <Alert tone="info">Only workspace admins can manage webhooks. Ask an admin of this workspace.</Alert>
    );
  }

  const list = webhooks.webhooksOf(slug);
  const addButton = (
    <Button variant="primary" onClick={actions.add}>
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
                onCheckedChange={(on) => actions.toggle(webhook, on)}
                aria-label={`${webhook.is_active ? 'Disable' : 'Enable'} ${webhook.url}`}
                className="mt-0.5"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to="/$workspaceSlug/settings/webhooks/$webhookId"
                  params={{ workspaceSlug: slug, webhookId: webhook.id }}
                  className="block truncate font-mono text-sm text-fg hover:text-link hover:underline"
                  title={webhook.url}
                >
                  {webhook.url}
                </Link>
                <div className="mt-0.5 text-xs text-fg-muted">
                  {describeEvents(flagsOf(webhook))} · secret {webhook.secret_key_masked}
                  {!webhook.is_active && <span className="ml-1 font-medium text-danger">· off</span>}
                </div>
              </div>
              <div className="flex shrink-0 gap-1">
                <Link
                  to="/$workspaceSlug/settings/webhooks/$webhookId"
                  params={{ workspaceSlug: slug, webhookId: webhook.id }}
                  hash="deliveries"
                  aria-label={`Deliveries of ${webhook.url}`}
                  title={`Deliveries of ${webhook.url}`}
                  className={buttonClasses('ghost', 'md', 'w-8 px-0!')}
                >
                  <History className="size-4" aria-hidden />
                </Link>
                <IconButton label={`Edit ${webhook.url}`} onClick={() => actions.edit(webhook)}>
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                <IconButton
                  label={`Regenerate the secret of ${webhook.url}`}
                  onClick={() => actions.regenerate(webhook)}
                >
                  <RefreshCw className="size-4" aria-hidden />
                </IconButton>
                <IconButton label={`Delete ${webhook.url}`} onClick={() => actions.remove(webhook)}>
                  <Trash2 className="size-4" aria-hidden />
                </IconButton>
              </div>
            </li>
          ))}
        </ul>
      )}

      {actions.dialogs}
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
