import { z } from 'zod';
import { trimmed } from './common.ts';

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  cover_image: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  date_joined: z.string(),
  is_active: z.boolean(),
  is_bot: z.boolean(),
  is_email_verified: z.boolean(),
  is_password_autoset: z.boolean(),
  user_timezone: z.string(),
  last_login_medium: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const updateMeBodySchema = z.object({
  first_name: trimmed().max(255).optional(),
  last_name: trimmed().max(255).optional(),
  display_name: trimmed().min(1, 'Display name is required').max(255).optional(),
  user_timezone: trimmed().min(1).max(64).optional(),
  avatar: trimmed().max(800).nullable().optional(),
  cover_image: trimmed().max(800).nullable().optional(),
});
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;

export const THEME_NAMES = ['light', 'dark', 'system', 'custom'] as const;

/** The theme blob keeps the spec's camelCase inner keys. */
export const themeSchema = z.object({
  theme: z.string().optional(),
  text: z.string().optional(),
  palette: z.string().optional(),
  primary: z.string().optional(),
  background: z.string().optional(),
  darkPalette: z.boolean().optional(),
  sidebarText: z.string().optional(),
  sidebarBackground: z.string().optional(),
});
export type Theme = z.infer<typeof themeSchema>;

export const ONBOARDING_STEPS = [
  'workspace_join',
  'profile_complete',
  'workspace_create',
  'workspace_invite',
] as const;
export const onboardingStepSchema = z.object({
  workspace_join: z.boolean().optional(),
  profile_complete: z.boolean().optional(),
  workspace_create: z.boolean().optional(),
  workspace_invite: z.boolean().optional(),
});
export type OnboardingStep = Record<(typeof ONBOARDING_STEPS)[number], boolean>;

export const profileSchema = z.object({
  id: z.string(),
  user: z.string(),
  role: z.string().nullable(),
  last_workspace_id: z.string().nullable(),
  theme: z.record(z.string(), z.unknown()),
  onboarding_step: z.record(z.string(), z.boolean()),
  is_onboarded: z.boolean(),
  is_tour_completed: z.boolean(),
  use_case: z.string().nullable(),
  billing_address_country: z.string().nullable(),
  billing_address: z.string().nullable(),
  has_billing_address: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileBodySchema = z.object({
  role: trimmed().max(300).nullable().optional(),
  last_workspace_id: z.uuid().nullable().optional(),
  theme: themeSchema.optional(),
  onboarding_step: onboardingStepSchema.optional(),
  is_onboarded: z.boolean().optional(),
  is_tour_completed: z.boolean().optional(),
  use_case: trimmed().max(300).nullable().optional(),
  billing_address_country: trimmed().max(255).nullable().optional(),
  billing_address: trimmed().max(2000).nullable().optional(),
  has_billing_address: z.boolean().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

export const onboardBodySchema = z.object({ is_onboarded: z.boolean() });
export const tourCompletedBodySchema = z.object({ is_tour_completed: z.boolean() });

export const settingsSchema = z.object({
  id: z.string(),
  email: z.string(),
  workspace: z.object({
    last_workspace_id: z.string().nullable(),
    last_workspace_slug: z.string().nullable(),
    fallback_workspace_id: z.string().nullable(),
    fallback_workspace_slug: z.string().nullable(),
    invites: z.number(),
  }),
});
export type Settings = z.infer<typeof settingsSchema>;

export const notificationPreferencesSchema = z.object({
  property_change: z.boolean(),
  state_change: z.boolean(),
  comment: z.boolean(),
  mention: z.boolean(),
  issue_completed: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const updateNotificationPreferencesBodySchema = notificationPreferencesSchema.partial();

export const accountSchema = z.object({
  id: z.string(),
  provider: z.string(),
  provider_account_id: z.string(),
  /** The email the provider reported when the account was linked. */
  email: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type LinkedAccount = z.infer<typeof accountSchema>;
export const instanceAdminSchema = z.object({ is_instance_admin: z.boolean() });

export const activitySchema = z.object({
  id: z.string(),
  verb: z.string(),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  comment: z.string().nullable(),
  actor: z.string().nullable(),
  actor_detail: z.unknown().nullable(),
  issue: z.string().nullable(),
  project: z.string().nullable(),
  workspace: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
