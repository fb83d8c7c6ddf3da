import { z } from 'zod';
import { trimmed } from './common.ts';
import { slugSchema } from './workspaces.ts';

/**
 * The instance admin console's API (`/god-mode`, api.md §1.4): users, workspaces, the test
 * email and the audit of what admins changed. Instance admins only; others get 404.
 */

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  is_active: z.boolean(),
  is_instance_admin: z.boolean(),
  is_email_verified: z.boolean(),
  /** Sign-in providers linked to the account (`google`, `github`, `gitlab`, `gitea`, `oidc`). */
  providers: z.array(z.string()),
  last_login_medium: z.string().nullable(),
  last_login_at: z.string().nullable(),
  date_joined: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  /** Matches email, display name, first or last name (case-insensitive substring). */
  search: z.string().max(200).optional(),
  cursor: z.string().max(100).optional(),
  /** Absent: the cursor's page size, else 50 (api.md §0.6), so no default here. */
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});

export const updateAdminUserBodySchema = z
  .object({ is_active: z.boolean().optional(), is_instance_admin: z.boolean().optional() })
  .refine((b) => b.is_active !== undefined || b.is_instance_admin !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateAdminUserBody = z.infer<typeof updateAdminUserBodySchema>;

export const adminWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  owner: z.object({ id: z.string(), email: z.string(), display_name: z.string() }).nullable(),
  total_members: z.number(),
  total_projects: z.number(),
  created_at: z.string(),
});
export type AdminWorkspace = z.infer<typeof adminWorkspaceSchema>;

export const adminWorkspacesQuerySchema = z.object({
  search: z.string().max(200).optional(),
  cursor: z.string().max(100).optional(),
  /** Absent: the cursor's page size, else 50 (api.md §0.6), so no default here. */
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * A workspace made from the console is owned (admin role) by the admin who made it. The slug obeys
 * the same rules (pattern, length, reserved words) as `POST /api/workspaces/`.
 */
export const createAdminWorkspaceBodySchema = z.object({
  name: trimmed().min(1, 'Name is required').max(80),
  slug: slugSchema,
});

export const emailCredentialsCheckBodySchema = z.object({
  receiver_email: trimmed().email('Invalid email').max(254),
});

/** The SMTP server's answer to the test email it accepted. */
export const emailCredentialsCheckResponseSchema = z.object({ message: z.string() });

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.object({ id: z.string(), email: z.string(), display_name: z.string() }).nullable(),
  /** e.g. `configuration.updated`, `instance.updated`, `user.deactivated`, `workspace.created`. */
  action: z.string(),
  /** What was changed: a configuration key, a user's email, a workspace slug. */
  target: z.string().nullable(),
  /** Old and new values of non-secret settings; a secret is `{changed: true}`, never its value. */
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  cursor: z.string().max(100).optional(),
  /** Absent: the cursor's page size, else 50 (api.md §0.6), so no default here. */
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});
