export const IDENTIFIER_MAX_LENGTH = 12;

/** Project identifiers keep only letters and digits, upper-cased (never truncated: too long is refused). */
export function sanitizeIdentifier(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
}

/** Suggests an identifier from a project name: its letters and digits, up to 5, upper-cased. */
export function suggestIdentifier(name: string): string {
  return sanitizeIdentifier(name).slice(0, 5);
}
