import type { WebhookEvent } from '@kite/shared/contracts';
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema.ts';
import type { OutboxEventRow, OutboxHandler } from '../../platform/jobs/outbox-worker.ts';
import { presentUserLite } from '../users/users.presenter.ts';
import { webhookEventOf, wireField } from './webhooks.policy.ts';
import { insertDeliveries, matchingWebhooks } from './webhooks.repo.ts';

interface EventPayload {
  project_id?: string;
  issue_id?: string;
  comment_id?: string;
  intake_issue_id?: string;
  cycle_id?: string;
  module_id?: string;
  actor_id?: string;
  changes?: Record<string, { old: unknown; new: unknown }>;
}

/** The object's v1 representation (api.md §15.4) as it is now; undefined when it is gone. */
async function dataOf(
  tx: Tx,
  event: string,
  payload: EventPayload,
): Promise<Record<string, unknown> | undefined> {
  if (event === 'issue' && payload.issue_id) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      // Labels and assignees expanded, as Plane's payloads carry them (api.md §13.3); the
      // webhook's owner is a workspace admin, who sees members' emails.
      sql`select i.id, i.name, i.description_html, i.description_stripped, i.priority, i.state_id as state,
          i.parent_id as parent, i.estimate_point_id as estimate_point, null as type,
          coalesce((select json_agg(json_build_object('id', u.id, 'first_name', u.first_name,
                      'last_name', u.last_name, 'display_name', u.display_name, 'email', u.email,
                      'avatar', u.avatar, 'avatar_url', u.avatar, 'is_bot', u.is_bot)
                    order by array_position(i.assignee_ids, u.id))
                    from users u where u.id = any(i.assignee_ids)), '[]'::json) as assignees,
          coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color,
                      'description', l.description, 'parent', l.parent_id, 'sort_order', l.sort_order)
                    order by array_position(i.label_ids, l.id))
                    from labels l where l.id = any(i.label_ids) and l.deleted_at is null), '[]'::json) as labels,
          i.cycle_id, i.module_ids,
          i.start_date::text as start_date, i.target_date::text as target_date, i.sequence_id, i.sort_order,
          i.completed_at, i.archived_at, i.is_draft, i.project_id as project, i.workspace_id as workspace,
          i.external_source, i.external_id, i.created_at, i.updated_at, i.created_by, i.updated_by
        from issues i where i.id = ${payload.issue_id} and i.deleted_at is null`,
    );
    return rows[0];
  }
  if (event === 'project' && payload.project_id) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id, name, description, identifier, network, project_lead_id as project_lead,
          default_assignee_id as default_assignee, default_state_id as default_state,
          estimate_id as estimate, emoji, logo_props, cover_image, timezone, cycle_view, module_view,
          issue_views_view, page_view, intake_view, guest_view_all_features, archive_in, close_in,
          archived_at, workspace_id as workspace, external_source, external_id,
          created_at, updated_at, created_by, updated_by
        from projects where id = ${payload.project_id} and deleted_at is null`,
    );
    return rows[0];
  }
  if (event === 'issue_comment' && payload.comment_id) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id, comment_html, comment_stripped, access, actor_id as actor, issue_id as issue,
          project_id as project, workspace_id as workspace, external_source, external_id,
          created_at, updated_at, created_by, updated_by
        from issue_comments where id = ${payload.comment_id} and deleted_at is null`,
    );
    return rows[0];
  }
  if (event === 'intake_issue' && payload.intake_issue_id) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id, status, snoozed_till, duplicate_to, source, source_email, issue_id as issue,
          intake_id as intake, project_id as project, workspace_id as workspace,
          created_at, updated_at, created_by, updated_by
        from intake_issues where id = ${payload.intake_issue_id} and deleted_at is null`,
    );
    return rows[0];
  }
  if (event === 'cycle' && payload.cycle_id) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id, name, description, start_date::text as start_date, end_date::text as end_date,
          owned_by_id as owned_by, view_props, sort_order, logo_props, archived_at,
          project_id as project, workspace_id as workspace, external_source, external_id,
          created_at, updated_at, created_by, updated_by
        from cycles where id = ${payload.cycle_id} and deleted_at is null`,
    );
    return rows[0];
  }
  if (event === 'module' && payload.module_id) {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`select id, name, description, description_html, status, lead_id as lead, member_ids as members,
          start_date::text as start_date, target_date::text as target_date, view_props, sort_order,
          logo_props, archived_at, project_id as project, workspace_id as workspace, external_source,
          external_id, created_at, updated_at, created_by, updated_by
        from modules where id = ${payload.module_id} and deleted_at is null`,
    );
    return rows[0];
  }
  return undefined;
}

