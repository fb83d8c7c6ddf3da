import { z } from 'zod';

export const instanceSchema = z.object({
  id: z.string(),
  instance_name: z.string(),
  instance_id: z.string(),
  current_version: z.string(),
  edition: z.string(),
  is_activated: z.boolean(),
  is_setup_done: z.boolean(),
  is_telemetry_enabled: z.boolean(),
  workspaces_exist: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const instanceConfigSchema = z.object({
  enable_signup: z.boolean(),
  is_workspace_creation_disabled: z.boolean(),
  is_email_password_enabled: z.boolean(),
  is_magic_login_enabled: z.boolean(),
  is_smtp_configured: z.boolean(),
  is_google_enabled: z.boolean(),
  is_github_enabled: z.boolean(),
  is_gitlab_enabled: z.boolean(),
  is_gitea_enabled: z.boolean(),
  /** A generic OpenID Connect provider is on (not in Plane's community edition). */
  is_oidc_enabled: z.boolean(),
  /** The OIDC sign-in button's text (`OIDC_BUTTON_LABEL`); null when OIDC is off. */
  oidc_button_label: z.string().nullable(),
  file_size_limit: z.number(),
  app_base_url: z.string().nullable(),
  space_base_url: z.string().nullable(),
  admin_base_url: z.string().nullable(),
  has_unsplash_configured: z.boolean(),
  has_llm_configured: z.boolean(),
});
export type InstanceConfig = z.infer<typeof instanceConfigSchema>;

export const instanceResponseSchema = z.object({ instance: instanceSchema, config: instanceConfigSchema });
export type InstanceResponse = z.infer<typeof instanceResponseSchema>;

export const updateInstanceBodySchema = z.object({
  instance_name: z.string().trim().min(1).max(255).optional(),
  is_telemetry_enabled: z.boolean().optional(),
});

export const instanceConfigurationSchema = z.object({
  key: z.string(),
  value: z.string().nullable(),
  category: z.string(),
  is_encrypted: z.boolean(),
});
export const updateInstanceConfigurationsBodySchema = z.record(
  z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  z.union([z.string(), z.boolean(), z.number()]).nullable(),
);

export const healthSchema = z.object({ status: z.string() });
