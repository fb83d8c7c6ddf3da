import { describe, expect, it } from 'vitest';
import { describeAction, describeDetails } from './auditText.ts';

describe('describeAction', () => {
  it.each([
    ['user.deactivated', 'Deactivated a user'],
    ['user.admin_granted', 'Made an instance admin'],
    ['configuration.updated', 'Changed a setting'],
    ['something.new_here', 'Something new here'],
  ])('%s → %s', (action, text) => {
    expect(describeAction(action)).toBe(text);
  });
});

describe('describeDetails', () => {
  it('shows a setting change as old → new', () => {
    expect(describeDetails({ old: null, new: 'smtp.example.com' })).toEqual(['(empty) → smtp.example.com']);
  });

  it('never shows a secret, only that it changed', () => {
    expect(describeDetails({ changed: true })).toEqual(['changed (secret, value not recorded)']);
  });

  it('shows per-field changes and plain values', () => {
    expect(
      describeDetails({
        instance_name: { old: 'Kite', new: 'Acme Kite' },
        ok: false,
        key: { changed: true },
      }),
    ).toEqual(['instance_name: Kite → Acme Kite', 'not delivered', 'key: changed (secret)']);
  });

  it('words a switch as on and off, an unset one as the default', () => {
    expect(describeDetails({ old: null, new: '0' }, 'ENABLE_MAGIC_LINK_LOGIN')).toEqual(['default → off']);
    expect(describeDetails({ old: '0', new: '1' }, 'IS_OIDC_ENABLED')).toEqual(['off → on']);
    expect(describeDetails({ old: null, new: '1' }, 'EMAIL_PORT')).toEqual(['(empty) → 1']);
  });

  it('has no lines for no details', () => {
    expect(describeDetails({})).toEqual([]);
  });
});
