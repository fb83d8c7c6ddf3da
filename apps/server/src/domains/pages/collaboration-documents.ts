import { type Connection, Hocuspocus } from '@hocuspocus/server';
import { AppError } from '@kite/shared/errors';
import * as Y from 'yjs';
import { isDatabaseUnavailable } from '../../platform/db/errors.ts';
import type { AccessChange } from '../live/live-hub.ts';
import { createDocumentRelay, type RelayLink } from './collaboration-relay.ts';
import type { CollaborationContext } from './page-collaboration.ts';
import type { PagesService } from './pages.service.ts';
import { createPendingStores } from './pending-stores.ts';

/** The store's debounce (api.md §16.2): 2 s after the last change, at most 10 s after the first. */
const DEBOUNCE_MS = 2000;
const MAX_DEBOUNCE_MS = 10_000;

export type CollaborationDocuments = ReturnType<typeof createCollaborationDocuments>;

/**
 * The documents a process's clients have open, in Hocuspocus: loaded from and stored through the
 * pages service, which merges every store into the stored document. `stored` tells the other
 * processes after a store; `relay` (several app nodes on one PostgreSQL) carries every change to
 * the nodes holding the same page as it happens.
 */
export function createCollaborationDocuments(
  pages: PagesService,
  options: { stored: (pageId: string) => void; relay: RelayLink | null },
) {
  /** Pages whose open document must not be stored: its description was replaced as HTML. */
  const discarded = new Set<string>();
  const relay = options.relay && createDocumentRelay(options.relay);
  const pendingStores = createPendingStores(
    (pageId, bytes, userId) => pages.storeDocument(pageId, bytes, userId),
    options.stored,
  );

  /** The page rules for the connection's user as they are now: null when the page is not theirs to see. */
  async function accessOf(context: CollaborationContext, pageId: string, options?: { fresh?: boolean }) {
    const project = await context.projectAccess(options);
    return project && pages.collaborationAccess(project, context.user, pageId);
  }

  /**
   * Checks an open connection again: made read-only or writable, and told so when that changes (a
   * stateless `{"type":"access"}` message); one that may no longer see the page is closed.
   */
  async function recheck(connection: Connection, pageId: string) {
    const access = await accessOf(connection.context as CollaborationContext, pageId, { fresh: true });
    if (!access) {
      connection.close({ code: 4404, reason: 'Not found' });
      return;
    }
    const readOnly = !access.canEdit;
    // A membership change re-checks every connection it may touch; most keep their rights.
    if (connection.readOnly === readOnly) return;
    connection.readOnly = readOnly;
    connection.sendStateless(JSON.stringify({ type: 'access', read_only: readOnly }));
  }

  /** Every open connection, with the page it edits. */
  function* openConnections() {
    for (const [pageId, document] of hocuspocus.documents) {
      for (const { connection } of document.connections.values()) yield { pageId, connection };
    }
  }

  const hocuspocus = new Hocuspocus({
    name: 'kite-pages',
    quiet: true,
    debounce: DEBOUNCE_MS,
    maxDebounce: MAX_DEBOUNCE_MS,

    /**
     * The page view rule (a page not theirs to see closes the socket); no edit right → read-only.
     * Also when a client authenticates again on a socket whose connection was closed: the
     * membership is read now, not taken from the upgrade.
     */
    async onAuthenticate({ documentName, context, connectionConfig }) {
      const access = await accessOf(context as CollaborationContext, documentName);
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

    async afterLoadDocument({ document }) {
      relay?.attach(document);
    },

    async onStoreDocument({ documentName, document, context }) {
      if (discarded.has(documentName)) return;
      const userId = (context as Partial<CollaborationContext>).user?.id ?? null;
      const bytes = Y.encodeStateAsUpdate(document);
      try {
        if (await pages.storeDocument(documentName, bytes, userId)) options.stored(documentName);
        pendingStores.forget(documentName);
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          // Kept and stored again once the database is back (the document may be closed by then).
          pendingStores.keep(documentName, bytes, userId);
          return;
        }
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

    /** A message another node relayed (`kite_page_updates`). */
    relayed(payload: string) {
      relay?.receive(payload);
    },

    /** The relay's feed was down: the open pages ask the other nodes for what they may have missed. */
    resync() {
      relay?.resync();
    },

    /** Sends what the relay still holds (shutdown: the cursors of clients just closed go too). */
    async flushRelay() {
      await relay?.flush();
    },

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

    /** Applies a lock, an archive or an access change of the page to its open connections at once. */
    async recheckRights(pageId: string) {
      const document = hocuspocus.documents.get(pageId);
      if (!document) return;
      for (const { connection } of document.connections.values()) await recheck(connection, pageId);
    },

    /**
     * Applies a membership change (removed, demoted, a project's guest rules) to the open
     * connections it concerns: the user's (or everyone's) in that workspace, or in that project.
     */
    async recheckAccess(change: AccessChange) {
      const affected = [...openConnections()].filter(({ connection }) => {
        const context = connection.context as CollaborationContext;
        return (
          context.workspaceId === change.workspaceId &&
          (change.projectId === null || context.projectId === change.projectId) &&
          (change.userId === null || context.user.id === change.userId)
        );
      });
      await Promise.all(affected.map(({ connection, pageId }) => recheck(connection, pageId)));
    },

    /** The workspaces this process has open connections in. */
    workspaceIds(): Set<string> {
      const ids = new Set<string>();
      for (const { connection } of openConnections()) {
        ids.add((connection.context as CollaborationContext).workspaceId);
      }
      return ids;
    },

    /** Stores every document with changes waiting (shutdown: no acknowledged edit is lost). */
    async flush() {
      await pendingStores.flush();
      await Promise.all(
        [...hocuspocus.documents.keys()].map(async (name) => {
          const id = `onStoreDocument-${name}`;
          if (hocuspocus.debouncer.isDebounced(id)) await hocuspocus.debouncer.executeNow(id);
        }),
      );
    },
  };
}
