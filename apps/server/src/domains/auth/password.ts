import { PASSWORD_MAX, PASSWORD_MIN } from '@kite/shared/contracts';
import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

/**
 * zxcvbn's dictionaries take ~19 MB of a server's memory and only password changes need them:
 * loaded on the first one (U11, idle memory).
 */
let zxcvbn: Promise<ZxcvbnFactory> | undefined;
function loadZxcvbn(): Promise<ZxcvbnFactory> {
  zxcvbn ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  );
  return zxcvbn;
}

/** The minimum zxcvbn score (0–4) a new password must reach. */
export const MIN_PASSWORD_SCORE = 3;

/** Length 8–256 (never truncated) and a zxcvbn score of at least 3, judged against the user's own words. */
export async function isStrongPassword(password: string, userInputs: string[] = []): Promise<boolean> {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return false;
  return (await loadZxcvbn()).check(password, userInputs).score >= MIN_PASSWORD_SCORE;
}

// argon2id is the library default (leaving `algorithm` out keeps verbatimModuleSyntax happy).
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
}
