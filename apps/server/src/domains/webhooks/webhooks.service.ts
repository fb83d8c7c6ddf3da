import type {
  createWebhookBodySchema,
  Paginated,
  updateWebhookBodySchema,
  Webhook,
  WebhookLog,
  WebhookWithSecret,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/errors.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import { envelope, parsePage } from '../../platform/http/pagination.ts';
import type { WorkspaceAccess } from '../../platform/http/types.ts';
import { checkDestination, type Resolver } from '../../platform/security/destination.ts';
import type { SecretBox } from '../../platform/security/secret-box.ts';
import { newSecret } from './webhooks.policy.ts';
import { presentWebhook, presentWebhookLog } from './webhooks.presenter.ts';
import {
  deleteWebhook,
  findWebhook,
  insertWebhook,
  listWebhooks,
  pageWebhookLogs,
  updateWebhook,
} from './webhooks.repo.ts';

export type WebhooksService = ReturnType<typeof createWebhooksService>;
type CreateBody = z.output<typeof createWebhookBodySchema>;
type UpdateBody = z.output<typeof updateWebhookBodySchema>;

export interface WebhooksDeps {
  /** Seals and opens signing secrets (never stored in clear). */
  secrets: () => SecretBox;
  /** Lifts the destination address rules (an instance setting, read per call). */
  allowPrivate: () => Promise<boolean>;
  resolver?: Resolver;
}

const LOGS_PER_PAGE = 50;
const webhookNotFound = () => new AppError('not_found', 'Webhook not found');
const urlTaken = () => new AppError('conflict', 'URL already exists for the workspace', 'WEBHOOK_URL_EXISTS');

/** Workspace webhooks (api.md §13.1): CRUD, secret rotation and the delivery log. */
export function createWebhooksService(db: Db, deps: WebhooksDeps) {
  /** The URL's form and destination rules (§13.4); the normalised URL as stored. */
  async function vetUrl(raw: string): Promise<string> {
    const check = await checkDestination(raw, {
      resolver: deps.resolver,
      allowPrivate: await deps.allowPrivate(),
    });
    if (check.ok) return check.url.href;
    if (check.refusal === 'INVALID_URL') {
      throw new AppError('bad_request', 'Invalid URL', 'INVALID_URL', { fields: { url: check.reason } });
    }
    throw new AppError('bad_request', 'This destination is not allowed', 'BLOCKED_DESTINATION', {
      fields: { url: check.reason },
    });
  }

  async function getRow(access: WorkspaceAccess, webhookId: string) {
    const row = await findWebhook(db, access.workspace.id, webhookId);
    if (!row) throw webhookNotFound();
    return row;
  }

  return {
    async list(access: WorkspaceAccess): Promise<Webhook[]> {
      return (await listWebhooks(db, access.workspace.id)).map(presentWebhook);
    },

    /** A new webhook; its secret is answered in full this once. */
    async create(access: WorkspaceAccess, user: UserRow, body: CreateBody): Promise<WebhookWithSecret> {
      const url = await vetUrl(body.url);
      const secret = newSecret();
      try {
        const row = await insertWebhook(db, {
          workspace_id: access.workspace.id,
          url,
          is_active: body.is_active ?? true,
          project: body.project ?? false,
          issue: body.issue ?? false,
          cycle: body.cycle ?? false,
          module: body.module ?? false,
          issue_comment: body.issue_comment ?? false,
          intake_issue: body.intake_issue ?? false,
          secret_encrypted: deps.secrets().seal(secret),
          secret_last4: secret.slice(-4),
          created_by: user.id,
          updated_by: user.id,
        });
        return { ...presentWebhook(row), secret_key: secret };
      } catch (error) {
        if (isUniqueViolation(error)) throw urlTaken();
        throw error;
      }
    },

    async get(access: WorkspaceAccess, webhookId: string): Promise<Webhook> {
      return presentWebhook(await getRow(access, webhookId));
    },

    /** Changes the URL (checked again) and flags. */
    async update(
      access: WorkspaceAccess,
      user: UserRow,
      webhookId: string,
      body: UpdateBody,
    ): Promise<Webhook> {
      await getRow(access, webhookId);
      const { url: rawUrl, ...flags } = body;
      const url = rawUrl === undefined ? undefined : await vetUrl(rawUrl);
      try {
        const row = await updateWebhook(db, access.workspace.id, webhookId, {
          ...flags,
          ...(url === undefined ? {} : { url }),
          updated_by: user.id,
        });
        if (!row) throw webhookNotFound();
        return presentWebhook(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw urlTaken();
        throw error;
      }
    },

    async remove(access: WorkspaceAccess, webhookId: string): Promise<void> {
      if (!(await deleteWebhook(db, access.workspace.id, webhookId))) throw webhookNotFound();
    },

    /** A new secret, answered this once; the old one signs nothing from now on. */
    async regenerate(access: WorkspaceAccess, user: UserRow, webhookId: string): Promise<WebhookWithSecret> {
      const secret = newSecret();
      const row = await updateWebhook(db, access.workspace.id, webhookId, {
        secret_encrypted: deps.secrets().seal(secret),
        secret_last4: secret.slice(-4),
        updated_by: user.id,
      });
      if (!row) throw webhookNotFound();
      return { ...presentWebhook(row), secret_key: secret };
    },

    /** The webhook's delivery attempts, newest first. */
    async logs(
      access: WorkspaceAccess,
      webhookId: string,
      query: { per_page?: string; cursor?: string },
    ): Promise<Paginated<WebhookLog>> {
      await getRow(access, webhookId);
      const page = parsePage(query, LOGS_PER_PAGE);
      const { rows, total } = await pageWebhookLogs(db, webhookId, page);
      return envelope(page, rows.map(presentWebhookLog), total);
    },
  };
}
