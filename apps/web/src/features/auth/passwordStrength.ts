import { PASSWORD_MAX, PASSWORD_MIN } from '@kite/shared/domain';

export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

export interface Strength {
  level: StrengthLevel;
  label: 'Too short' | 'Too long' | 'Weak' | 'Fair' | 'Good' | 'Strong';
  hint: string;
}

const COMMON =
  /^(password|passw0rd|qwerty|letmein|welcome|admin|abc123|iloveyou|monkey|dragon|111111|123123)/i;

/**
 * A quick client-side guess at password strength, for the hint under the field only.
 * The server's zxcvbn check (score ≥ 3) is the one that decides.
 */
export function estimateStrength(password: string): Strength {
  if (password.length < PASSWORD_MIN) {
    return { level: 0, label: 'Too short', hint: `Use at least ${PASSWORD_MIN} characters.` };
  }
  if (password.length > PASSWORD_MAX) {
    return { level: 0, label: 'Too long', hint: `Use at most ${PASSWORD_MAX} characters.` };
  }
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const unique = new Set(password.toLowerCase()).size;
  let score = 0;
  if (password.length >= 10) score += 1;
  if (password.length >= 14) score += 1;
  if (classes >= 2) score += 1;
  if (classes >= 3) score += 1;
  if (unique < 5 || COMMON.test(password) || /^(.)\1+$/.test(password) || /^\d+$/.test(password)) score = 0;
  const level = Math.min(4, Math.max(1, score)) as StrengthLevel;
  if (level === 1)
    return { level, label: 'Weak', hint: 'Add more words, numbers or symbols; avoid common passwords.' };
  if (level === 2) return { level, label: 'Fair', hint: 'Longer is stronger: try a short phrase.' };
  if (level === 3) return { level, label: 'Good', hint: 'Good password.' };
  return { level, label: 'Strong', hint: 'Strong password.' };
}
