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

/** The database cannot serve now (down, restarting, unreachable, or out of disk or memory), whatever the query. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  // read_only_sql_transaction on the leader's address: the node there is not (or no longer, or
  // not yet) the leader — Patroni restarting a crashed leader starts it read-only first.
  '25006',
  // Class 53, insufficient resources: a full disk, memory, connection slots — the server's state,
  // not the request, and it may pass.
  '53000',
  '53100',
  '53200',
  '53300',
  'ENOSPC',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Query read timeout/i;

/** Whether a failure (possibly wrapped by drizzle) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
