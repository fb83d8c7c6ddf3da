/**
 * Query strings are kept as plain strings (Plane's links carry numeric-looking codes and
 * tokens that must not be JSON-parsed).
 */
export function parseSearch(searchStr: string): Record<string, string> {
  const params = new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr);
  return Object.fromEntries(params.entries());
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Picks the given keys as optional strings (for a route's validateSearch). */
export function pickStrings<K extends string>(
  search: Record<string, unknown>,
  keys: readonly K[],
): { [P in K]?: string } {
  const picked: { [P in K]?: string } = {};
  for (const key of keys) {
    const value = search[key];
    if (typeof value === 'string' && value !== '') picked[key] = value;
    else if (typeof value === 'number') picked[key] = String(value);
  }
  return picked;
}
