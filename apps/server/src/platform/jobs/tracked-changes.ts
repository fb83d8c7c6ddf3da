/** A changed field as events carry it: its old and new values, as text (null when unset). */
export type FieldChange = { old: string | null; new: string | null };

/** How each tracked field of a row reads as text, by its wire key. */
export type Tracked<Row> = Record<string, (row: Row) => string | null>;

/** The tracked fields that differ between two versions of a row, as `{ field: { old, new } }`. */
export function trackedChanges<Row>(
  tracked: Tracked<Row>,
  before: Row,
  after: Row,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const [field, read] of Object.entries(tracked)) {
    const old = read(before);
    const next = read(after);
    if (old !== next) changes[field] = { old, new: next };
  }
  return changes;
}
