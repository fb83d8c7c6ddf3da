import { PASSWORD_MAX, PASSWORD_MIN } from '@kite/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { randomToken, safeEqual, sha256, sixDigitCode } from '../../platform/security/tokens.ts';
import type { InstanceService } from '../instance/instance.service.ts';
import type { InvitationsService } from '../invitations/invitations.service.ts';
import type { NewUser, UsersService } from '../users/users.service.ts';
import {
  burnResetTokens,
  countCodesSince,
  countFailuresSince,
  findLatestCode,
  findResetToken,
  insertResetToken,
  recordSignInFailure,
  replaceMagicCode,
  updateCode,
} from './auth.repo.ts';
import { authError, authRateLimited, isValidEmail, normaliseEmail } from './auth-errors.ts';
import { decoyPasswordHash, hashPassword, isStrongPassword, verifyPassword } from './password.ts';

export type AuthService = ReturnType<typeof createAuthService>;

const MINUTE = 60_000;
const FAILURE_WINDOW_MS = 15 * MINUTE;
const ACCOUNT_FAILURE_LIMIT = 10;
const CODE_TTL_MS = 10 * MINUTE;
const CODES_PER_WINDOW = 3;
const CODE_GUESSES = 5;
const RESET_TTL_MS = 60 * MINUTE;

type Mode = 'SIGN_IN' | 'SIGN_UP';

async function passwordProblem(
  password: string,
  user: { email: string; first_name?: string; last_name?: string },
) {
  if (password.length > PASSWORD_MAX) return authError('INVALID_PASSWORD');
  if (
    password.length < PASSWORD_MIN ||
    !(await isStrongPassword(password, [user.email, user.first_name ?? '', user.last_name ?? '']))
  ) {
    return authError('PASSWORD_TOO_WEAK');
  }
  return null;
}

export function encodeUid(userId: string): string {
  return Buffer.from(userId).toString('base64url');
}

function decodeUid(uidb64: string): string | null {
  const value = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^[0-9a-f-]{36}$/.test(value) ? value : null;
}

