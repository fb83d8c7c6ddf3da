import { API_TOKEN_PREFIX } from '@kite/shared/contracts';

/** `last_used` is written at most this often per token: a request reads, it does not write. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** `plane_api_` + 64 hex characters (256 random bits). */
const TOKEN_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[0-9a-f]{64}$`);

/** Whether a presented key can be a token at all (anything else is refused without a lookup). */
export const isTokenShaped = (key: string): boolean => TOKEN_SHAPE.test(key);

/** A token works until its expiry (none: forever). */
export const isTokenActive = (expiredAt: Date | null, now: Date): boolean =>
  expiredAt === null || expiredAt.getTime() > now.getTime();

/** Whether this use should be written down: never used, or last written a minute ago or more. */
export const shouldRecordUse = (lastUsed: Date | null, now: Date): boolean =>
  lastUsed === null || now.getTime() - lastUsed.getTime() >= LAST_USED_INTERVAL_MS;

export const maskToken = (last4: string): string => `${API_TOKEN_PREFIX}****${last4}`;

/** Why an expiry is refused at creation (it must lie ahead), or undefined when it is fine. */
export function expiryRefusal(expiredAt: string | null | undefined, now: Date): string | undefined {
  if (expiredAt == null) return undefined;
  return Date.parse(expiredAt) <= now.getTime() ? 'Expiry must be in the future' : undefined;
}
