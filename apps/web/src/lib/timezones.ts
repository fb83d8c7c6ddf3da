/** IANA time zones the browser knows, with UTC first; a short list when Intl cannot say. */
export function listTimezones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? ['Europe/London', 'America/New_York', 'Asia/Tokyo'];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
