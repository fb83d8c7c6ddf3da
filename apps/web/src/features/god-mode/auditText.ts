import type { AuditEntry } from '@kite/shared/contracts';

const ACTIONS: Record<string, string> = {
  'instance.updated': 'Changed the instance',
  'configuration.updated': 'Changed a setting',
  'user.deactivated': 'Deactivated a user',
  'user.reactivated': 'Reactivated a user',
  'user.activated': 'Reactivated a user',
  'user.admin_granted': 'Made an instance admin',
  'user.admin_revoked': 'Removed an instance admin',
  'workspace.created': 'Created a workspace',
  'email.test_sent': 'Sent a test email',
};

/** An action code as a sentence: known ones by name, others from their words (`user.updated` → "User updated"). */
export function describeAction(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An entry's details as short lines: `old → new` for a change (a switch's as on/off), "changed (secret)" for a secret
 * (the server never sends its value), `key: value` for anything else.
 */
export function describeDetails(details: AuditEntry['details'], target: string | null = null): string[] {
  if (target && /^(ENABLE_|DISABLE_|IS_|EMAIL_USE_)/.test(target) && ('old' in details || 'new' in details)) {
    const word = (v: unknown) => (v === null || v === undefined ? 'default' : v === '1' ? 'on' : 'off');
    return [`${word(details.old)} → ${word(details.new)}`];
  }
  if (details.changed === true && Object.keys(details).every((k) => k === 'changed' || k === 'secret'))
    return ['changed (secret, value not recorded)'];
  if ('old' in details || 'new' in details) {
    const rest = Object.entries(details).filter(([k]) => k !== 'old' && k !== 'new');
    return [`${show(details.old)} → ${show(details.new)}`, ...rest.map(([k, v]) => `${k}: ${show(v)}`)];
  }
  return Object.entries(details).map(([key, value]) => {
    if (key === 'ok' && typeof value === 'boolean') return value ? 'delivered' : 'not delivered';
    if (isObject(value) && value.changed === true && !('new' in value)) return `${key}: changed (secret)`;
    if (isObject(value) && ('old' in value || 'new' in value))
      return `${key}: ${show(value.old)} → ${show(value.new)}`;
    return `${key}: ${show(value)}`;
  });
}
