import { z } from 'zod';
import { PAGE_ACCESS } from '../domain/pages.ts';
import { auditFields, smallJsonObject, trimmed } from './common.ts';

/**
 * Pages (api.md §9): a project's rich-text documents. The description is a Yjs document edited
 * together through `/live/collaboration` (§16.2); the API stores it as binary together with its
 * sanitised HTML and a plain-text copy for search.
 */

export { PAGE_ACCESS, type PageAccess } from '../domain/pages.ts';

/** The name a page gets when it is created without one. */
export const UNTITLED_PAGE = 'Untitled';
/** The title is saved this long after the last keystroke (spec §9). */
export const PAGE_TITLE_AUTOSAVE_MS = 2000;
/** The largest description a page takes, as a Yjs update (api.md §9: 413 above). */
export const PAGE_DESCRIPTION_MAX_BYTES = 10 * 1024 * 1024;

const jsonObject = z.record(z.string(), z.unknown());

/** A page as lists show it: everything but the description. */
export const pageSchema = z.object({
  id: z.string(),
  name: z.string(),
  logo_props: jsonObject,
  color: z.string(),
  label_ids: z.array(z.string()),
  owned_by: z.string(),
  access: z.number(),
  anchor: z.string().nullable(),
  is_favorite: z.boolean(),
  is_locked: z.boolean(),
  archived_at: z.string().nullable(),
  workspace: z.string(),
  project_ids: z.array(z.string()),
  parent_id: z.string().nullable(),
  view_props: z.object({ full_width: z.boolean() }).catchall(z.unknown()),
  sort_order: z.number(),
  ...auditFields,
});
export type Page = z.infer<typeof pageSchema>;

/** One page (GET, POST, PATCH and the actions): with its sanitised HTML description. */
export const pageDetailSchema = pageSchema.extend({ description_html: z.string() });
export type PageDetail = z.infer<typeof pageDetailSchema>;

const access = z.union([z.literal(PAGE_ACCESS.PUBLIC), z.literal(PAGE_ACCESS.PRIVATE)], {
  error: 'Access must be 0 (public) or 1 (private)',
});
const pageFields = {
  /** Blank becomes `Untitled`. */
  name: trimmed().max(255, 'Name cannot exceed 255 characters'),
  description_html: z.string().max(1_000_000, 'Description is too long'),
  color: trimmed().max(32),
  logo_props: smallJsonObject,
  label_ids: z.array(z.uuid({ error: 'Must be a valid UUID' })).max(100),
  parent_id: z.uuid({ error: 'Must be a valid UUID' }).nullable(),
};
export const createPageBodySchema = z.object({ ...pageFields, access }).partial();
export type CreatePageBody = z.infer<typeof createPageBodySchema>;
export const updatePageBodySchema = z
  .object({ ...pageFields, view_props: z.object({ full_width: z.boolean() }).partial() })
  .partial();
export type UpdatePageBody = z.infer<typeof updatePageBodySchema>;

export const pageAccessBodySchema = z.object({ access });

export const pageListQuerySchema = z.object({
  /** Case-insensitive part of the name. */
  search: z.string().max(255).optional(),
});
export type PageListQuery = z.infer<typeof pageListQuerySchema>;

export const pagesSummarySchema = z.object({
  public_pages: z.number(),
  private_pages: z.number(),
  archived_pages: z.number(),
});
export type PagesSummary = z.infer<typeof pagesSummarySchema>;

/** `PATCH …/description/`: the whole document as one Yjs update; the server derives the HTML from it. */
export const pageDescriptionBodySchema = z.object({
  description_binary: z.base64({ error: 'Must be a base64 Yjs update' }),
  /** Accepted for Plane's clients; the stored HTML is rendered from the binary. */
  description_html: z.string().optional(),
});
export type PageDescriptionBody = z.infer<typeof pageDescriptionBodySchema>;

/** `/live/collaboration` query (api.md §16.2); the document name is the page id. */
export const collaborationQuerySchema = z.object({
  documentType: z.literal('project_page'),
  projectId: z.uuid(),
  workspaceSlug: z.string().min(1).max(48),
});
