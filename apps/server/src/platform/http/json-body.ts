import { AppError } from '@kite/shared/errors';

/** Whether a parsed JSON value holds U+0000 in any string (keys included). */
export function hasNullCharacter(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNullCharacter);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNullCharacter(v));
  }
  return false;
}

/** A request body as JSON: blank is no body; malformed JSON and null characters are 400s. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Malformed JSON body', 'BAD_REQUEST');
  }
  // PostgreSQL text cannot hold U+0000; the escape is rare enough to look for in the raw text first.
  if (text.includes('\\u0000') && hasNullCharacter(parsed)) {
    throw new AppError('bad_request', 'Text may not contain null characters', 'BAD_REQUEST');
  }
  return parsed;
}
