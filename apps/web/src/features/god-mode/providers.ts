import type { InstanceConfig } from '@kite/shared/contracts';
import type { FieldKind, FormValue } from './configValues.ts';

export type ProviderId = 'google' | 'github' | 'gitlab' | 'gitea' | 'oidc';

export interface ProviderField {
  key: string;
  label: string;
  kind: Exclude<FieldKind, 'bool'>;
  placeholder?: string;
  hint?: string;
  optional?: boolean;
}

export interface ProviderDefinition {
  id: ProviderId;
  name: string;
  description: string;
  /** The IS_*_ENABLED key of the switch. */
  enableKey: string;
  fields: ProviderField[];
  /** Whether the server reports it on (switched on and completely configured). */
  isOn: (config: InstanceConfig) => boolean;
  defaults?: Record<string, FormValue>;
}

const clientFields = (prefix: string, idHint: string): ProviderField[] => [
  { key: `${prefix}_CLIENT_ID`, label: 'Client ID', kind: 'text', hint: idHint },
  { key: `${prefix}_CLIENT_SECRET`, label: 'Client secret', kind: 'secret' },
];

/** The sign-in providers an instance admin can configure, in the order the console shows them. */
export const PROVIDERS: readonly ProviderDefinition[] = [
  {
    id: 'google',
    name: 'Google',
    description: 'Sign in with a Google account (an OAuth client of Google Cloud).',
    enableKey: 'IS_GOOGLE_ENABLED',
    fields: clientFields('GOOGLE', 'From the OAuth client in the Google Cloud console.'),
    isOn: (c) => c.is_google_enabled,
  },
  {
    id: 'github',
    name: 'GitHub',
    description: 'Sign in with a GitHub account (a GitHub OAuth app).',
    enableKey: 'IS_GITHUB_ENABLED',
    fields: clientFields('GITHUB', 'From the OAuth app in GitHub’s developer settings.'),
    isOn: (c) => c.is_github_enabled,
  },
  {
    id: 'gitlab',
    name: 'GitLab',
    description: 'Sign in with an account of gitlab.com or your own GitLab server.',
    enableKey: 'IS_GITLAB_ENABLED',
    fields: [
      {
        key: 'GITLAB_HOST',
        label: 'GitLab host',
        kind: 'text',
        placeholder: 'https://gitlab.com',
        hint: 'Empty for gitlab.com.',
        optional: true,
      },
      ...clientFields('GITLAB', 'The application ID of the GitLab application.'),
    ],
    isOn: (c) => c.is_gitlab_enabled,
  },
  {
    id: 'gitea',
    name: 'Gitea',
    description: 'Sign in with an account of your Gitea or Forgejo server.',
    enableKey: 'IS_GITEA_ENABLED',
    fields: [
      { key: 'GITEA_HOST', label: 'Gitea host', kind: 'text', placeholder: 'https://gitea.example.com' },
      ...clientFields('GITEA', 'From the OAuth2 application in Gitea’s settings.'),
    ],
    isOn: (c) => c.is_gitea_enabled,
  },
  {
    id: 'oidc',
    name: 'OpenID Connect',
    description: 'Single sign-on through any OpenID Connect provider (Keycloak, Authentik, Okta, Entra ID…).',
    enableKey: 'IS_OIDC_ENABLED',
    fields: [
      {
        key: 'OIDC_ISSUER_URL',
        label: 'Issuer URL',
        kind: 'text',
        placeholder: 'https://sso.example.com/realms/main',
        hint: 'Its discovery document is read from /.well-known/openid-configuration.',
      },
      ...clientFields('OIDC', 'The client registered for this instance at the provider.'),
      { key: 'OIDC_SCOPES', label: 'Scopes', kind: 'text', placeholder: 'openid email profile' },
      {
        key: 'OIDC_BUTTON_LABEL',
        label: 'Button label',
        kind: 'text',
        placeholder: 'Sign in with SSO',
        optional: true,
      },
      {
        key: 'OIDC_ALLOWED_DOMAINS',
        label: 'Allowed email domains',
        kind: 'text',
        placeholder: 'example.com, example.org',
        hint: 'Comma-separated. Empty: any domain may sign in.',
        optional: true,
      },
    ],
    isOn: (c) => c.is_oidc_enabled,
    defaults: { OIDC_SCOPES: 'openid email profile' },
  },
];

/** The keys of a provider's form with how each is edited. */
export function providerFieldKinds(provider: ProviderDefinition): Record<string, FieldKind> {
  return {
    [provider.enableKey]: 'bool',
    ...Object.fromEntries(provider.fields.map((f) => [f.key, f.kind])),
  };
}

/** The URL to register at the provider as the OAuth redirect / callback. */
export function callbackUrl(origin: string, provider: ProviderId): string {
  return `${origin}/auth/${provider}/callback/`;
}
