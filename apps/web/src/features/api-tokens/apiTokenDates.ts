import type { ApiToken } from '@kite/shared/contracts';

/** The expiry choices of the create dialog. */
export const EXPIRY_PRESETS = [
  { value: '1w', label: '1 week' },
  { value: '1m', label: '1 month' },
  { value: '3m', label: '3 months' },
  { value: '1y', label: '1 year' },
  { value: 'never', label: 'Never' },
  { value: 'custom', label: 'Custom date' },
] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number]['value'];

const DAY_MS = 86_400_000;

/** `date` moved by whole calendar months (the 31st of a shorter month becomes its last day). */
function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  const day = next.getDate();
  next.setDate(1);
  next.setMonth(next.getMonth() + months);
  const lastDay = new Date(next.getFullYear(), next.getMonth() + 1, 0).getDate();
  next.setDate(Math.min(day, lastDay));
  return next;
}

/** Today in the local calendar, as the date input writes it (`YYYY-MM-DD`). */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The `expired_at` to send for a choice: an instant, or null for never. A custom date expires at
 * the end of that day where the user is; undefined when the custom date is missing or not ahead.
 */
export function expiryFor(preset: ExpiryPreset, now: Date, customDate = ''): string | null | undefined {
  switch (preset) {
    case 'never':
      return null;
    case '1w':
      return new Date(now.getTime() + 7 * DAY_MS).toISOString();
    case '1m':
      return addMonths(now, 1).toISOString();
    case '3m':
      return addMonths(now, 3).toISOString();
    case '1y':
      return addMonths(now, 12).toISOString();
    case 'custom': {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(customDate);
      if (!match) return undefined;
      const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
      return endOfDay.getTime() > now.getTime() ? endOfDay.toISOString() : undefined;
    }
  }
}

const DATE = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

export const formatDate = (iso: string): string => DATE.format(new Date(iso));

/** "Never expires", "Expires Jun 3, 2026" or "Expired May 2, 2026". */
export function describeExpiry(token: Pick<ApiToken, 'expired_at'>, now: Date): string {
  if (!token.expired_at) return 'Never expires';
  const at = new Date(token.expired_at);
  return at.getTime() > now.getTime() ? `Expires ${DATE.format(at)}` : `Expired ${DATE.format(at)}`;
}

/** "Never used", "Just now", "5 minutes ago", "3 hours ago", "2 days ago", or the date after a month. */
export function describeLastUsed(lastUsed: string | null, now: Date): string {
  if (!lastUsed) return 'Never used';
  const seconds = Math.max(0, (now.getTime() - Date.parse(lastUsed)) / 1000);
  const ago = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (seconds < 60) return 'Just now';
  if (seconds < 3600) return ago(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return ago(Math.floor(seconds / 3600), 'hour');
  if (seconds < 30 * 86_400) return ago(Math.floor(seconds / 86_400), 'day');
  return formatDate(lastUsed);
}
