const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A day (`Nov 29, 2026`), or the fallback for a missing or unreadable timestamp. */
export function formatDay(iso: string | null | undefined, fallback = '—'): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateFormat.format(date) : fallback;
}

/** A day and time (`Nov 29, 2026, 09:41 AM`), or the fallback. */
export function formatDayTime(iso: string | null | undefined, fallback = '—'): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? dateTimeFormat.format(date) : fallback;
}
