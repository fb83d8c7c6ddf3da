import { describe, expect, it } from 'vitest';
import { hashPassword, isStrongPassword, MIN_PASSWORD_SCORE, verifyPassword } from './password.ts';

describe('isStrongPassword', () => {
  it('requires a zxcvbn score of at least 3', () => {
    expect(MIN_PASSWORD_SCORE).toBe(3);
  });

  it.each([
    ['correct horse battery staple', true],
    ['purple elephant juggling quietly', true],
    ['Tr0ub4dor&3-xylophone', true],
    ['k9#Vq!2mZ', true],
    ['password', false],
    ['password1', false],
    ['Password123', false],
    ['12345678', false],
    ['qwertyuiop', false],
    ['aaaaaaaaaaaa', false],
    ['abcdefgh', false],
    ['iloveyou', false],
  ])('%j → %s', async (password, strong) => {
    expect(await isStrongPassword(password)).toBe(strong);
  });

  it('refuses anything shorter than 8 characters, however random', async () => {
    expect(await isStrongPassword('k9#Vq!2')).toBe(false);
    expect(await isStrongPassword('')).toBe(false);
  });

  it('accepts 256 characters and refuses 257 (never truncated)', async () => {
    const base = 'correct horse battery staple ';
    const at256 = base.repeat(10).slice(0, 256);
    expect(at256).toHaveLength(256);
    expect(await isStrongPassword(at256)).toBe(true);
    expect(await isStrongPassword(`${at256}x`)).toBe(false);
  });

  it("judges the password against the user's own words", async () => {
    const email = 'marguerite.okonkwo@example.com';
    expect(await isStrongPassword(email)).toBe(true);
    expect(await isStrongPassword(email, [email])).toBe(false);
    expect(await isStrongPassword('MargueriteOkonkwo', ['Marguerite', 'Okonkwo'])).toBe(false);
  });
});

describe('hashPassword / verifyPassword', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse battery stapl')).toBe(false);
    expect(await hashPassword('correct horse battery staple')).not.toBe(hash);
  });

  it('never verifies against a missing or malformed hash', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false);
  });
});