export function createAuthService(
  db: Db,
  config: Config,
  deps: {
    users: UsersService;
    instance: InstanceService;
    invitations: InvitationsService;
    mailer: () => Promise<Mailer>;
  },
) {
  /** Sign-up is open, or the first account, or the email holds a pending invitation. */
  async function assertMaySignUp(tx: Executor, email: string, enableSignup: boolean): Promise<boolean> {
    const isFirst = (await deps.users.count(tx)) === 0;
    if (isFirst) return true;
    if (enableSignup) return false;
    if (!(await deps.invitations.hasPending(tx, email))) throw authError('SIGNUP_DISABLED');
    return false;
  }

  /** A new account under the sign-up rules; `alsoInside` writes what belongs with it (a provider link). */
  async function createAccount(
    values: Omit<NewUser, 'is_instance_admin'>,
    alsoInside?: (tx: Executor, user: UserRow) => Promise<void>,
  ): Promise<UserRow> {
    // Read before the transaction: on PGlite (one connection) a root-db query inside it deadlocks.
    const settings = await deps.instance.settings();
    return db.transaction(async (tx) => {
      // Serialises sign-ups so exactly one account becomes the instance admin.
      await tx.execute(sql`select id from instance for update`);
      if (await deps.users.findByEmail(tx, values.email)) throw authError('USER_ALREADY_EXIST');
      const isFirst = await assertMaySignUp(tx, values.email, settings.enableSignup);
      const user = await deps.users.create(tx, { ...values, is_instance_admin: isFirst });
      if (isFirst) await deps.instance.markSetupDone(tx);
      await alsoInside?.(tx, user);
      return user;
    });
  }

  async function assertSignInAllowed(email: string, ip: string): Promise<void> {
    const since = new Date(Date.now() - FAILURE_WINDOW_MS);
    const [byAccount, byIp] = await Promise.all([
      countFailuresSince(db, { email }, since),
      countFailuresSince(db, { ip }, since),
    ]);
    if (byAccount >= ACCOUNT_FAILURE_LIMIT || byIp >= config.signInIpFailureLimit) {
      throw authRateLimited(FAILURE_WINDOW_MS / 1000);
    }
  }

  /** Checks a code and burns it; wrong guesses are committed even though the caller then fails. */
  async function consumeCode(email: string, code: string, mode: Mode): Promise<void> {
    const outcome = await db.transaction(async (tx) => {
      const row = await findLatestCode(tx, email);
      if (!row) return 'INVALID' as const;
      // A code burned by wrong guesses keeps saying so, even to the right code.
      if (row.attempts >= CODE_GUESSES) return 'EXHAUSTED' as const;
      if (row.used_at) return 'INVALID' as const;
      if (row.expires_at < new Date()) return 'EXPIRED' as const;
      if (safeEqual(row.code_hash, sha256(`${email}:${code}`))) {
        await updateCode(tx, row.id, { used_at: new Date() });
        return 'OK' as const;
      }
      const attempts = row.attempts + 1;
      await updateCode(tx, row.id, {
        attempts,
        ...(attempts >= CODE_GUESSES ? { used_at: new Date() } : {}),
      });
      return attempts >= CODE_GUESSES ? ('EXHAUSTED' as const) : ('INVALID' as const);
    });
    if (outcome === 'INVALID') throw authError(`INVALID_MAGIC_CODE_${mode}`);
    if (outcome === 'EXPIRED') throw authError(`EXPIRED_MAGIC_CODE_${mode}`);
    if (outcome === 'EXHAUSTED') throw authError(`EMAIL_CODE_ATTEMPT_EXHAUSTED_${mode}`);
  }

  async function changePasswordHash(user: UserRow, password: string): Promise<UserRow> {
    const password_hash = await hashPassword(password);
    return db.transaction(async (tx) => {
      await burnResetTokens(tx, user.id);
      return deps.users.update(tx, user.id, { password_hash, is_password_autoset: false });
    });
  }

  return {
    createAccount,

    async emailCheck(rawEmail: string | undefined) {
      const email = normaliseEmail(rawEmail);
      if (!email) throw authError('EMAIL_REQUIRED');
      if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
      const [user, settings] = await Promise.all([
        deps.users.findByEmail(db, email),
        deps.instance.settings(),
      ]);
      const hasPassword = !!user?.password_hash && !user.is_password_autoset;
      // Without SMTP codes still reach the log, so magic codes are always deliverable.
      const magic = settings.enableMagicLinkLogin && (!hasPassword || !settings.enableEmailPassword);
      return { existing: !!user, status: magic ? ('MAGIC_CODE' as const) : ('CREDENTIAL' as const) };
    },

    async signUp(body: { email?: string; password?: string; first_name?: string; last_name?: string }) {
      const settings = await deps.instance.settings();
      if (!settings.enableEmailPassword) throw authError('PASSWORD_LOGIN_DISABLED');
      const email = normaliseEmail(body.email);
      if (!email || !body.password) throw authError('REQUIRED_EMAIL_PASSWORD_SIGN_UP');
      if (!isValidEmail(email)) throw authError('INVALID_EMAIL_SIGN_UP');
      const weak = await passwordProblem(body.password, { email, ...body });
      if (weak) throw weak;
      const password_hash = await hashPassword(body.password);
      return createAccount({
        email,
        password_hash,
        first_name: body.first_name?.slice(0, 255),
        last_name: body.last_name?.slice(0, 255),
        is_password_autoset: false,
        is_email_verified: false,
        last_login_medium: 'email',
      });
    },

    async signIn(body: { email?: string; password?: string }, ip: string): Promise<UserRow> {
      const settings = await deps.instance.settings();
      if (!settings.enableEmailPassword) throw authError('PASSWORD_LOGIN_DISABLED');
      const email = normaliseEmail(body.email);
      if (!email || !body.password) throw authError('REQUIRED_EMAIL_PASSWORD_SIGN_IN');
      if (!isValidEmail(email)) throw authError('INVALID_EMAIL_SIGN_IN');
      await assertSignInAllowed(email, ip);
      const user = await deps.users.findByEmail(db, email);
      const ok = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), body.password);
      if (!user?.password_hash || !ok) {
        await recordSignInFailure(db, email, ip);
        throw authError('AUTHENTICATION_FAILED_SIGN_IN');
      }
      if (!user.is_active) throw authError('USER_ACCOUNT_DEACTIVATED');
      return deps.users.update(db, user.id, { last_login_medium: 'email', last_login_at: new Date() });
    },

    async generateMagicCode(rawEmail: string | undefined): Promise<{ key: string }> {
      const settings = await deps.instance.settings();
      if (!settings.enableMagicLinkLogin) throw authError('MAGIC_LINK_LOGIN_DISABLED');
      const email = normaliseEmail(rawEmail);
      if (!email) throw authError('EMAIL_REQUIRED');
      if (!isValidEmail(email)) throw authError('INVALID_EMAIL');
      const code = sixDigitCode();
      await db.transaction(async (tx) => {
        if ((await countCodesSince(tx, email, new Date(Date.now() - CODE_TTL_MS))) >= CODES_PER_WINDOW) {
          throw authRateLimited(CODE_TTL_MS / 1000);
        }
        await replaceMagicCode(tx, {
          email,
          code_hash: sha256(`${email}:${code}`),
          expires_at: new Date(Date.now() + CODE_TTL_MS),
        });
      });
      const mailer = await deps.mailer();
      await mailer.send({
        to: email,
        subject: `Your Kite sign-in code is ${code}`,
        text: `Your sign-in code is ${code}. It expires in 10 minutes.`,
        code,
      });
      return { key: `magic_${email}` };
    },

    async magicSignIn(body: { email?: string; code?: string }): Promise<UserRow> {
      const settings = await deps.instance.settings();
      if (!settings.enableMagicLinkLogin) throw authError('MAGIC_LINK_LOGIN_DISABLED');
      const email = normaliseEmail(body.email);
      if (!email || !body.code) throw authError('MAGIC_SIGN_IN_EMAIL_CODE_REQUIRED');
      if (!isValidEmail(email)) throw authError('INVALID_EMAIL_MAGIC_SIGN_IN');
      const user = await deps.users.findByEmail(db, email);
      if (!user) throw authError('USER_DOES_NOT_EXIST');
      await consumeCode(email, body.code, 'SIGN_IN');
      if (!user.is_active) throw authError('USER_ACCOUNT_DEACTIVATED');
      return deps.users.update(db, user.id, {
        is_email_verified: true,
        last_login_medium: 'magic-code',
        last_login_at: new Date(),
      });
    },

    async magicSignUp(body: { email?: string; code?: string }): Promise<UserRow> {
      const settings = await deps.instance.settings();
      if (!settings.enableMagicLinkLogin) throw authError('MAGIC_LINK_LOGIN_DISABLED');
      const email = normaliseEmail(body.email);
      if (!email || !body.code) throw authError('MAGIC_SIGN_UP_EMAIL_CODE_REQUIRED');
      if (!isValidEmail(email)) throw authError('INVALID_EMAIL_MAGIC_SIGN_UP');
      if (await deps.users.findByEmail(db, email)) throw authError('USER_ALREADY_EXIST');
      await consumeCode(email, body.code, 'SIGN_UP');
      return createAccount({
        email,
        password_hash: null,
        is_password_autoset: true,
        is_email_verified: true,
        last_login_medium: 'magic-code',
      });
    },

    /** Answers the same for known and unknown emails, so it reveals no accounts. */
    async forgotPassword(rawEmail: string | undefined, baseUrl: string): Promise<{ message: string }> {
      const email = normaliseEmail(rawEmail);
      if (!email || !isValidEmail(email)) throw authError('INVALID_EMAIL');
      const user = await deps.users.findByEmail(db, email);
      if (user?.is_active) {
        const token = randomToken(32);
        await insertResetToken(db, {
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: new Date(Date.now() + RESET_TTL_MS),
        });
        const query = new URLSearchParams({ uidb64: encodeUid(user.id), token, email });
        const link = `${baseUrl}/accounts/reset-password/?${query}`;
        const mailer = await deps.mailer();
        await mailer.send({
          to: email,
          subject: 'Reset your Kite password',
          text: `Reset your password: ${link}\nThe link expires in 1 hour.`,
          link,
        });
      }
      return { message: 'Check your email to reset your password' };
    },

    async resetPassword(uidb64: string, token: string, password: string | undefined): Promise<UserRow> {
      const userId = decodeUid(uidb64);
      const user = userId ? await deps.users.findById(db, userId) : undefined;
      if (!user?.is_active) throw authError('INVALID_PASSWORD_TOKEN');
      const row = await findResetToken(db, user.id, sha256(token));
      if (!row) throw authError('INVALID_PASSWORD_TOKEN');
      if (row.used_at || row.expires_at < new Date()) throw authError('EXPIRED_PASSWORD_TOKEN');
      if (!password) throw authError('MISSING_PASSWORD');
      const weak = await passwordProblem(password, user);
      if (weak) throw weak;
      return changePasswordHash(user, password);
    },

    async setPassword(user: UserRow, password: string | undefined): Promise<UserRow> {
      if (!user.is_password_autoset) throw authError('PASSWORD_ALREADY_SET');
      if (!password) throw authError('INVALID_PASSWORD');
      const weak = await passwordProblem(password, user);
      if (weak) throw weak;
      return changePasswordHash(user, password);
    },

    async changePassword(user: UserRow, oldPassword: string | undefined, newPassword: string | undefined) {
      if (!newPassword) throw authError('MISSING_PASSWORD');
      if (!user.is_password_autoset) {
        if (!oldPassword) throw authError('MISSING_PASSWORD');
        if (!(await verifyPassword(user.password_hash, oldPassword)))
          throw authError('INCORRECT_OLD_PASSWORD');
      }
      const weak = await passwordProblem(newPassword, user);
      if (weak) throw weak;
      return changePasswordHash(user, newPassword);
    },
  };
}
