import type { ApiToken } from '@kite/shared/contracts';
import type { ApiTokenRow } from '../../platform/db/schema.ts';
import { isTokenActive, maskToken } from './api-tokens.policy.ts';

/** The wire's ApiToken (api.md §14): never the token itself, only its masked form. */
export function presentApiToken(row: ApiTokenRow, now: Date = new Date()): ApiToken {
  return {
    id: row.id,
    label: row.label,
    description: row.description,
    is_active: isTokenActive(row.expired_at, now),
    last_used: row.last_used?.toISOString() ?? null,
    expired_at: row.expired_at?.toISOString() ?? null,
    token_masked: maskToken(row.token_last4),
    workspace: row.workspace_id,
    user: row.user_id,
    user_type: row.user_type,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
