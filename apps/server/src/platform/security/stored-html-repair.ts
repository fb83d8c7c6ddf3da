import type { Database } from '../db/database.ts';
import { sanitizeRichText } from './html.ts';

/**
 * Before the allow-list named the editor components' attributes one by one, it let every
 * attribute through on them, `on*` handlers included. Rows stored then are sanitised again at
 * start-up; the pattern finds none once they are, so later starts only pay for the scan.
 */
const UNSAFE_COMPONENT = String.raw`<(mention|image|issue-embed)-component[^>]*\son[a-z]`;

/**
 * Rich-text columns written through `sanitizeRichText`, and which stored rows may predate it.
 * Project descriptions were stored as sent until 2026-11-27: any markup in one is sanitised again
 * (a workspace holds few projects, and an already clean row is left as it is).
 */
const RICH_TEXT = [
  { table: 'issues', column: 'description_html', suspect: UNSAFE_COMPONENT },
  { table: 'projects', column: 'description_html', suspect: '<' },
  { table: 'issue_comments', column: 'comment_html', suspect: UNSAFE_COMPONENT },
] as const;

export async function repairStoredRichText(database: Database): Promise<number> {
  let repaired = 0;
  for (const { table, column, suspect } of RICH_TEXT) {
    const rows = await database.raw<{ id: string; html: string }>(
      `select id, ${column} as html from ${table} where ${column} ~* $1`,
      [suspect],
    );
    for (const row of rows) {
      const clean = sanitizeRichText(row.html);
      if (clean === row.html) continue;
      await database.raw(`update ${table} set ${column} = $1 where id = $2`, [clean, row.id]);
      repaired++;
    }
  }
  return repaired;
}
