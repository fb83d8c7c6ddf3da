import { WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@kite/shared/contracts';

/** What each event flag sends, as the settings page names it. */
export const EVENT_LABELS: Record<WebhookEvent, { label: string; hint: string }> = {
  project: { label: 'Projects', hint: 'Created, updated or deleted' },
  issue: { label: 'Work items', hint: 'Created, each field changed, deleted; cycle and module moves' },
  cycle: { label: 'Cycles', hint: 'Created, updated or deleted' },
  module: { label: 'Modules', hint: 'Created, updated or deleted' },
  issue_comment: { label: 'Comments', hint: 'On work items: added, edited, deleted' },
  intake_issue: { label: 'Intake', hint: 'Submissions and their triage' },
};

export type EventFlags = Record<WebhookEvent, boolean>;

export const ALL_EVENTS: EventFlags = Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, true])) as EventFlags;

export const flagsOf = (webhook: Webhook): EventFlags =>
  Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, webhook[e]])) as EventFlags;

/** "All events", "No events", or the enabled ones' names. */
export function describeEvents(flags: EventFlags): string {
  const on = WEBHOOK_EVENTS.filter((e) => flags[e]);
  if (on.length === WEBHOOK_EVENTS.length) return 'All events';
  if (on.length === 0) return 'No events';
  return on.map((e) => EVENT_LABELS[e].label).join(', ');
}
