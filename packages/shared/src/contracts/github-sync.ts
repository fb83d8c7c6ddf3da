import { z } from 'zod';
import { smallJsonObject } from './common.ts';

/** GitHub repository sync (api.md §4.9): a project linked to one repository; project admins only. */

export const GITHUB_IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type GithubImportStatus = (typeof GITHUB_IMPORT_STATUSES)[number];

export const githubRepositorySyncSchema = z.object({
  id: z.string(),
  repository: z.object({
    name: z.string(),
    owner: z.string(),
    url: z.string(),
    repository_id: z.number(),
  }),
  /** The project's "GitHub" label, put on every synced work item (null once deleted). */
  label: z.string().nullable(),
  /** Who linked the repository; imported items and comments are made in their name. */
  actor: z.string(),
  config: z.record(z.string(), z.unknown()),
  /** The one-time import of the repository's issues and comments. */
  import_status: z.enum(GITHUB_IMPORT_STATUSES),
  /**
   * ≠ Plane: where GitHub must send the repository's `issues` and `issue_comment` webhook events
   * (content type application/json), signed with the secret answered once on link.
   */
  webhook_url: z.string(),
  created_at: z.string(),
});
export type GithubRepositorySync = z.infer<typeof githubRepositorySyncSchema>;

/** The link answer: the only time the inbound webhook's secret is sent. */
export const githubRepositorySyncWithSecretSchema = githubRepositorySyncSchema.extend({
  webhook_secret: z.string(),
});
export type GithubRepositorySyncWithSecret = z.infer<typeof githubRepositorySyncWithSecretSchema>;

/** GitHub's own rules for owner and repository names. */
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPOSITORY = /^[A-Za-z0-9._-]{1,100}$/;

export const createGithubRepositorySyncBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Repository name is required')
    .regex(REPOSITORY, 'Not a GitHub repository name'),
  owner: z.string().trim().min(1, 'Owner is required').regex(OWNER, 'Not a GitHub user or organisation name'),
  url: z
    .string()
    .trim()
    .min(1, 'URL is required')
    .max(1024, 'URL cannot exceed 1024 characters')
    .regex(/^https?:\/\//i, 'Must be an http(s) URL'),
  repository_id: z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .positive('Must be a positive number'),
  credentials: z.object({
    access_token: z.string().trim().min(1, 'Access token is required').max(1000, 'Access token is too long'),
  }),
  config: smallJsonObject.optional(),
});
export type CreateGithubRepositorySyncBody = z.input<typeof createGithubRepositorySyncBodySchema>;
