/**
 * The instance configuration as a form sees it. The server stores strings ("1"/"0" for
 * booleans) and answers a set secret as the mask; a form holds strings and booleans, and a
 * save sends only what changed, never a secret the admin did not retype.
 */

export const SECRET_MASK = '********';

export interface ConfigurationRow {
  key: string;
  value: string | null;
  category: string;
  is_encrypted: boolean;
}

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;

/** How one key is edited: a switch, a text field or a secret (password field showing the mask). */
export type FieldKind = 'bool' | 'text' | 'secret';

/** A stored boolean: "1" and "true" are on; unset is the given default. */
export function isOn(value: string | null | undefined, fallback = false): boolean {
  if (value === null || value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

/** The form's starting values for `keys` from the server's rows (unset text is ''). */
export function formValuesOf(
  rows: readonly ConfigurationRow[],
  fields: Readonly<Record<string, FieldKind>>,
  defaults: Readonly<Record<string, FormValue>> = {},
): FormValues {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  const values: FormValues = {};
  for (const [key, kind] of Object.entries(fields)) {
    const stored = byKey.get(key);
    const fallback = defaults[key];
    if (kind === 'bool') values[key] = isOn(stored, fallback === true);
    else values[key] = stored ?? (typeof fallback === 'string' ? fallback : '');
  }
  return values;
}

/**
 * The PATCH body for what changed between `initial` and `current`: booleans as true/false, text
 * trimmed, a secret only when retyped (left as the mask, it stays as it is on the server).
 */
export function configPatch(
  initial: FormValues,
  current: FormValues,
  fields: Readonly<Record<string, FieldKind>>,
): Record<string, string | boolean> {
  const patch: Record<string, string | boolean> = {};
  for (const [key, kind] of Object.entries(fields)) {
    const before = initial[key];
    const after = current[key];
    if (after === undefined) continue;
    if (kind === 'bool') {
      if (Boolean(after) !== Boolean(before)) patch[key] = Boolean(after);
      continue;
    }
    const text = String(after).trim();
    if (kind === 'secret' && text === SECRET_MASK) continue;
    if (text !== String(before ?? '').trim()) patch[key] = text;
  }
  return patch;
}

/** The rows after a save, as the server will answer them (secrets masked once set). */
export function applyPatch(
  rows: readonly ConfigurationRow[],
  patch: Readonly<Record<string, string | boolean>>,
): ConfigurationRow[] {
  return rows.map((row) => {
    if (!(row.key in patch)) return row;
    const value = patch[row.key];
    const stored = typeof value === 'boolean' ? (value ? '1' : '0') : value;
    return { ...row, value: row.is_encrypted && stored ? SECRET_MASK : stored || null };
  });
}
