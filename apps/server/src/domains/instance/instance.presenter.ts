import type { InstanceResponse } from '@kite/shared/contracts';
import type { Config } from '../../config.ts';
import type { InstanceRow } from './instance.repo.ts';
import type { EffectiveSettings } from './instance-settings.ts';

export const APP_VERSION = '0.1.0';

export function presentInstance(
  current: { row: InstanceRow; settings: EffectiveSettings; workspacesExist: boolean },
  config: Config,
  isSmtp: boolean,
): InstanceResponse {
  const { row, settings } = current;
  return {
    instance: {
      id: row.id,
      instance_name: row.instance_name,
      instance_id: row.instance_id,
      current_version: APP_VERSION,
      edition: 'community',
      is_activated: true,
      is_setup_done: row.is_setup_done,
      is_telemetry_enabled: row.is_telemetry_enabled,
      workspaces_exist: current.workspacesExist,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    },
    config: {
      enable_signup: settings.enableSignup,
      is_workspace_creation_disabled: settings.disableWorkspaceCreation,
      is_email_password_enabled: settings.enableEmailPassword,
      is_magic_login_enabled: settings.enableMagicLinkLogin,
      is_smtp_configured: isSmtp,
      is_google_enabled: settings.providers.google.enabled,
      is_github_enabled: settings.providers.github.enabled,
      is_gitlab_enabled: settings.providers.gitlab.enabled,
      is_gitea_enabled: settings.providers.gitea.enabled,
      is_oidc_enabled: settings.providers.oidc.enabled,
      oidc_button_label: settings.providers.oidc.enabled
        ? (settings.providers.oidc.buttonLabel ?? null)
        : null,
      file_size_limit: config.fileSizeLimit,
      app_base_url: config.appBaseUrl ?? null,
      space_base_url: config.appBaseUrl ?? null,
      admin_base_url: config.appBaseUrl ?? null,
      has_unsplash_configured: false,
      has_llm_configured: false,
    },
  };
}
