import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column helpers every table module shares. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => ts('created_at').notNull().defaultNow();
export const updatedAt = () => ts('updated_at').notNull().defaultNow();
export const audit = () => ({
  created_at: createdAt(),
  updated_at: updatedAt(),
  created_by: uuid('created_by'),
  updated_by: uuid('updated_by'),
});

/** Raw bytes; PGlite gives a Uint8Array and pg a Buffer, both are Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
