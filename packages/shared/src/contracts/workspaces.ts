import { z } from 'zod';
import { isRole, ROLES, type Role } from '../domain/roles.ts';
import { slugProblem } from '../domain/slug.ts';
import { trimmed, userLiteSchema } from './common.ts';

export const roleSchema = z
  .number()
  .refine(isRole, { message: `Role must be one of ${ROLES.join(', ')}` }) as z.ZodType<Role, number>;

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  owner: z.string().nullable(),
  logo_url: z.string().nullable(),
  organization_size: z.string().nullable(),
  timezone: z.string(),
  total_members: z.number(),
  role: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** The slug rules of domain/slug.ts, after lower-casing the input. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export { ORGANIZATION_SIZES } from '../domain/organization.ts';

const workspaceName = trimmed().min(1, 'Name is required').max(80, 'Name cannot exceed 80 characters');
const timezoneSchema = trimmed().min(1).max(64);

export const createWorkspaceBodySchema = z.object({
  name: workspaceName,
  slug: slugSchema,
  organization_size: trimmed().max(20).nullable().optional(),
  timezone: timezoneSchema.optional(),
});
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>;

export const updateWorkspaceBodySchema = z.object({
  name: workspaceName.optional(),
  logo_url: trimmed().max(800).nullable().optional(),
  organization_size: trimmed().max(20).nullable().optional(),
  timezone: timezoneSchema.optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBodySchema>;

export const slugCheckQuerySchema = z.object({ slug: z.string().default('') });
export const slugCheckResponseSchema = z.object({ status: z.boolean() });

export const workspaceMemberSchema = z.object({
  id: z.string(),
  member: userLiteSchema,
  role: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceMemberMeSchema = z.object({
  id: z.string(),
  member: z.string(),
  role: z.number(),
  workspace: z.string(),
  view_props: z.record(z.string(), z.unknown()),
  default_props: z.record(z.string(), z.unknown()),
  issue_props: z.record(z.string(), z.unknown()),
  draft_issue_count: z.number(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WorkspaceMemberMe = z.infer<typeof workspaceMemberMeSchema>;

export const updateMemberBodySchema = z.object({ role: roleSchema });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.number(),
  accepted: z.boolean(),
  responded_at: z.string().nullable(),
  message: z.string().nullable(),
  expires_at: z.string(),
  workspace: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    logo_url: z.string().nullable(),
  }),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const emailSchema = trimmed()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'Enter a valid email' }));

export const createInvitationsBodySchema = z.object({
  emails: z.array(z.object({ email: emailSchema, role: roleSchema.default(15 as Role) })).max(100),
  message: trimmed().max(2000).nullable().optional(),
});
export type CreateInvitationsBody = z.input<typeof createInvitationsBodySchema>;
export const updateInvitationBodySchema = z.object({ role: roleSchema });
export const joinInvitationBodySchema = z.object({ token: z.string().min(1), accepted: z.boolean() });
export const acceptInvitationsBodySchema = z.object({ invitations: z.array(z.uuid()).min(1).max(100) });
