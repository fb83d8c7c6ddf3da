import type { InstanceConfig } from '@kite/shared/contracts';
import { OAUTH_PROVIDER_LABELS, type OAuthProvider } from '@kite/shared/domain';
import { KeyRound } from 'lucide-react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../app/StoresContext.tsx';
import { buttonClasses } from '../../ui/Button.tsx';
import { ProviderMark } from './ProviderMark.tsx';

/** The providers the instance has on, in the order the buttons show them. */
export function enabledProviders(config: InstanceConfig | null): OAuthProvider[] {
  if (!config) return [];
  const on: Record<OAuthProvider, boolean> = {
    google: config.is_google_enabled,
    github: config.is_github_enabled,
    gitlab: config.is_gitlab_enabled,
    gitea: config.is_gitea_enabled,
    oidc: config.is_oidc_enabled,
  };
  return (Object.keys(on) as OAuthProvider[]).filter((p) => on[p]);
}

/** Where a provider's button goes: the server starts the flow and brings the browser back. */
export function providerStartUrl(provider: OAuthProvider, nextPath?: string): string {
  const query = nextPath ? `?${new URLSearchParams({ next_path: nextPath })}` : '';
  return `/auth/${provider}/${query}`;
}

/**
 * One button per sign-in provider the instance has on, above an "or" rule; nothing when none is.
 * Plain links: the sign-in leaves the app for the provider's page and comes back to the server.
 */
export const ProviderButtons = observer(function ProviderButtons({ nextPath }: { nextPath?: string }) {
  const { instance } = useStores();
  const providers = enabledProviders(instance.config);
  if (providers.length === 0) return null;
  return (
    <div className="mb-5">
      <ul className="flex flex-col gap-2" aria-label="Sign in with">
        {providers.map((provider) => {
          const label =
            provider === 'oidc'
              ? (instance.config?.oidc_button_label ?? 'Sign in with SSO')
              : `Continue with ${OAUTH_PROVIDER_LABELS[provider]}`;
          return (
            <li key={provider}>
              <a
                href={providerStartUrl(provider, nextPath)}
                className={buttonClasses('secondary', 'lg', 'w-full')}
              >
                {provider === 'oidc' ? (
                  <KeyRound aria-hidden className="size-4" />
                ) : (
                  <ProviderMark provider={provider} />
                )}
                {label}
              </a>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex items-center gap-3 text-xs text-fg-subtle" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  );
});
