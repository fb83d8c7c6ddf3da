import { Hocuspocus } from '@hocuspocus/server';
import { AppError } from '@kite/shared/errors';
import * as Y from 'yjs';
import type { CollaborationContext } from './page-collaboration.ts';
import type { PagesService } from './pages.service.ts';

/** The store's debounce (api.md §16.2): 2 s after the last change, at most 10 s after the first. */
const DEBOUNCE_MS = 2000;
const MAX_DEBOUNCE_MS = 10_000;

export type CollaborationDocuments = ReturnType<typeof createCollaborationDocuments>;

/**
 * The documents a process's clients have open, in Hocuspocus: loaded from and stored through the
 * pages service, which merges every store into the stored document. `stored` tells the other
 * processes after a store.
 */
export function createCollaborationDocuments(pages: PagesService, stored: (pageId: string) => void) {
  /** Pages whose open document must not be stored: its description was replaced as HTML. */
  const discarded = new Set<string>();

  const hocuspocus = new Hocuspocus({
    name: 'kite-pages',
    quiet: true,
    debounce: DEBOUNCE_MS,
    maxDebounce: MAX_DEBOUNCE_MS,

    /** The page view rule (a page not theirs to see closes the socket); no edit right → read-only. */
    async onAuthenticate({ documentName, context, connectionConfig }) {
      const { user, project } = context as CollaborationContext;
      const access = await pages.collaborationAccess(project, user, documentName);
      if (!access) throw new Error('Page not found');
      connectionConfig.readOnly = !access.canEdit;
      return context;
    },

    async onLoadDocument({ documentName, document }) {
      discarded.delete(documentName);
      // The page's own document, so that every process and client shares one origin of its content.
      const bytes = await pages.loadDocument(documentName);
      // No origin: applying the stored state is no change to store.
      if (bytes && bytes.length > 0) Y.applyUpdate(document, bytes);
      return document;
    },

    async onStoreDocument({ documentName, document, context }) {
      if (discarded.has(documentName)) return;
      const userId = (context as Partial<CollaborationContext>).user?.id ?? null;
      try {
        if (await pages.storeDocument(documentName, Y.encodeStateAsUpdate(document), userId)) {
          stored(documentName);
        }
      } catch (error) {
        if (!(error instanceof AppError && error.status === 400)) throw error;
        // A client wrote what the editor's schema cannot hold: the stored document stays as it was,
        // and the open one, which holds it, is dropped; everyone reconnects to the stored one.
        console.warn(`page ${documentName}: an unreadable document was not stored`);
        discarded.add(documentName);
        hocuspocus.closeConnections(documentName);
      }
    },
  });

  return {
    hocuspocus,

    /** The stored document is newer than the open one (another process or the REST API wrote it). */
    async pullStored(pageId: string) {
      const document = hocuspocus.documents.get(pageId);
      if (!document) return;
      const bytes = await pages.loadDocument(pageId);
      if (bytes) Y.applyUpdate(document, bytes);
    },

    /** The open document is stale: everyone reconnects to the one built from the new HTML. */
    replaced(pageId: string) {
      if (hocuspocus.documents.has(pageId)) discarded.add(pageId);
      hocuspocus.closeConnections(pageId);
    },

    /**
     * Applies a lock, an archive or an access change to open connections at once: each is checked
     * again, made read-only or writable, and told so (a stateless `{"type":"access"}` message); one
     * that may no longer see the page is closed.
     */
    async recheckRights(pageId: string) {
      const document = hocuspocus.documents.get(pageId);
      if (!document) return;
      for (const { connection } of document.connections.values()) {
        const { user, project } = connection.context as CollaborationContext;
        const access = await pages.collaborationAccess(project, user, pageId);
        if (!access) {
          connection.close({ code: 4404, reason: 'Not found' });
          continue;
        }
        connection.readOnly = !access.canEdit;
        connection.sendStateless(JSON.stringify({ type: 'access', read_only: !access.canEdit }));
      }
    },

    /** Stores every document with changes waiting (shutdown: no acknowledged edit is lost). */
    async flush() {
      await Promise.all(
        [...hocuspocus.documents.keys()].map(async (name) => {
          const id = `onStoreDocument-${name}`;
          if (hocuspocus.debouncer.isDebounced(id)) await hocuspocus.debouncer.executeNow(id);
        }),
      );
    },
  };
}
