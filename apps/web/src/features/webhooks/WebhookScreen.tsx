import type { Webhook } from '@kite/shared/contracts';
import { ROLE } from '@kite/shared/domain';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Pencil, RefreshCw, SearchX, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useWebhookActions } from './useWebhookActions.tsx';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { describeEvents, flagsOf } from './webhookEvents.ts';

/**
 * One webhook's page (`/{slug}/settings/webhooks/{webhookId}`, spec §2's webhookId, admins only):
 * its settings — URL and events (edit), on or off, the masked secret (regenerate), delete — and
 * its delivery log. An id that is not one of this workspace's webhooks is "Webhook not found".
 */
export const WebhookScreen = observer(function WebhookScreen({
  slug,
  webhookId,
}: {
  slug: string;
  webhookId: string;
}) {
  const { webhooks, workspaces } = useStores();
  const navigate = useNavigate();
  const backToList = () =>
    void navigate({ to: '/$workspaceSlug/settings/webhooks', params: { workspaceSlug: slug } });
  const actions = useWebhookActions(slug, { onDeleted: backToList });
  const [loadError, setLoadError] = useState<string | null>(null);
  const role = workspaces.get(slug)?.role ?? null;
  const isAdmin = role !== null && role >= ROLE.ADMIN;

  const load = () => {
    setLoadError(null);
    webhooks
      .fetch(slug)
      .catch((error) => setLoadError(errorMessage(error, 'The webhook could not be loaded')));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per workspace
  useEffect(() => {
    if (!webhooks.isLoaded(slug) && isAdmin) load();
  }, [slug, isAdmin]);

  // While its deletion is on its way the store has dropped it: keep showing it until we leave.
  const found = webhooks.get(slug, webhookId);
  const last = useRef<Webhook | undefined>(undefined);
  if (found) last.current = found;
  const webhook = found ?? (actions.removingId === webhookId ? last.current : undefined);

  const back = (
    <Link
      to="/$workspaceSlug/settings/webhooks"
      params={{ workspaceSlug: slug }}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-fg-muted hover:text-fg"
    >
      <ArrowLeft className="size-4" aria-hidden /> All webhooks
    </Link>
  );

  if (role !== null && !isAdmin)
    return (
      <Alert tone="info">Only workspace admins can manage webhooks. Ask an admin of this workspace.</Alert>
    );
  if (loadError)
    return (
      <Alert tone="error">
        {loadError}{' '}
        <Button variant="link" onClick={load}>
          Try again
        </Button>
      </Alert>
    );
  if (!webhooks.isLoaded(slug)) return <PageLoader label="Loading webhook" />;
  if (!webhook)
    return (
      <div className="flex flex-col gap-6">
        {back}
        <EmptyState
          icon={<SearchX className="size-5" />}
          title="Webhook not found"
          description="This workspace has no webhook at this address: it was deleted, or the link is wrong."
          action={
            <Link
              to="/$workspaceSlug/settings/webhooks"
              params={{ workspaceSlug: slug }}
              className={buttonClasses('primary', 'md')}
            >
              Show the webhooks
            </Link>
          }
        />
      </div>
    );

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-4">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="text-xs font-medium text-fg-subtle">Webhook</p>
            <h2 className="break-all font-mono text-lg font-semibold text-fg">{webhook.url}</h2>
          </div>
          <div className="flex shrink-0 gap-2">
            <Button onClick={() => actions.edit(webhook)}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Button>
            <Button onClick={() => actions.regenerate(webhook)}>
              <RefreshCw className="size-4" aria-hidden /> Regenerate secret
            </Button>
            <Button variant="danger" onClick={() => actions.remove(webhook)}>
              <Trash2 className="size-4" aria-hidden /> Delete
            </Button>
          </div>
        </div>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-lg border border-border px-4 py-3 text-sm">
          <dt className="text-fg-muted">Status</dt>
          <dd className="flex items-center gap-2">
            <Switch
              checked={webhook.is_active}
              onCheckedChange={(on) => actions.toggle(webhook, on)}
              aria-label={`${webhook.is_active ? 'Disable' : 'Enable'} ${webhook.url}`}
            />
            <span className={webhook.is_active ? 'text-fg' : 'font-medium text-danger'}>
              {webhook.is_active ? 'On: changes are sent' : 'Off: nothing is sent'}
            </span>
          </dd>
          <dt className="text-fg-muted">Events</dt>
          <dd className="text-fg">{describeEvents(flagsOf(webhook))}</dd>
          <dt className="text-fg-muted">Signing secret</dt>
          <dd className="font-mono text-fg">{webhook.secret_key_masked}</dd>
          <dt className="text-fg-muted">Created</dt>
          <dd className="text-fg">{new Date(webhook.created_at).toLocaleString()}</dd>
        </dl>
      </div>
      <WebhookDeliveries slug={slug} webhook={webhook} />
      {actions.dialogs}
    </div>
  );
});

const route = getRouteApi('/authed/$workspaceSlug/settings/webhooks/$webhookId');

/** The screen of the webhook route in routes/WorkspaceSettingsWebhooksRoute.tsx, given the URL's params. */
export function WebhookRouteScreen() {
  const { workspaceSlug, webhookId } = route.useParams();
  return <WebhookScreen key={`${workspaceSlug}/${webhookId}`} slug={workspaceSlug} webhookId={webhookId} />;
}
