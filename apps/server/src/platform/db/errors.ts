/** The SQLSTATE of a Postgres error raised by pg or PGlite, possibly wrapped by drizzle. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/**
 * Class 22 (data exception): a value the database cannot take — a null character in text, a
 * number or date out of range — which only a client's input can bring this far.
 */
export function isDataException(error: unknown): boolean {
  return pgErrorCode(error)?.startsWith('22') ?? false;
}
