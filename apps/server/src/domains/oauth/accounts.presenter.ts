import type { LinkedAccount } from '@kite/shared/contracts';
import type { AccountRow } from './accounts.repo.ts';

export function presentAccount(row: AccountRow): LinkedAccount {
  return {
    id: row.id,
    provider: row.provider,
    provider_account_id: row.provider_account_id,
    email: row.email,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}
