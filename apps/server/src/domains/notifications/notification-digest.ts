import { sql } from 'drizzle-orm';
import { type Db, queryRows, sqlArray } from '../../platform/db/database.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';

/** Notifications wait this long before a digest takes them, so a burst of changes makes one mail. */
export const DIGEST_DELAY_SECONDS = 60;
const BATCH = 500;
const LINES_PER_MAIL = 20;

interface Pending {
  id: string;
  receiver_id: string;
  email: string;
  message: string;
  title: string;
  key: string;
  unread: boolean;
}

/**
 * Mails each receiver one digest of their unread notifications that no digest has dealt with yet;
 * those read in the meantime are only marked. Rows are claimed with SKIP LOCKED, so several app
 * processes can run it. A mail sent just before the process dies may be sent again (at least once).
 */
export async function sendNotificationDigests(db: Db, mailer: () => Promise<Mailer>): Promise<number> {
  // Resolved first: on PGlite a read outside the transaction would wait for the transaction.
  const send = await mailer();
  return db.transaction(async (tx) => {
    const rows = await queryRows<Pending>(
      tx,
      sql`select n.id, n.receiver_id, u.email, n.message, n.title, p.identifier || '-' || i.sequence_id as key,
          n.read_at is null and n.archived_at is null as unread
        from notifications n
        join users u on u.id = n.receiver_id
        join issues i on i.id = n.issue_id
        join projects p on p.id = n.project_id
        where n.emailed_at is null and n.created_at <= now() - make_interval(secs => ${DIGEST_DELAY_SECONDS})
        order by n.created_at
        limit ${BATCH}
        for update of n skip locked`,
    );
    if (rows.length === 0) return 0;
    const byReceiver = new Map<string, Pending[]>();
    for (const row of rows.filter((r) => r.unread))
      byReceiver.set(row.receiver_id, [...(byReceiver.get(row.receiver_id) ?? []), row]);
    for (const pending of byReceiver.values()) {
      const lines = pending.slice(0, LINES_PER_MAIL).map((n) => `${n.key} ${n.title}: ${n.message}`);
      const more = pending.length - lines.length;
      await send.send({
        to: pending[0]!.email,
        subject: `${pending.length} new notification${pending.length === 1 ? '' : 's'}`,
        text: [...lines, ...(more > 0 ? [`…and ${more} more`] : [])].join('\n'),
      });
    }
    await tx.execute(
      sql`update notifications set emailed_at = now() where id = any(${sqlArray(
        rows.map((r) => r.id),
        'uuid',
      )})`,
    );
    return byReceiver.size;
  });
}
