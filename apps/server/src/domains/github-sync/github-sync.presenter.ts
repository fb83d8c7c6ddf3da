import type { GithubImportStatus, GithubRepositorySync } from '@kite/shared/contracts';
import type { GithubRepositorySyncRow } from '../../platform/db/schema.ts';

/** Where GitHub sends the repository's events for this sync. */
export function webhookUrlOf(baseUrl: string, syncId: string): string {
  return `${baseUrl}/api/github/webhook/${syncId}/`;
}

/** The sync as answered: never the access token (write-only) nor the webhook secret (shown once on link). */
export function presentSync(row: GithubRepositorySyncRow, baseUrl: string): GithubRepositorySync {
  return {
    id: row.id,
    repository: {
      name: row.repository_name,
      owner: row.repository_owner,
      url: row.repository_url,
      repository_id: row.repository_id,
    },
    label: row.label_id,
    actor: row.actor_id,
    config: row.config,
    import_status: row.import_status as GithubImportStatus,
    webhook_url: webhookUrlOf(baseUrl, row.id),
    created_at: row.created_at.toISOString(),
  };
}
