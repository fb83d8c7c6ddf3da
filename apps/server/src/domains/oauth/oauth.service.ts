import { type LinkedAccount, OAUTH_PROVIDERS, type OAuthProvider } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { authError, isValidEmail, normaliseEmail } from '../auth/auth-errors.ts';
import type { InstanceService } from '../instance/instance.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { presentAccount } from './accounts.presenter.ts';
import {
  deleteUserAccount,
  findAccount,
  insertAccount,
  listUserAccounts,
  touchAccount,
} from './accounts.repo.ts';
import type { OAuthProfile } from './oauth-clients.ts';

export type OAuthService = ReturnType<typeof createOAuthService>;

export function createOAuthService(
  db: Db,
  deps: { auth: AuthService; users: UsersService; instance: InstanceService },
) {
  const signedIn = (user: UserRow, provider: OAuthProvider) =>
    deps.users.update(db, user.id, { last_login_medium: provider, last_login_at: new Date() });

  return {
    /**
     * The user a provider's answer signs in: the account linked to that subject; else the account
     * with the same email, linked now if the provider verified the email; else a new account under
     * the sign-up rules. Refusals carry their auth error name (api.md §1.2).
     */
    async signIn(provider: OAuthProvider, profile: OAuthProfile): Promise<UserRow> {
      const settings = (await deps.instance.settings()).providers[provider];
      const email = normaliseEmail(profile.email);
      const domain = email?.split('@')[1];
      if (settings.allowedDomains?.length && !(domain && settings.allowedDomains.includes(domain))) {
        throw authError('OAUTH_DOMAIN_NOT_ALLOWED');
      }

      const linked = await findAccount(db, provider, profile.subject);
      if (linked) {
        const user = await deps.users.findById(db, linked.user_id);
        if (!user?.is_active) throw authError('USER_ACCOUNT_DEACTIVATED');
        await touchAccount(db, linked.id, email ?? null);
        return signedIn(user, provider);
      }

      // An address the provider has not verified could be anyone's: it neither links nor creates.
      if (!email || !isValidEmail(email) || !profile.emailVerified)
        throw authError('OAUTH_EMAIL_NOT_VERIFIED');
      const link = { provider, provider_account_id: profile.subject, email };

      const existing = await deps.users.findByEmail(db, email);
      if (existing) {
        if (!existing.is_active) throw authError('USER_ACCOUNT_DEACTIVATED');
        await db.transaction(async (tx) => {
          await insertAccount(tx, { ...link, user_id: existing.id });
          await deps.users.markEmailVerified(tx, existing.id);
        });
        return signedIn(existing, provider);
      }

      return deps.auth.createAccount(
        {
          email,
          password_hash: null,
          first_name: profile.firstName?.slice(0, 255),
          last_name: profile.lastName?.slice(0, 255),
          is_password_autoset: true,
          is_email_verified: true,
          last_login_medium: provider,
        },
        (tx, user) => insertAccount(tx, { ...link, user_id: user.id }),
      );
    },

    async list(user: UserRow): Promise<LinkedAccount[]> {
      return (await listUserAccounts(db, user.id)).map(presentAccount);
    },

    /** Unlinks one of the user's providers, while another way to sign in remains. */
    async unlink(user: UserRow, accountId: string): Promise<void> {
      const [accounts, settings] = await Promise.all([
        listUserAccounts(db, user.id),
        deps.instance.settings(),
      ]);
      const account = accounts.find((a) => a.id === accountId);
      if (!account) throw new AppError('not_found', 'Account not found');
      const otherProviders = accounts.filter(
        (a) =>
          a.id !== accountId &&
          (OAUTH_PROVIDERS as readonly string[]).includes(a.provider) &&
          settings.providers[a.provider as OAuthProvider].enabled,
      );
      const password = !!user.password_hash && !user.is_password_autoset && settings.enableEmailPassword;
      if (!password && !settings.enableMagicLinkLogin && otherProviders.length === 0) {
        throw new AppError(
          'bad_request',
          'Set a password or link another sign-in method before unlinking this one',
          'LAST_SIGN_IN_METHOD',
        );
      }
      await deleteUserAccount(db, user.id, accountId);
    },
  };
}
