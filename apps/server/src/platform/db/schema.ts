import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    display_name: text('display_name').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    avatar: text('avatar'),
    cover_image: text('cover_image'),
    password_hash: text('password_hash'),
    is_password_autoset: boolean('is_password_autoset').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    is_bot: boolean('is_bot').notNull().default(false),
    is_email_verified: boolean('is_email_verified').notNull().default(false),
    is_instance_admin: boolean('is_instance_admin').notNull().default(false),
    user_timezone: text('user_timezone').notNull().default('UTC'),
    last_login_medium: text('last_login_medium'),
    last_login_at: ts('last_login_at'),
    date_joined: ts('date_joined').notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), uniqueIndex('users_username_key').on(t.username)],
);

export const profiles = pgTable('profiles', {
  id: id(),
  user_id: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role'),
  last_workspace_id: uuid('last_workspace_id'),
  theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
  onboarding_step: jsonb('onboarding_step').$type<Record<string, boolean>>().notNull(),
  is_onboarded: boolean('is_onboarded').notNull().default(false),
  is_tour_completed: boolean('is_tour_completed').notNull().default(false),
  use_case: text('use_case'),
  billing_address_country: text('billing_address_country'),
  billing_address: text('billing_address'),
  has_billing_address: boolean('has_billing_address').notNull().default(false),
  notification_preferences: jsonb('notification_preferences')
    .$type<Record<string, boolean>>()
    .notNull()
    .default({}),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** Server-side sessions; `token_hash` is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

export const magicCodes = pgTable(
  'magic_codes',
  {
    id: id(),
    email: text('email').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('magic_codes_email_idx').on(t.email, t.created_at)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_id)],
);

/** One row per failed password sign-in; counted per account and per client IP over a window. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    id: id(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('sign_in_failures_email_idx').on(t.email, t.created_at),
    index('sign_in_failures_ip_idx').on(t.ip, t.created_at),
  ],
);

export const instance = pgTable('instance', {
  id: id(),
  instance_name: text('instance_name').notNull(),
  instance_id: text('instance_id').notNull(),
  is_setup_done: boolean('is_setup_done').notNull().default(false),
  is_telemetry_enabled: boolean('is_telemetry_enabled').notNull().default(false),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const instanceConfigurations = pgTable('instance_configurations', {
  key: text('key').primaryKey(),
  value: text('value'),
  category: text('category').notNull(),
  is_encrypted: boolean('is_encrypted').notNull().default(false),
  updated_at: updatedAt(),
});

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    owner_id: uuid('owner_id').references(() => users.id),
    logo_url: text('logo_url'),
    organization_size: text('organization_size'),
    timezone: text('timezone').notNull().default('UTC'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [uniqueIndex('workspaces_slug_live_key').on(t.slug).where(sql`${t.deleted_at} is null`)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    member_id: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: smallint('role').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    view_props: jsonb('view_props').$type<Record<string, unknown>>().notNull().default({}),
    default_props: jsonb('default_props').$type<Record<string, unknown>>().notNull().default({}),
    issue_props: jsonb('issue_props').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
  },
  (t) => [
    uniqueIndex('workspace_members_workspace_member_key').on(t.workspace_id, t.member_id),
    index('workspace_members_member_idx').on(t.member_id),
  ],
);

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: smallint('role').notNull(),
    token_hash: text('token_hash').notNull(),
    accepted: boolean('accepted').notNull().default(false),
    responded_at: ts('responded_at'),
    message: text('message'),
    expires_at: ts('expires_at').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    created_by: uuid('created_by'),
    updated_by: uuid('updated_by'),
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspace_id),
    index('workspace_invitations_email_idx').on(t.email),
  ],
);

/** Who did what, where: read by me/activities now, written by the issue domains as they land. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    workspace_id: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    project_id: uuid('project_id'),
    issue_id: uuid('issue_id'),
    actor_id: uuid('actor_id'),
    verb: text('verb').notNull(),
    field: text('field'),
    old_value: text('old_value'),
    new_value: text('new_value'),
    comment: text('comment'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('activities_actor_idx').on(t.actor_id, t.created_at)],
);

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type InvitationRow = typeof workspaceInvitations.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
