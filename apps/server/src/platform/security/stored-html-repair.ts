import type { Database } from '../db/database.ts';
import { sanitizeRichText } from './html.ts';

/** Rich-text columns written through `sanitizeRichText`. */
const RICH_TEXT = [
  { table: 'issues', column: 'description_html' },
  { table: 'projects', column: 'description_html' },
  { table: 'issue_comments', column: 'comment_html' },
] as const;

/**
 * Before the allow-list named the editor components' attributes one by one, it let every
 * attribute through on them, `on*` handlers included. Rows stored then are sanitised again at
 * start-up; the pattern finds none once they are, so later starts only pay for the scan.
 */
const UNSAFE_COMPONENT = String.raw`<(mention|image|issue-embed)-component[^>]*\son[a-z]`;

export async function repairStoredRichText(database: Database): Promise<number> {
  let repaired = 0;
  for (const { table, column } of RICH_TEXT) {
    const rows = await database.raw<{ id: string; html: string }>(
      `select id, ${column} as html from ${table} where ${column} ~* $1`,
      [UNSAFE_COMPONENT],
    );
    for (const row of rows) {
      await database.raw(`update ${table} set ${column} = $1 where id = $2`, [
        sanitizeRichText(row.html),
        row.id,
      ]);
    }
    repaired += rows.length;
  }
  return repaired;
}
