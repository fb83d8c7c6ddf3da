/** The snooze menu's presets (spec: 1 day, 3 days, 5 days, 1 week, 2 weeks, or a custom time). */
export const SNOOZE_PRESETS = [
  { label: '1 day', days: 1 },
  { label: '3 days', days: 3 },
  { label: '5 days', days: 5 },
  { label: '1 week', days: 7 },
  { label: '2 weeks', days: 14 },
] as const;

/** The moment a preset wakes the notification: the same time of day, `days` later. */
export function snoozeUntil(days: number, now = new Date()): Date {
  const until = new Date(now);
  until.setDate(until.getDate() + days);
  return until;
}

/** `YYYY-MM-DDTHH:mm` in local time, the value of a `datetime-local` input. */
export function toLocalInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
