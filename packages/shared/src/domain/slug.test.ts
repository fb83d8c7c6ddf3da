import { describe, expect, it } from 'vitest';
import { RESERVED_SLUGS, SLUG_MAX_LENGTH, slugify, slugProblem } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Acme', 'acme'],
    ['  Acme Corp  ', 'acme-corp'],
    ['My Team!!! 2024', 'my-team-2024'],
    ['snake_case-and-dash', 'snake_case-and-dash'],
    ['--Leading and trailing--', 'leading-and-trailing'],
    ['Café Société', 'caf-soci-t'],
    ['a   b', 'a-b'],
    ['!!!', ''],
    ['', ''],
    ['x'.repeat(60), 'x'.repeat(48)],
  ])('%j → %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always yields a slug that is valid or empty', () => {
    for (const name of ['Hello World', 'Ünïcödé', 'a/b\\c', '  ', 'UPPER lower 123', `${'ab '.repeat(30)}`]) {
      const slug = slugify(name);
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      if (slug && !RESERVED_SLUGS.has(slug)) expect(slugProblem(slug)).toBeNull();
    }
  });
});

describe('slugProblem', () => {
  it.each([
    ['acme', null],
    ['a', null],
    ['my-team_2', null],
    ['0123', null],
    ['a'.repeat(48), null],
    ['', 'Slug is required'],
    ['a'.repeat(49), 'Slug cannot exceed 48 characters'],
    ['Acme', 'Slug can only contain lowercase letters, digits, - and _'],
    ['has space', 'Slug can only contain lowercase letters, digits, - and _'],
    ['dot.ted', 'Slug can only contain lowercase letters, digits, - and _'],
    ['é', 'Slug can only contain lowercase letters, digits, - and _'],
    ['api', 'This slug is reserved'],
    ['settings', 'This slug is reserved'],
    ['god-mode', 'This slug is reserved'],
    ['workspace-invitations', 'This slug is reserved'],
    ['404', 'This slug is reserved'],
    ['m', 'This slug is reserved'],
  ])('%j → %j', (slug, problem) => {
    expect(slugProblem(slug)).toBe(problem);
  });

  it('reserves every word of the contract’s list', () => {
    const contract =
      '404 accounts api create-workspace god-mode installations invitations onboarding profile spaces ' +
      'workspace-invitations password flags monitor monitoring ingest plane-pro plane-ultimate enterprise ' +
      'plane-enterprise disco silo chat calendar drive channels upgrade billing sign-in sign-up signin signup ' +
      'config live admin m import importers integrations integration configuration initiatives initiative ' +
      'workflow workflows epics epic story mobile dashboard desktop onload real-time one pages business pro ' +
      'settings license licenses instances instance';
    const words = contract.split(' ');
    expect([...RESERVED_SLUGS].sort()).toEqual([...words].sort());
    for (const word of words) expect(slugProblem(word)).toBe('This slug is reserved');
  });
});
