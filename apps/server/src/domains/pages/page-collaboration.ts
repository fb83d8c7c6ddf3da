import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Hocuspocus } from '@hocuspocus/server';
import { AppError } from '@kite/shared/errors';
import type WebSocket from 'ws';
import * as Y from 'yjs';
import type { ChangeFeed } from '../../platform/db/change-feed.ts';
import type { Database } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { PageChange, PagesService } from './pages.service.ts';

/** Where app processes tell each other that a page's stored document or its rights changed. */
export const PAGE_DOCUMENTS_CHANNEL = 'kite_page_documents';

/** Who a collaboration socket belongs to, resolved at upgrade from the session cookie and the query. */
export interface CollaborationContext {
  user: UserRow;
  project: ProjectAccess;
}

/** The store's debounce (api.md §16.2): 2 s after the last change, at most 10 s after the first. */
const DEBOUNCE_MS = 2000;
const MAX_DEBOUNCE_MS = 10_000;

export type PageCollaboration = ReturnType<typeof createPageCollaboration>;

/**
 * Live editing of page descriptions (api.md §16.2) with Hocuspocus. Each process holds the
 * documents its clients have open; it stores them through the pages service, which merges every
 * store into the stored document, so processes never overwrite one another. After a store it
 * tells the others (NOTIFY), and a process that has the page open pulls the stored document into
 * its own, so clients on different processes converge within a store's debounce.
 */
export function createPageCollaboration(
  pages: PagesService,
  database: Pick<Database, 'kind' | 'raw' | 'listen'>,
) {
  const origin = randomUUID();
  /** Pages whose open document must not be stored: its description was replaced as HTML. */
  const discarded = new Set<string>();
  let feed: ChangeFeed | undefined;

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
      const stored = await pages.loadDocument(documentName);
      // No origin: applying the stored state is no change to store.
      if (stored && stored.length > 0) Y.applyUpdate(document, stored);
      return document;
    },

    async onStoreDocument({ documentName, document, context }) {
      if (discarded.has(documentName)) return;
      const userId = (context as Partial<CollaborationContext>).user?.id ?? null;
      try {
        const stored = await pages.storeDocument(documentName, Y.encodeStateAsUpdate(document), userId);
        if (stored) tellOthers('stored', documentName);
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

  function tellOthers(kind: PageChange, pageId: string) {
    if (database.kind !== 'postgres') return;
    database
      .raw('select pg_notify($1, $2)', [PAGE_DOCUMENTS_CHANNEL, `${kind} ${pageId} ${origin}`])
      .catch((error) => console.error('announcing a page change failed', error));
  }

  /** The stored document is newer than the open one (another process or the REST API wrote it). */
  async function pullStored(pageId: string) {
    const document = hocuspocus.documents.get(pageId);
    if (!document) return;
    const stored = await pages.loadDocument(pageId);
    if (stored) Y.applyUpdate(document, stored);
  }

  function apply(kind: PageChange, pageId: string) {
    if (kind === 'stored') {
      pullStored(pageId).catch((error) => console.error('reloading a page failed', error));
      return;
    }
    if (kind === 'replaced') {
      // The open document is stale: everyone reconnects to the one built from the new HTML.
      if (hocuspocus.documents.has(pageId)) discarded.add(pageId);
      hocuspocus.closeConnections(pageId);
      return;
    }
    recheckRights(pageId).catch((error) => console.error('re-checking page rights failed', error));
  }

  /**
   * Applies a lock, an archive or an access change to open connections at once: each is checked
   * again, made read-only or writable, and told so (a stateless `{"type":"access"}` message); one
   * that may no longer see the page is closed.
   */
  async function recheckRights(pageId: string) {
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
  }

  pages.onChange((pageId, kind) => {
    apply(kind, pageId);
    tellOthers(kind, pageId);
  });

  return {
    /** Starts hearing the other processes. */
    async start() {
      feed = await database.listen(PAGE_DOCUMENTS_CHANNEL, {
        onChange(payload) {
          const [kind, pageId, from] = payload.split(' ');
          if (from !== origin && pageId) apply(kind as PageChange, pageId);
        },
        onStatus() {},
      });
    },

    handle(socket: WebSocket, request: IncomingMessage, context: CollaborationContext) {
      hocuspocus.handleConnection(socket, request, context);
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

    async close() {
      await this.flush();
      hocuspocus.closeConnections();
      await feed?.close();
    },
  };
}
