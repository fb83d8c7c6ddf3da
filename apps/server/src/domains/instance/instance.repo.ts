import { count, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { instance, instanceConfigurations, workspaces } from '../../platform/db/schema.ts';

export type InstanceRow = typeof instance.$inferSelect;
export type ConfigurationRow = typeof instanceConfigurations.$inferSelect;

export async function findInstance(db: Executor): Promise<InstanceRow | undefined> {
  const rows = await db.select().from(instance).limit(1);
  return rows[0];
}

export async function insertInstance(db: Executor, row: { instance_name: string; instance_id: string }) {
  const rows = await db.insert(instance).values(row).returning();
  return rows[0]!;
}

export async function updateInstanceRow(db: Executor, values: Partial<InstanceRow>): Promise<void> {
  await db.update(instance).set({ ...values, updated_at: new Date() });
}

export function listConfigurationRows(db: Executor): Promise<ConfigurationRow[]> {
  return db.select().from(instanceConfigurations);
}

export async function upsertConfiguration(
  db: Executor,
  row: { key: string; value: string | null; category: string; is_encrypted: boolean },
): Promise<void> {
  await db
    .insert(instanceConfigurations)
    .values(row)
    .onConflictDoUpdate({
      target: instanceConfigurations.key,
      set: { value: row.value, updated_at: new Date() },
    });
}

export async function liveWorkspaceCount(db: Executor): Promise<number> {
  const rows = await db.select({ n: count() }).from(workspaces).where(isNull(workspaces.deleted_at));
  return rows[0]?.n ?? 0;
}
