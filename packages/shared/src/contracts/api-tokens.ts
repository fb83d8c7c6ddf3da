import { z } from 'zod';
import { auditFields, timestamp, trimmed } from './common.ts';

/** Personal API tokens (api.md §14): the caller's own tokens for one workspace. */

export const API_TOKEN_PREFIX = 'plane_api_';

export const apiTokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  /** False once `expired_at` has passed. */
  is_active: z.boolean(),
  last_used: timestamp.nullable(),
  expired_at: timestamp.nullable(),
  /** `plane_api_****` and the token's last 4 characters. */
  token_masked: z.string(),
  workspace: z.string(),
  user: z.string(),
  user_type: z.number(),
  created_at: auditFields.created_at,
  updated_at: auditFields.updated_at,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The create answer: the only time the full token is ever sent. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** An expiry instant: a timestamp, or a date (read as the end of that day, UTC). */
const expiry = z
  .string()
  .max(64)
  .regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, 'Must be a timestamp (YYYY-MM-DDTHH:MM…) or a date')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid timestamp')
  .transform((v) => (v.length === 10 ? `${v}T23:59:59.999Z` : new Date(v).toISOString()));

export const createApiTokenBodySchema = z.object({
  label: trimmed().min(1, 'Label is required').max(255, 'Label cannot exceed 255 characters'),
  description: trimmed().max(2000, 'Description cannot exceed 2000 characters').optional(),
  /** Null or absent: the token never expires. */
  expired_at: expiry.nullable().optional(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;
