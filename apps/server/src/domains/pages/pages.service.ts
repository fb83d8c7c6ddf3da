import {
  type CreatePageBody,
  type Favorite,
  PAGE_ACCESS,
  type Page,
  type PageDetail,
  type PageListQuery,
  type PagesSummary,
  type UpdatePageBody,
} from '@kite/shared/contracts';
import { AppError } from '@kite/shared/errors';
import { fileTypeFromBuffer } from 'file-type';
import * as Y from 'yjs';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { PageRow, UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import { sanitizeRichText, stripHtml } from '../../platform/security/html.ts';
import { type FileStorage, openStoredFile } from '../../platform/storage/file-storage.ts';
import {
  addProjectFavorite,
  listProjectFavorites,
  removeFavoritesOf,
  removeOthersFavorites,
  removeProjectFavorite,
} from '../favorites/favorites.repo.ts';
import { type EditorServer, loadEditorServer } from './page-editor.ts';
import {
  accessRefusal,
  archiveRefusal,
  canEditNow,
  canView,
  deleteRefusal,
  duplicateRefusal,
  editRefusal,
  lockRefusal,
  type PageViewer,
  pageName,
  seesOwnPagesOnly,
} from './pages.policy.ts';
import { presentPage, presentPageDetail } from './pages.presenter.ts';
import {
  countPages,
  findLivePage,
  findPage,
  findPageImage,
  foreignLabels,
  insertPage,
  insertPageImage,
  listPages,
  type PageReader,
  softDeletePage,
  storeDocumentBytes,
  updatePageRow,
} from './pages.repo.ts';

export type PagesService = ReturnType<typeof createPagesService>;

/**
 * What changed about a page outside its open documents: the stored document (a REST write), the
 * description replaced as HTML (open documents are stale), or who may see or edit it.
 */
export type PageChange = 'stored' | 'replaced' | 'rights';

/** Images a page may show inline; anything else (SVG, HTML…) is refused. */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const viewerOf = (project: ProjectAccess, user: UserRow): PageViewer => ({
  userId: user.id,
  role: project.role ?? 0,
  guestViewAll: project.project.guest_view_all_features,
});
const readerOf = (viewer: PageViewer): PageReader => ({
  userId: viewer.userId,
  ownOnly: seesOwnPagesOnly(viewer),
});

const pageNotFound = () => new AppError('not_found', 'Page not found');

/** A page's description from HTML: sanitised, its plain text for search, no Yjs document yet. */
function descriptionFromHtml(html: string | undefined) {
  const description_html = sanitizeRichText(html);
  return { description_html, description_stripped: stripHtml(description_html), description_binary: null };
}

const unreadableDocument = () =>
  new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
    fields: { description_binary: 'Must be a Yjs document update' },
  });

/** The HTML of a document; one holding what the editor's schema has no place for is refused (400). */
function renderedHtml(editor: EditorServer, document: Uint8Array): string {
  try {
    return editor.yUpdateToHtml(document);
  } catch {
    throw unreadableDocument();
  }
}

/** Parses a Yjs update, refusing bytes that are none (400, never a 500 or a broken document). */
function checkedUpdate(bytes: Uint8Array): Uint8Array {
  try {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, bytes);
    doc.destroy();
    return bytes;
  } catch {
    throw unreadableDocument();
  }
}

/**
 * Pages (api.md §9). Edits of a description arrive as Yjs updates, from the REST PATCH or from the
 * collaboration server; each is merged into the stored document under a row lock, so writers on
 * several app processes never overwrite one another, and the HTML and plain text are rendered from
 * the merged document.
 */
