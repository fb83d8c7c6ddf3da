import type { IntakeIssue } from '@kite/shared/contracts';
import type { IntakeStatus } from '@kite/shared/domain';

/** How the inbox names and colours each status. */
export const STATUS_LABELS: Record<IntakeStatus, string> = {
  [-2]: 'Pending',
  [-1]: 'Declined',
  0: 'Snoozed',
  1: 'Accepted',
  2: 'Duplicate',
};

export const STATUS_CLASSES: Record<IntakeStatus, string> = {
  [-2]: 'bg-warning-soft text-warning',
  [-1]: 'bg-danger-soft text-danger',
  0: 'bg-surface-2 text-fg-muted',
  1: 'bg-success-soft text-success',
  2: 'bg-surface-2 text-fg-muted',
};

const SNOOZE_DATE = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const SHORT_DATE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** "Snoozed till May 26, 2026, 8:30 AM". */
export function snoozedTill(item: Pick<IntakeIssue, 'snoozed_till'>): string {
  return item.snoozed_till ? `Snoozed till ${SNOOZE_DATE.format(new Date(item.snoozed_till))}` : 'Snoozed';
}

/** The list row's status chip: the status, a snooze with its end day. */
export function statusChip(item: Pick<IntakeIssue, 'status' | 'snoozed_till'>): string {
  if (item.status === 0 && item.snoozed_till)
    return `Snoozed till ${SHORT_DATE.format(new Date(item.snoozed_till))}`;
  return STATUS_LABELS[item.status as IntakeStatus] ?? 'Pending';
}

/** `MOB-12`. */
export const intakeKey = (identifier: string | undefined, sequenceId: number) =>
  `${identifier ?? ''}-${sequenceId}`;

/** Plain text typed in the create dialog, as the description's HTML (paragraphs, line breaks). */
export function textToHtml(text: string): string {
  const escapeHtml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const trimmed = text.trim();
  if (!trimmed) return '';
  return trimmed
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
