import type { ApiToken, ApiTokenCreated } from '@kite/shared/contracts';
import { createLazyRoute, useParams } from '@tanstack/react-router';
import clsx from 'clsx';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useStores } from '../../app/StoresContext.tsx';
import { errorMessage } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, IconButton } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageLoader } from '../../ui/Spinner.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { describeExpiry, describeLastUsed, formatDate } from './apiTokenDates.ts';
import { CreateApiTokenDialog } from './CreateApiTokenDialog.tsx';
import { TokenCreatedDialog } from './TokenCreatedDialog.tsx';

/**
 * The caller's API tokens for one workspace (`/{slug}/settings/api-tokens`, api.md §14): the list,
 * a new token (shown in full once), and deleting one.
 */
export const ApiTokensScreen = observer(function ApiTokensScreen({ slug }: { slug: string }) {
  const { apiTokens, workspaces } = useStores();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [deleting, setDeleting] = useState<ApiToken | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const workspaceName = workspaces.get(slug)?.name ?? 'this workspace';

  const load = () => {
    setLoadError(null);
    apiTokens
      .fetch(slug)
      .catch((error) => setLoadError(errorMessage(error, 'The tokens could not be loaded')));
  };
  // The route's loader fetched them; a failed load is retried here once the screen shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per workspace
  useEffect(() => {
    if (!apiTokens.isLoaded(slug)) load();
  }, [slug]);

  const remove = async () => {
    if (!deleting) return;
    const token = deleting;
    try {
      await apiTokens.remove(slug, token.id);
      toast.success(`“${token.label}” was deleted: it no longer works`);
    } catch (error) {
      toastError(error, 'The token could not be deleted');
      throw error;
    }
  };

  const tokens = apiTokens.tokensOf(slug);
  const now = new Date();
  const addButton = (
    <Button variant="primary" onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden /> Add API token
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-fg">API tokens</h2>
          <p className="text-sm text-fg-muted">
            Tokens let scripts, CI and the Plane SDKs use the API as you in {workspaceName}, with your role.
          </p>
        </div>
        {tokens.length > 0 && addButton}
      </div>

      {loadError ? (
        <Alert tone="error">
          {loadError}{' '}
          <Button variant="link" onClick={load}>
            Try again
          </Button>
        </Alert>
      ) : !apiTokens.isLoaded(slug) ? (
        <PageLoader label="Loading API tokens" />
      ) : tokens.length === 0 ? (
        <EmptyState
          icon={<KeyRound className="size-5" />}
          title="No API tokens yet"
          description="Create a token to call the API from scripts, CI or the Plane SDKs. It is shown only once."
          action={addButton}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">API tokens</caption>
            <thead className="border-b border-border bg-surface text-xs font-medium text-fg-muted">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Token
                </th>
                <th scope="col" className="w-44 px-4 py-2.5 font-medium">
                  Expiry
                </th>
                <th scope="col" className="w-36 px-4 py-2.5 font-medium">
                  Last used
                </th>
                <th scope="col" className="w-12 px-2 py-2.5">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {tokens.map((token) => (
                <tr key={token.id} aria-label={token.label}>
                  <td className="px-4 py-3 align-top">
                    <div className="font-medium text-fg">{token.label}</div>
                    {token.description && <div className="mt-0.5 text-fg-muted">{token.description}</div>}
                    <div className="mt-1 font-mono text-xs text-fg-subtle">
                      {token.token_masked} · created {formatDate(token.created_at)}
                    </div>
                  </td>
                  <td
                    className={clsx(
                      'px-4 py-3 align-top whitespace-nowrap',
                      token.is_active ? 'text-fg' : 'font-medium text-danger',
                    )}
                  >
                    {describeExpiry(token, now)}
                  </td>
                  <td className="px-4 py-3 align-top whitespace-nowrap text-fg-muted">
                    <span title={token.last_used ? new Date(token.last_used).toLocaleString() : undefined}>
                      {describeLastUsed(token.last_used, now)}
                    </span>
                  </td>
                  <td className="px-2 py-2.5 align-top">
                    <IconButton label={`Delete ${token.label}`} onClick={() => setDeleting(token)}>
                      <Trash2 className="size-4" aria-hidden />
                    </IconButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <CreateApiTokenDialog slug={slug} open={creating} onOpenChange={setCreating} onCreated={setCreated} />
      <TokenCreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.label ?? ''}”?`}
        description="Anything using this token stops working at once. This cannot be undone."
        confirmLabel="Delete token"
        onConfirm={remove}
      />
    </div>
  );
});

function ApiTokensRouteScreen() {
  const { workspaceSlug = '' } = useParams({ strict: false });
  return <ApiTokensScreen key={workspaceSlug} slug={workspaceSlug} />;
}

/** The lazily loaded half of the route in routes/WorkspaceSettingsApiTokensRoute.tsx. */
export const ApiTokensLazyRoute = createLazyRoute('/authed/$workspaceSlug/settings/api-tokens')({
  component: ApiTokensRouteScreen,
});
