import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, sqlArray } from '../../platform/db/database.ts';
import { type PageImageRow, type PageRow, pageImages, pages } from '../../platform/db/schema.ts';

/** Who lists pages: the user, and whether they see only their own (a guest, api.md §0.5). */
export interface PageReader {
  userId: string;
  ownOnly: boolean;
}

/** A page as lists read it (timestamps as the driver gives them), with the reader's favorite. */
export type PageListRow = Omit<
  PageRow,
  'created_at' | 'updated_at' | 'deleted_at' | 'archived_at' | 'description_binary' | 'description_stripped'
> & {
  created_at: string | Date;
  updated_at: string | Date;
  archived_at: string | Date | null;
  is_favorite: boolean;
};

/** Private pages are their owner's alone; a guest who sees only their own sees no one else's. */
const visibleTo = (reader: PageReader): SQL =>
  reader.ownOnly ? sql`p.owned_by = ${reader.userId}` : sql`(p.access = 0 or p.owned_by = ${reader.userId})`;

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The project's live pages the reader may see, newest change first: the active ones, or the
 * archived ones, or only the reader's favorites; `search` matches a part of the name.
 */
export function listPages(
  db: Executor,
  projectId: string,
  reader: PageReader,
  options: {
    archived?: boolean;
    favorites?: boolean;
    search?: string;
    pageId?: string;
    withHtml?: boolean;
  } = {},
): Promise<(PageListRow & { description_html?: string })[]> {
  const favorite = sql`exists (select 1 from user_favorites f where f.user_id = ${reader.userId}
    and f.entity_type = 'page' and f.entity_identifier = p.id)`;
  const conditions = [sql`p.project_id = ${projectId}`, sql`p.deleted_at is null`, visibleTo(reader)];
  if (options.archived !== undefined) {
    conditions.push(options.archived ? sql`p.archived_at is not null` : sql`p.archived_at is null`);
  }
  if (options.favorites) conditions.push(favorite);
  if (options.search) conditions.push(sql`p.name ilike ${escapeLike(options.search)}`);
  if (options.pageId) conditions.push(sql`p.id = ${options.pageId}`);
  return queryRows(
    db,
    sql`select p.id, p.workspace_id, p.project_id, p.name, p.logo_props, p.color, p.label_ids, p.owned_by,
               p.access, p.is_locked, p.archived_at, p.parent_id, p.view_props, p.sort_order,
               p.created_at, p.updated_at, p.created_by, p.updated_by,
               ${options.withHtml ? sql`p.description_html,` : sql``}
               ${favorite} as is_favorite
          from pages p
         where ${sql.join(conditions, sql` and `)}
         order by p.updated_at desc, p.id`,
  );
}

/** How many pages of each tab the reader sees. */
export async function countPages(db: Executor, projectId: string, reader: PageReader) {
  const [row] = await queryRows<{ public_pages: number; private_pages: number; archived_pages: number }>(
    db,
    sql`select count(*) filter (where p.archived_at is null and p.access = 0)::int as public_pages,
               count(*) filter (where p.archived_at is null and p.access = 1)::int as private_pages,
               count(*) filter (where p.archived_at is not null)::int as archived_pages
          from pages p
         where p.project_id = ${projectId} and p.deleted_at is null and ${visibleTo(reader)}`,
  );
  return row!;
}

/** A live page of the project, whoever owns it (the service applies the view rule). */
export async function findPage(
  db: Executor,
  projectId: string,
  pageId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PageRow | undefined> {
  const query = db
    .select()
    .from(pages)
    .where(and(eq(pages.project_id, projectId), eq(pages.id, pageId), isNull(pages.deleted_at)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/** A live page by id alone: for the collaboration server, which checked the connection's rights. */
export async function findLivePage(
  db: Executor,
  pageId: string,
  options: { forUpdate?: boolean } = {},
): Promise<PageRow | undefined> {
  const query = db
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertPage(db: Executor, values: typeof pages.$inferInsert): Promise<PageRow> {
  const [row] = await db.insert(pages).values(values).returning();
  return row!;
}

export async function updatePageRow(
  db: Executor,
  pageId: string,
  values: Partial<typeof pages.$inferInsert>,
): Promise<void> {
  await db
    .update(pages)
    .set({ ...values, updated_at: new Date() })
    .where(eq(pages.id, pageId));
}

/** Stores a page's first document, leaving the rest (and its updated_at) as it is. */
export async function storeDocumentBytes(db: Executor, pageId: string, bytes: Uint8Array): Promise<void> {
  await db.update(pages).set({ description_binary: bytes }).where(eq(pages.id, pageId));
}

export async function softDeletePage(db: Executor, pageId: string): Promise<void> {
  await db.update(pages).set({ deleted_at: new Date() }).where(eq(pages.id, pageId));
}

/** Labels among these that are not live labels of the project. */
export async function foreignLabels(db: Executor, projectId: string, labelIds: string[]): Promise<string[]> {
  if (labelIds.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select x.id from unnest(${sqlArray(labelIds, 'uuid')}) x(id)
         where not exists (select 1 from labels l where l.id = x.id and l.project_id = ${projectId}
                              and l.deleted_at is null)`,
  );
  return rows.map((row) => row.id);
}

export async function insertPageImage(
  db: Executor,
  values: typeof pageImages.$inferInsert,
): Promise<PageImageRow> {
  const [row] = await db.insert(pageImages).values(values).returning();
  return row!;
}

export async function findPageImage(
  db: Executor,
  pageId: string,
  imageId: string,
): Promise<PageImageRow | undefined> {
  const [row] = await db
    .select()
    .from(pageImages)
    .where(and(eq(pageImages.page_id, pageId), eq(pageImages.id, imageId)));
  return row;
}
