import type { LinkedAccount } from '@kite/shared/contracts';
import { isOAuthProvider, OAUTH_PROVIDER_LABELS } from '@kite/shared/domain';
import { useEffect, useState } from 'react';
import { api, seg } from '../../lib/api.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast, toastError } from '../../ui/toast.ts';
import { SettingsSection } from '../app-shell/SettingsNav.tsx';

const providerName = (provider: string) =>
  isOAuthProvider(provider) ? OAUTH_PROVIDER_LABELS[provider] : provider;
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The sign-in providers linked to the account (api.md §2.2), each of which can be unlinked. */
export function LinkedAccountsSection() {
  const [accounts, setAccounts] = useState<LinkedAccount[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [unlinking, setUnlinking] = useState<LinkedAccount | null>(null);

  useEffect(() => {
    let live = true;
    api
      .get<LinkedAccount[]>('/api/users/me/accounts/')
      .then((list) => live && setAccounts(list))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  const unlink = async () => {
    if (!unlinking) return;
    try {
      await api.delete(`/api/users/me/accounts/${seg(unlinking.id)}/`);
    } catch (error) {
      // The last way to sign in stays: the server says what to do first.
      toastError(error);
      throw error;
    }
    setAccounts((list) => list?.filter((a) => a.id !== unlinking.id) ?? null);
    toast.success(`${providerName(unlinking.provider)} unlinked`);
  };

  return (
    <SettingsSection
      title="Sign-in providers"
      description="Accounts at other services you sign in with. Sign in with one to link it; its email must match this account's."
    >
      {failed ? (
        <Alert tone="error">Your linked accounts could not be loaded. Reload the page to try again.</Alert>
      ) : accounts === null ? (
        <Spinner label="Loading linked accounts" />
      ) : accounts.length === 0 ? (
        <p className="text-sm text-fg-muted">No provider is linked to this account.</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {accounts.map((account) => (
            <li key={account.id} className="flex items-center gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg">{providerName(account.provider)}</p>
                <p className="truncate text-xs text-fg-muted">
                  {account.email ?? account.provider_account_id} · linked {day(account.created_at)}
                  {account.last_used_at && ` · last used ${day(account.last_used_at)}`}
                </p>
              </div>
              <Button
                size="sm"
                onClick={() => setUnlinking(account)}
                aria-label={`Unlink ${providerName(account.provider)}`}
              >
                Unlink
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => !open && setUnlinking(null)}
        title={`Unlink ${unlinking ? providerName(unlinking.provider) : ''}?`}
        description="You can no longer sign in with it until you sign in with it again."
        confirmLabel="Unlink"
        onConfirm={unlink}
      />
    </SettingsSection>
  );
}
