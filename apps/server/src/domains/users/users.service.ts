import { randomUUID } from 'node:crypto';
import type {
  NotificationPreferences,
  Profile,
  Settings,
  UpdateMeBody,
  UpdateProfileBody,
  User,
} from '@kite/shared/contracts';
import { ONBOARDING_STEPS } from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { ProfileRow, UserRow } from '../../platform/db/schema.ts';
import { envelope, type PageRequest } from '../../platform/http/pagination.ts';
import { presentActivity, presentProfile, presentUser } from './users.presenter.ts';
import {
  countPendingInvitations,
  countUsers,
  findProfile,
  findUserByEmail,
  findUserById,
  insertProfile,
  insertUser,
  listMemberWorkspaceRefs,
  pageOwnActivities,
  updateProfileRow,
  updateUserRow,
} from './users.repo.ts';

export type UsersService = ReturnType<typeof createUsersService>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  property_change: true,
  state_change: true,
  comment: true,
  mention: true,
  issue_completed: true,
};

const NO_STEPS = Object.fromEntries(ONBOARDING_STEPS.map((s) => [s, false]));
const ALL_STEPS = Object.fromEntries(ONBOARDING_STEPS.map((s) => [s, true]));

export interface NewUser {
  email: string;
  password_hash: string | null;
  first_name?: string;
  last_name?: string;
  is_password_autoset: boolean;
  is_email_verified: boolean;
  is_instance_admin: boolean;
  last_login_medium: string;
}

export function createUsersService(db: Db) {
  async function profileOf(tx: Executor, userId: string): Promise<ProfileRow> {
    const existing = await findProfile(tx, userId);
    return (
      existing ??
      insertProfile(tx, { user_id: userId, onboarding_step: NO_STEPS, theme: { theme: 'system' } })
    );
  }

  return {
    findByEmail: (tx: Executor, email: string) => findUserByEmail(tx, email),
    findById: (tx: Executor, id: string) => findUserById(tx, id),
    count: (tx: Executor) => countUsers(tx),
    present: presentUser,

    async create(tx: Executor, values: NewUser): Promise<UserRow> {
      const localPart = values.email.split('@')[0] ?? 'user';
      const user = await insertUser(tx, {
        email: values.email,
        username: randomUUID().replaceAll('-', ''),
        display_name: localPart.slice(0, 255),
        first_name: values.first_name ?? '',
        last_name: values.last_name ?? '',
        password_hash: values.password_hash,
        is_password_autoset: values.is_password_autoset,
        is_email_verified: values.is_email_verified,
        is_instance_admin: values.is_instance_admin,
        last_login_medium: values.last_login_medium,
        last_login_at: new Date(),
      });
      await insertProfile(tx, { user_id: user.id, onboarding_step: NO_STEPS, theme: { theme: 'system' } });
      return user;
    },

    update: (tx: Executor, userId: string, values: Partial<UserRow>) => updateUserRow(tx, userId, values),

    async markEmailVerified(tx: Executor, userId: string): Promise<void> {
      await updateUserRow(tx, userId, { is_email_verified: true });
    },

    async rememberLastWorkspace(tx: Executor, userId: string, workspaceId: string): Promise<void> {
      await profileOf(tx, userId);
      await updateProfileRow(tx, userId, { last_workspace_id: workspaceId });
    },

    async updateMe(user: UserRow, body: UpdateMeBody): Promise<User> {
      return presentUser(await updateUserRow(db, user.id, body));
    },

    async getProfile(user: UserRow): Promise<Profile> {
      return presentProfile(await profileOf(db, user.id));
    },

    /** PATCH merges the `theme` and `onboarding_step` blobs key by key. */
    async updateProfile(user: UserRow, body: UpdateProfileBody): Promise<Profile> {
      return db.transaction(async (tx) => {
        const current = await profileOf(tx, user.id);
        const { theme, onboarding_step, ...rest } = body;
        // The workspace to land in must be one of the user's: another's id is not theirs to keep.
        if (rest.last_workspace_id) {
          const mine = await listMemberWorkspaceRefs(tx, user.id);
          if (!mine.some((w) => w.id === rest.last_workspace_id)) {
            throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
              fields: { last_workspace_id: 'Must be a workspace you belong to' },
            });
          }
        }
        const row = await updateProfileRow(tx, user.id, {
          ...rest,
          ...(theme ? { theme: { ...current.theme, ...theme } } : {}),
          ...(onboarding_step ? { onboarding_step: { ...current.onboarding_step, ...onboarding_step } } : {}),
        });
        return presentProfile(row);
      });
    },

    /** Finishing onboarding sets every step and remembers a workspace to land in. */
    async onboard(user: UserRow, isOnboarded: boolean): Promise<Profile> {
      return db.transaction(async (tx) => {
        const current = await profileOf(tx, user.id);
        const values: Partial<ProfileRow> = { is_onboarded: isOnboarded };
        if (isOnboarded) {
          values.onboarding_step = { ...current.onboarding_step, ...ALL_STEPS };
          if (!current.last_workspace_id) {
            const first = (await listMemberWorkspaceRefs(tx, user.id))[0];
            if (first) values.last_workspace_id = first.id;
          }
        }
        return presentProfile(await updateProfileRow(tx, user.id, values));
      });
    },

    async setTourCompleted(user: UserRow, value: boolean): Promise<Profile> {
      await profileOf(db, user.id);
      return presentProfile(await updateProfileRow(db, user.id, { is_tour_completed: value }));
    },

    async settings(user: UserRow): Promise<Settings> {
      const [profile, refs, invites] = await Promise.all([
        profileOf(db, user.id),
        listMemberWorkspaceRefs(db, user.id),
        countPendingInvitations(db, user.email, new Date()),
      ]);
      const last = refs.find((w) => w.id === profile.last_workspace_id) ?? null;
      const fallback = refs[0] ?? null;
      return {
        id: user.id,
        email: user.email,
        workspace: {
          last_workspace_id: last?.id ?? null,
          last_workspace_slug: last?.slug ?? null,
          fallback_workspace_id: fallback?.id ?? null,
          fallback_workspace_slug: fallback?.slug ?? null,
          invites,
        },
      };
    },

    async activities(user: UserRow, page: PageRequest) {
      const { rows, total } = await pageOwnActivities(
        db,
        user.id,
        page.perPage + 1,
        page.page * page.perPage,
      );
      return envelope(page, rows.map(presentActivity), total);
    },

    async notificationPreferences(user: UserRow): Promise<NotificationPreferences> {
      const profile = await profileOf(db, user.id);
      return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...profile.notification_preferences };
    },

    async updateNotificationPreferences(
      user: UserRow,
      body: Partial<NotificationPreferences>,
    ): Promise<NotificationPreferences> {
      const profile = await profileOf(db, user.id);
      const merged = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...profile.notification_preferences, ...body };
      await updateProfileRow(db, user.id, { notification_preferences: merged });
      return merged;
    },
  };
}
