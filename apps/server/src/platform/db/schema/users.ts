import { boolean, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';

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

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