function objectId(payload: EventPayload, event: string): string | undefined {
  if (event === 'issue_comment') return payload.comment_id;
  if (event === 'intake_issue') return payload.intake_issue_id;
  if (event === 'issue') return payload.issue_id;
  return (payload as Record<string, string | undefined>)[`${event}_id`];
}

type HooksOf = (
  workspaceId: string,
  event: WebhookEvent,
  projectId: string | null,
) => Promise<Array<{ id: string }>>;

/**
 * Outbox handler: queues one delivery per matching active webhook of the workspace (and, for
 * `updated`, one per changed field) in the worker's transaction; the delivery worker sends them.
 * The webhooks matching a workspace, event kind and project are read once per batch (most
 * workspaces have none: one read, not one per event).
 */
export const queueWebhookDeliveries: OutboxHandler = async (tx, events) => {
  const matches = new Map<string, Promise<Array<{ id: string }>>>();
  const hooksOf: HooksOf = (workspaceId, event, projectId) => {
    const key = `${workspaceId} ${event} ${projectId}`;
    let hooks = matches.get(key);
    if (!hooks) {
      hooks = matchingWebhooks(tx, workspaceId, event, projectId);
      matches.set(key, hooks);
    }
    return hooks;
  };
  for (const event of events) await queueDeliveries(tx, event, hooksOf);
};

async function queueDeliveries(tx: Tx, event: OutboxEventRow, hooksOf: HooksOf): Promise<void> {
  const kind = webhookEventOf(event.topic);
  if (!kind) return;
  const payload = event.payload as EventPayload;
  const hooks = await hooksOf(event.workspace_id, kind.event, payload.project_id ?? null);
  if (hooks.length === 0) return;

  const id = objectId(payload, kind.event);
  let data: Record<string, unknown> | undefined;
  if (kind.action === 'deleted') {
    data = { id };
  } else {
    data = await dataOf(tx, kind.event, payload);
    // Gone since (deleted, or a draft): its own `deleted` event tells the receivers.
    if (!data) return;
  }
  const [actorRow] = payload.actor_id
    ? await tx.select().from(users).where(eq(users.id, payload.actor_id))
    : [];
  const actor = actorRow ? presentUserLite(actorRow, false) : null;
  const base = {
    field: null,
    new_value: null,
    old_value: null,
    actor,
    old_identifier: null,
    new_identifier: null,
  };
  const changes = kind.action === 'updated' ? Object.entries(payload.changes ?? {}) : [];
  const activities =
    changes.length > 0
      ? changes.map(([field, change]) => ({
          ...base,
          field: wireField(kind.event, field),
          new_value: change.new ?? null,
          old_value: change.old ?? null,
        }))
      : [base];

  await insertDeliveries(
    tx,
    hooks.flatMap((hook) =>
      activities.map((activity) => ({
        workspace_id: event.workspace_id,
        webhook_id: hook.id,
        event_type: kind.event,
        action: kind.action,
        body: JSON.stringify({
          event: kind.event,
          action: kind.action,
          webhook_id: hook.id,
          workspace_id: event.workspace_id,
          data,
          activity,
        }),
      })),
    ),
  );
}
