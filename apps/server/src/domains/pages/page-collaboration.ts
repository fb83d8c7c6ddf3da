import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type WebSocket from 'ws';
import type { ChangeFeed } from '../../platform/db/change-feed.ts';
import type { Database } from '../../platform/db/database.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { ProjectAccess } from '../../platform/http/types.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { CollaborationDocuments } from './collaboration-documents.ts';
import type { PageChange, PagesService } from './pages.service.ts';

/** Where app processes tell each other that a page's stored document or its rights changed. */
export const PAGE_DOCUMENTS_CHANNEL = 'kite_page_documents';
/** Where app processes relay the open pages' edits and cursors to one another as they happen. */
export const PAGE_UPDATES_CHANNEL = 'kite_page_updates';

/** Who a collaboration socket belongs to, resolved at upgrade from the session cookie and the query. */
export interface CollaborationContext {
  user: UserRow;
  workspaceId: string;
  projectId: string;
  /**
   * The user's access to the project now, read from the session (never kept from the upgrade: a
   * member removed since is no longer one); null once they are not a member of it. `fresh` reads
   * past the access cache (a re-check after a membership change).
   */
  projectAccess(options?: { fresh?: boolean }): Promise<ProjectAccess | null>;
}

export type PageCollaboration = ReturnType<typeof createPageCollaboration>;

/**
 * Live editing of page descriptions (api.md §16.2) with Hocuspocus. Each process holds the
 * documents its clients have open; it stores them through the pages service, which merges every
 * store into the stored document, so processes never overwrite one another. On PostgreSQL, every
 * edit and cursor move is relayed at once to the processes that hold the page
 * (`kite_page_updates`, collaboration-relay.ts), so clients on different processes see each other
 * as on one. After a store a process also tells the others (`kite_page_documents`), and one that
 * has the page open pulls the stored document into its own: the safety net for a relayed message
 * missed, so documents converge within a store's debounce whatever happens.
 *
 * Hocuspocus (and the editor it stores through) is loaded with the process's first collaboration
 * socket: until then no document is open here, so there is nothing to pull, re-check or flush.
 */
export function createPageCollaboration(
  pages: PagesService,
  database: Pick<Database, 'kind' | 'raw' | 'listen'>,
) {
  const origin = randomUUID();
  let feed: ChangeFeed | undefined;
  let updatesFeed: ChangeFeed | undefined;
  let documents: CollaborationDocuments | undefined;
  let loading: Promise<CollaborationDocuments> | undefined;

  function openDocuments(): Promise<CollaborationDocuments> {
    loading ??= import('./collaboration-documents.ts').then((module) => {
      documents = module.createCollaborationDocuments(pages, {
        stored: (pageId) => tellOthers('stored', pageId),
        relay: database.kind === 'postgres' ? { origin, send: relay } : null,
      });
      return documents;
    });
    return loading;
  }

  function tellOthers(kind: PageChange, pageId: string) {
    if (database.kind !== 'postgres') return;
    database
      .raw('select pg_notify($1, $2)', [PAGE_DOCUMENTS_CHANNEL, `${kind} ${pageId} ${origin}`])
      .catch((error) => console.error('announcing a page change failed', error));
  }

  /** NOTIFYs the payloads in one statement: a message cut in parts arrives whole and in order. */
  async function relay(payloads: string[]) {
    await database.raw('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
      PAGE_UPDATES_CHANNEL,
      payloads,
    ]);
  }

  function apply(kind: PageChange, pageId: string) {
    if (!documents) return;
    if (kind === 'stored') {
      documents.pullStored(pageId).catch((error) => console.error('reloading a page failed', error));
    } else if (kind === 'replaced') {
      documents.replaced(pageId);
    } else {
      documents
        .recheckRights(pageId)
        .catch((error) => console.error('re-checking page rights failed', error));
    }
  }

  pages.onChange((pageId, kind) => {
    apply(kind, pageId);
    tellOthers(kind, pageId);
  });

  return {
    /** Starts hearing the other processes, and the membership changes the live hub reads. */
    async start(hub: Pick<LiveHub, 'watchAccess'>) {
      // Who may see or edit changes with memberships (and a project's guest rules): their outbox
      // events, read by every node's hub, re-check the user's open connections here. Not this
      // channel: those events are already written in the changing transaction by the members and
      // projects services, which need not know of pages, and a node reads them even if it missed
      // a NOTIFY (the hub also polls).
      hub.watchAccess({
        workspaceIds: () => documents?.workspaceIds() ?? [],
        changed: async (change) => {
          await documents?.recheckAccess(change);
        },
      });
      feed = await database.listen(PAGE_DOCUMENTS_CHANNEL, {
        onChange(payload) {
          const [kind, pageId, from] = payload.split(' ');
          if (from !== origin && pageId) apply(kind as PageChange, pageId);
        },
        onStatus() {},
      });
      // The embedded database is one process: there is no other node to relay to.
      if (database.kind !== 'postgres') return;
      let missed = false;
      updatesFeed = await database.listen(PAGE_UPDATES_CHANNEL, {
        onChange(payload) {
          documents?.relayed(payload);
        },
        onStatus(up) {
          if (!up) missed = true;
          else if (missed) {
            missed = false;
            documents?.resync();
          }
        },
      });
    },

    async handle(socket: WebSocket, request: IncomingMessage, context: CollaborationContext) {
      (await openDocuments()).hocuspocus.handleConnection(socket, request, context);
    },

    /** Stores every document with changes waiting (shutdown: no acknowledged edit is lost). */
    async flush() {
      await documents?.flush();
    },

    async close() {
      await this.flush();
      documents?.hocuspocus.closeConnections();
      await documents?.flushRelay();
      await feed?.close();
      await updatesFeed?.close();
    },
  };
}
