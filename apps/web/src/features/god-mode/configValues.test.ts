import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  type ConfigurationRow,
  configPatch,
  type FieldKind,
  formValuesOf,
  isOn,
  SECRET_MASK,
} from './configValues.ts';

const row = (key: string, value: string | null, is_encrypted = false): ConfigurationRow => ({
  key,
  value,
  category: 'OIDC',
  is_encrypted,
});

const FIELDS: Record<string, FieldKind> = {
  IS_OIDC_ENABLED: 'bool',
  OIDC_CLIENT_ID: 'text',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_SCOPES: 'text',
};

describe('isOn', () => {
  it.each([
    ['1', true],
    ['true', true],
    ['TRUE', true],
    ['0', false],
    ['false', false],
    ['yes', false],
  ])('reads %j as %s', (value, expected) => {
    expect(isOn(value)).toBe(expected);
  });

  it('uses the default for a key never set', () => {
    expect(isOn(null, true)).toBe(true);
    expect(isOn(undefined, false)).toBe(false);
    expect(isOn('', true)).toBe(true);
  });
});

describe('formValuesOf', () => {
  it('turns stored strings into switches and fields, keeping the mask and filling defaults', () => {
    const rows = [
      row('IS_OIDC_ENABLED', '1'),
      row('OIDC_CLIENT_ID', 'kite'),
      row('OIDC_CLIENT_SECRET', SECRET_MASK, true),
      row('OIDC_SCOPES', null),
    ];
    expect(formValuesOf(rows, FIELDS, { OIDC_SCOPES: 'openid email profile' })).toEqual({
      IS_OIDC_ENABLED: true,
      OIDC_CLIENT_ID: 'kite',
      OIDC_CLIENT_SECRET: SECRET_MASK,
      OIDC_SCOPES: 'openid email profile',
    });
  });

  it('gives empty text and off switches for keys the server does not list', () => {
    expect(formValuesOf([], FIELDS)).toEqual({
      IS_OIDC_ENABLED: false,
      OIDC_CLIENT_ID: '',
      OIDC_CLIENT_SECRET: '',
      OIDC_SCOPES: '',
    });
  });
});

describe('configPatch', () => {
  const initial = {
    IS_OIDC_ENABLED: false,
    OIDC_CLIENT_ID: 'kite',
    OIDC_CLIENT_SECRET: SECRET_MASK,
    OIDC_SCOPES: 'openid',
  };

  it('is empty when nothing changed', () => {
    expect(configPatch(initial, { ...initial }, FIELDS)).toEqual({});
  });

  it('sends switches as booleans and changed text trimmed', () => {
    expect(
      configPatch(initial, { ...initial, IS_OIDC_ENABLED: true, OIDC_CLIENT_ID: '  other  ' }, FIELDS),
    ).toEqual({ IS_OIDC_ENABLED: true, OIDC_CLIENT_ID: 'other' });
  });

  it('never sends a secret left as the mask, and sends a retyped or cleared one', () => {
    expect(configPatch(initial, { ...initial, OIDC_CLIENT_SECRET: ` ${SECRET_MASK} ` }, FIELDS)).toEqual({});
    expect(configPatch(initial, { ...initial, OIDC_CLIENT_SECRET: 's3cret' }, FIELDS)).toEqual({
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(configPatch(initial, { ...initial, OIDC_CLIENT_SECRET: '' }, FIELDS)).toEqual({
      OIDC_CLIENT_SECRET: '',
    });
  });

  it('sends a secret typed where none was set', () => {
    expect(
      configPatch({ ...initial, OIDC_CLIENT_SECRET: '' }, { ...initial, OIDC_CLIENT_SECRET: 'new' }, FIELDS),
    ).toEqual({ OIDC_CLIENT_SECRET: 'new' });
  });
});

describe('applyPatch', () => {
  it('stores booleans as "1"/"0", masks a set secret and empties cleared text', () => {
    const rows = [
      row('IS_OIDC_ENABLED', '0'),
      row('OIDC_CLIENT_SECRET', null, true),
      row('OIDC_SCOPES', 'openid'),
      row('OIDC_CLIENT_ID', 'kite'),
    ];
    expect(
      applyPatch(rows, { IS_OIDC_ENABLED: true, OIDC_CLIENT_SECRET: 'plain', OIDC_SCOPES: '' }).map(
        (r) => r.value,
      ),
    ).toEqual(['1', SECRET_MASK, null, 'kite']);
  });
});
