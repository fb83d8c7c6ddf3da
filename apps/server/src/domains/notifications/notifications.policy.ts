import type { NotificationPreferences, NotificationReason } from '@kite/shared/contracts';

/** What happened, as far as the choice of receivers and preferences goes. */
export type NotifiedChange =
  | { kind: 'created' }
  | { kind: 'field'; field: string; completesItem: boolean }
  | { kind: 'comment' };

/** A user who may hear of the change: what ties them to the item, and their preferences. */
export interface Candidate {
  id: string;
  preferences: Partial<NotificationPreferences>;
  assigned: boolean;
  created: boolean;
  subscribed: boolean;
}

/** Fields whose changes nobody is told about (bookkeeping, not news). */
const SILENT_FIELDS = new Set(['is_draft']);

/**
 * The preference that lets a change through (spec §2.1): moving the item into a completed state
 * is `issue_completed`, any other state change `state_change`, a comment `comment`, and the rest
 * (including the item's creation with its assignees) `property_change`. Null: nobody is told.
 */
export function preferenceFor(change: NotifiedChange): keyof NotificationPreferences | null {
  if (change.kind === 'comment') return 'comment';
  if (change.kind === 'created') return 'property_change';
  if (SILENT_FIELDS.has(change.field)) return null;
  if (change.field === 'state') return change.completesItem ? 'issue_completed' : 'state_change';
  return 'property_change';
}

/** A preference missing from the stored object is on (they all default to true). */
export const wants = (prefs: Partial<NotificationPreferences>, key: keyof NotificationPreferences) =>
  prefs[key] !== false;

/** Why this receiver hears of it: assigned before created before subscribed. */
export function reasonOf(candidate: Candidate): NotificationReason {
  if (candidate.assigned) return 'assigned';
  if (candidate.created) return 'created';
  return 'subscribed';
}

export interface Delivery {
  receiver: string;
  reason: NotificationReason;
  mentioned: boolean;
}

/**
 * Who gets a notification for one change: the mentioned users (newly, in the text the change
 * wrote) get a mention if they want mentions; every other subscriber, assignee or creator gets
 * one if the change's preference is on. Never the actor; each user at most once.
 */
export function deliveriesFor(
  change: NotifiedChange,
  candidates: readonly Candidate[],
  actorId: string | null,
  mentionedIds: ReadonlySet<string>,
): Delivery[] {
  const preference = preferenceFor(change);
  const out: Delivery[] = [];
  for (const candidate of candidates) {
    if (candidate.id === actorId) continue;
    if (mentionedIds.has(candidate.id)) {
      if (wants(candidate.preferences, 'mention'))
        out.push({ receiver: candidate.id, reason: 'mentioned', mentioned: true });
      continue;
    }
    if (!(candidate.assigned || candidate.created || candidate.subscribed)) continue;
    if (preference && wants(candidate.preferences, preference))
      out.push({ receiver: candidate.id, reason: reasonOf(candidate), mentioned: false });
  }
  return out;
}