export function createPagesService(db: Db, deps: { storage: FileStorage }) {
  const changeListeners: ((pageId: string, change: PageChange) => void)[] = [];
  const announce = (pageId: string, change: PageChange = 'rights') => {
    for (const listener of changeListeners) listener(pageId, change);
  };

  async function visiblePage(
    tx: Executor,
    project: ProjectAccess,
    viewer: PageViewer,
    pageId: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<PageRow> {
    const row = await findPage(tx, project.project.id, pageId, options);
    if (!row || !canView(row, viewer)) throw pageNotFound();
    return row;
  }

  async function one(project: ProjectAccess, viewer: PageViewer, pageId: string): Promise<PageDetail> {
    const [row] = await listPages(db, project.project.id, readerOf(viewer), { pageId, withHtml: true });
    if (!row) throw pageNotFound();
    return presentPageDetail(row);
  }

  async function checkReferences(
    tx: Executor,
    project: ProjectAccess,
    viewer: PageViewer,
    body: UpdatePageBody,
  ) {
    const fields: Record<string, string> = {};
    if (body.label_ids && (await foreignLabels(tx, project.project.id, body.label_ids)).length > 0) {
      fields.label_ids = 'Labels must belong to the project';
    }
    if (body.parent_id) {
      const parent = await findPage(tx, project.project.id, body.parent_id);
      if (!parent || !canView(parent, viewer)) fields.parent_id = 'Parent page not found';
    }
    if (Object.keys(fields).length > 0) {
      throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', { fields });
    }
  }

  /**
   * Merges an update into the stored document and renders its HTML; the caller holds the row lock.
   * A page without a document takes the update as its document: a client that never read the
   * stored one wrote a whole document of its own. The editor is loaded before the lock is taken.
   */
  async function storeUpdate(
    tx: Executor,
    editor: EditorServer,
    page: PageRow,
    update: Uint8Array,
    userId: string | null,
  ) {
    const merged = page.description_binary ? Y.mergeUpdates([page.description_binary, update]) : update;
    const description_html = sanitizeRichText(renderedHtml(editor, merged));
    await updatePageRow(tx, page.id, {
      description_binary: merged,
      description_html,
      description_stripped: stripHtml(description_html),
      ...(userId && { updated_by: userId }),
    });
  }

  /**
   * The page's document, built once from its HTML and stored when it has none yet (a page written
   * as HTML, never opened together): every client must start from the same document, or the same
   * content, built twice, would be merged twice.
   */
  async function documentOf(
    pageId: string,
    visible: (page: PageRow) => void = () => {},
  ): Promise<Uint8Array | null> {
    const editor = await loadEditorServer();
    return db.transaction(async (tx) => {
      let page = await findLivePage(tx, pageId);
      if (!page) return null;
      visible(page);
      if (page.description_binary) return page.description_binary;
      page = (await findLivePage(tx, pageId, { forUpdate: true }))!;
      if (page.description_binary) return page.description_binary;
      const built = editor.htmlToYUpdate(page.description_html);
      await storeDocumentBytes(tx, pageId, built);
      return built;
    });
  }

  /** A change guarded by the page's row lock and one of the policy's refusals. */
  async function guarded(
    project: ProjectAccess,
    user: UserRow,
    pageId: string,
    refusal: (page: PageRow, viewer: PageViewer) => AppError | null,
    change: (tx: Executor, page: PageRow, viewer: PageViewer) => Promise<void>,
  ): Promise<PageRow> {
    const viewer = viewerOf(project, user);
    return db.transaction(async (tx) => {
      const page = await visiblePage(tx, project, viewer, pageId, { forUpdate: true });
      const refused = refusal(page, viewer);
      if (refused) throw refused;
      await change(tx, page, viewer);
      return page;
    });
  }

  return {
    /** Told after a change of a page its open documents must hear of. */
    onChange(listener: (pageId: string, change: PageChange) => void) {
      changeListeners.push(listener);
    },

    async list(project: ProjectAccess, user: UserRow, query: PageListQuery): Promise<Page[]> {
      const rows = await listPages(db, project.project.id, readerOf(viewerOf(project, user)), {
        archived: false,
        search: query.search?.trim() || undefined,
      });
      return rows.map(presentPage);
    },

    async archived(project: ProjectAccess, user: UserRow): Promise<Page[]> {
      const rows = await listPages(db, project.project.id, readerOf(viewerOf(project, user)), {
        archived: true,
      });
      return rows.map(presentPage);
    },

    async favoritePages(project: ProjectAccess, user: UserRow): Promise<Page[]> {
      const rows = await listPages(db, project.project.id, readerOf(viewerOf(project, user)), {
        favorites: true,
      });
      return rows.map(presentPage);
    },

    summary: (project: ProjectAccess, user: UserRow): Promise<PagesSummary> =>
      countPages(db, project.project.id, readerOf(viewerOf(project, user))),

    get: (project: ProjectAccess, user: UserRow, pageId: string) =>
      one(project, viewerOf(project, user), pageId),

    async create(project: ProjectAccess, user: UserRow, body: CreatePageBody): Promise<PageDetail> {
      const viewer = viewerOf(project, user);
      await checkReferences(db, project, viewer, body);
      const row = await insertPage(db, {
        workspace_id: project.project.workspace_id,
        project_id: project.project.id,
        name: pageName(body.name),
        ...descriptionFromHtml(body.description_html),
        access: body.access ?? PAGE_ACCESS.PUBLIC,
        color: body.color ?? '',
        logo_props: body.logo_props ?? {},
        label_ids: body.label_ids ?? [],
        parent_id: body.parent_id ?? null,
        owned_by: user.id,
        created_by: user.id,
        updated_by: user.id,
      });
      return one(project, viewer, row.id);
    },

    /**
     * Name and properties; a `description_html` sent here replaces the description and drops its
     * Yjs document (the open editors reload from the HTML).
     */
    async update(project: ProjectAccess, user: UserRow, pageId: string, body: UpdatePageBody) {
      const page = await guarded(project, user, pageId, editRefusal, async (tx, current, viewer) => {
        await checkReferences(tx, project, viewer, body);
        if (body.parent_id === pageId) {
          throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
            fields: { parent_id: 'A page cannot be its own parent' },
          });
        }
        await updatePageRow(tx, pageId, {
          ...(body.name !== undefined && { name: pageName(body.name) }),
          ...(body.description_html !== undefined && descriptionFromHtml(body.description_html)),
          ...(body.color !== undefined && { color: body.color }),
          ...(body.logo_props !== undefined && { logo_props: body.logo_props }),
          ...(body.label_ids !== undefined && { label_ids: [...new Set(body.label_ids)] }),
          ...(body.parent_id !== undefined && { parent_id: body.parent_id }),
          ...(body.view_props !== undefined && { view_props: { ...current.view_props, ...body.view_props } }),
          updated_by: user.id,
        });
      });
      if (body.description_html !== undefined) announce(page.id, 'replaced');
      return one(project, viewerOf(project, user), pageId);
    },

    async remove(project: ProjectAccess, user: UserRow, pageId: string): Promise<void> {
      await guarded(project, user, pageId, deleteRefusal, async (tx) => {
        await softDeletePage(tx, pageId);
        await removeFavoritesOf(tx, 'page', pageId);
      });
      announce(pageId);
    },

    async archive(project: ProjectAccess, user: UserRow, pageId: string): Promise<{ archived_at: string }> {
      const archivedAt = new Date();
      await guarded(project, user, pageId, archiveRefusal, (tx) =>
        updatePageRow(tx, pageId, { archived_at: archivedAt, updated_by: user.id }),
      );
      announce(pageId);
      return { archived_at: archivedAt.toISOString() };
    },

    async restore(project: ProjectAccess, user: UserRow, pageId: string): Promise<void> {
      await guarded(project, user, pageId, archiveRefusal, (tx) =>
        updatePageRow(tx, pageId, { archived_at: null, updated_by: user.id }),
      );
      announce(pageId);
    },

    async setLocked(project: ProjectAccess, user: UserRow, pageId: string, locked: boolean): Promise<void> {
      await guarded(project, user, pageId, lockRefusal, (tx) =>
        updatePageRow(tx, pageId, { is_locked: locked, updated_by: user.id }),
      );
      announce(pageId);
    },

    /** Only the owner; turning private drops everyone else's favorites of the page. */
    async setAccess(
      project: ProjectAccess,
      user: UserRow,
      pageId: string,
      access: number,
    ): Promise<PageDetail> {
      await guarded(project, user, pageId, accessRefusal, async (tx, page) => {
        await updatePageRow(tx, pageId, { access, updated_by: user.id });
        if (access === PAGE_ACCESS.PRIVATE && page.access !== PAGE_ACCESS.PRIVATE) {
          await removeOthersFavorites(tx, 'page', pageId, page.owned_by);
        }
      });
      announce(pageId);
      return one(project, viewerOf(project, user), pageId);
    },

    /** A copy owned by the caller, unlocked and not archived, with the same description. */
    async duplicate(project: ProjectAccess, user: UserRow, pageId: string): Promise<PageDetail> {
      const viewer = viewerOf(project, user);
      const page = await visiblePage(db, project, viewer, pageId);
      const refused = duplicateRefusal(page, viewer);
      if (refused) throw refused;
      const copy = await insertPage(db, {
        workspace_id: page.workspace_id,
        project_id: page.project_id,
        name: `${page.name} (copy)`.slice(0, 255),
        description_html: page.description_html,
        description_binary: page.description_binary,
        description_stripped: page.description_stripped,
        access: page.access,
        color: page.color,
        logo_props: page.logo_props,
        label_ids: page.label_ids,
        parent_id: page.parent_id,
        view_props: page.view_props,
        owned_by: user.id,
        created_by: user.id,
        updated_by: user.id,
      });
      return one(project, viewer, copy.id);
    },

    favorites: (project: ProjectAccess, user: UserRow): Promise<Favorite[]> =>
      listProjectFavorites(db, user.id, project.project.id, 'page'),

    async addFavorite(project: ProjectAccess, user: UserRow, pageId: string): Promise<Favorite> {
      const page = await visiblePage(db, project, viewerOf(project, user), pageId);
      const favorite = await addProjectFavorite(db, {
        workspace_id: page.workspace_id,
        project_id: page.project_id,
        user_id: user.id,
        type: 'page',
        entity: page,
      });
      if (!favorite) throw new AppError('conflict', 'The page is already a favorite', 'ALREADY_EXISTS');
      return favorite;
    },

    async removeFavorite(project: ProjectAccess, user: UserRow, pageId: string): Promise<void> {
      await visiblePage(db, project, viewerOf(project, user), pageId);
      await removeProjectFavorite(db, user.id, 'page', pageId);
    },

    /** The stored Yjs document (built from the HTML the first time it is asked for). */
    async description(project: ProjectAccess, user: UserRow, pageId: string): Promise<Uint8Array> {
      const viewer = viewerOf(project, user);
      const bytes = await documentOf(pageId, (page) => {
        if (page.project_id !== project.project.id || !canView(page, viewer)) throw pageNotFound();
      });
      if (!bytes) throw pageNotFound();
      return bytes;
    },

    async setDescription(
      project: ProjectAccess,
      user: UserRow,
      pageId: string,
      update: Uint8Array,
    ): Promise<PageDetail> {
      checkedUpdate(update);
      const editor = await loadEditorServer();
      await guarded(project, user, pageId, editRefusal, (tx, page) =>
        storeUpdate(tx, editor, page, update, user.id),
      );
      announce(pageId, 'stored');
      return one(project, viewerOf(project, user), pageId);
    },

    /** An image for a page's description: raster types only, by someone who may edit the page now. */
    async uploadImage(slug: string, project: ProjectAccess, user: UserRow, pageId: string, bytes: Buffer) {
      const viewer = viewerOf(project, user);
      const page = await visiblePage(db, project, viewer, pageId);
      const refused = editRefusal(page, viewer);
      if (refused) throw refused;
      const type = (await fileTypeFromBuffer(bytes))?.mime;
      if (!type || !IMAGE_TYPES.has(type)) {
        throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
          fields: { file: 'Only PNG, JPEG, GIF and WebP images can be added to a page' },
        });
      }
      const key = await deps.storage.put(bytes);
      const row = await insertPageImage(db, {
        workspace_id: page.workspace_id,
        page_id: page.id,
        storage_key: key,
        mime_type: type,
        size: bytes.length,
        created_by: user.id,
      });
      const url = `/api/workspaces/${slug}/projects/${page.project_id}/pages/${page.id}/images/${row.id}/`;
      return { id: row.id, url };
    },

    async image(project: ProjectAccess, user: UserRow, pageId: string, imageId: string) {
      const page = await visiblePage(db, project, viewerOf(project, user), pageId);
      const row = await findPageImage(db, page.id, imageId);
      if (!row) throw new AppError('not_found', 'Image not found');
      const file = await openStoredFile(deps.storage, row.storage_key, {
        contentType: row.mime_type,
        disposition: 'inline',
        cacheControl: 'private, max-age=3600',
      });
      return { ...file, type: row.mime_type };
    },

    // The collaboration server's side: it has checked the connection's rights itself.

    /** Whether the viewer sees the page, and may edit it now; null when it is not theirs to see. */
    async collaborationAccess(project: ProjectAccess, user: UserRow, pageId: string) {
      const viewer = viewerOf(project, user);
      const page = await findPage(db, project.project.id, pageId);
      if (!page || !canView(page, viewer)) return null;
      return { canEdit: canEditNow(page, viewer) && project.project.archived_at === null };
    },

    /** The document to open (null when the page is gone). */
    loadDocument: (pageId: string): Promise<Uint8Array | null> => documentOf(pageId),

    /** Merges a live document into the stored one; false when the page is gone. */
    async storeDocument(pageId: string, update: Uint8Array, userId: string | null): Promise<boolean> {
      const editor = await loadEditorServer();
      const stored = await db.transaction(async (tx) => {
        const page = await findLivePage(tx, pageId, { forUpdate: true });
        if (!page) return false;
        await storeUpdate(tx, editor, page, update, userId);
        return true;
      });
      return stored;
    },
  };
}
