import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** What instance admins changed in the console, and when (secret values are never written here). */
export const instanceAuditLog = pgTable(
  'instance_audit_log',
  {
    id: id(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('instance_audit_log_created_idx').on(t.created_at, t.id)],
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
