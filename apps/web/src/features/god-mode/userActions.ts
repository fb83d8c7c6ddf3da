import type { AdminUser, UpdateAdminUserBody } from '@kite/shared/contracts';

export type UserActionKind = 'deactivate' | 'reactivate' | 'grant-admin' | 'revoke-admin';

export interface UserAction {
  kind: UserActionKind;
  label: string;
  /** The confirmation's title, description and button. */
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  patch: UpdateAdminUserBody;
  done: string;
}

/** The actions a row offers for a user, in menu order, worded for that user. */
export function userActions(user: AdminUser): UserAction[] {
  const who = user.display_name || user.email;
  const status: UserAction = user.is_active
    ? {
        kind: 'deactivate',
        label: 'Deactivate',
        title: `Deactivate ${who}?`,
        description: `${user.email} is signed out everywhere and cannot sign in until reactivated. Their work stays.`,
        confirmLabel: 'Deactivate',
        tone: 'danger',
        patch: { is_active: false },
        done: `${who} was deactivated`,
      }
    : {
        kind: 'reactivate',
        label: 'Reactivate',
        title: `Reactivate ${who}?`,
        description: `${user.email} can sign in again.`,
        confirmLabel: 'Reactivate',
        tone: 'primary',
        patch: { is_active: true },
        done: `${who} was reactivated`,
      };
  const admin: UserAction = user.is_instance_admin
    ? {
        kind: 'revoke-admin',
        label: 'Remove instance admin',
        title: `Remove ${who} as instance admin?`,
        description: 'They keep their account and workspaces but lose this console.',
        confirmLabel: 'Remove admin',
        tone: 'danger',
        patch: { is_instance_admin: false },
        done: `${who} is no longer an instance admin`,
      }
    : {
        kind: 'grant-admin',
        label: 'Make instance admin',
        title: `Make ${who} an instance admin?`,
        description:
          'Instance admins manage sign-in, email, every workspace and every user of this instance.',
        confirmLabel: 'Make admin',
        tone: 'primary',
        patch: { is_instance_admin: true },
        done: `${who} is now an instance admin`,
      };
  return [admin, status];
}
