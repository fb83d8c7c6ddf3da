import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';

/** The page a collaboration client opens (api.md §16.2's query names its workspace and project). */
export interface PageAddress {
  slug: string;
  projectId: string;
  pageId: string;
}

/** A page editor as the browser runs it: a Hocuspocus client and its Yjs document. */
export interface Editor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  scopes: string[];
  failures: string[];
  /** What the server said about the connection's rights since (stateless messages). */
  notices: { type: string; read_only: boolean }[];
  /** Why the server closed the page's connection (or the socket closed), each time. */
  closes: string[];
  /** Disconnects for good (no reconnecting). */
  close(): void;
}

/**
 * A Hocuspocus client as the browser's, with the account's session cookie (`cookie`), over a real
 * socket to `baseUrl`. It reconnects by itself until closed, as the browser's does.
 */
export function openEditor(
  baseUrl: string,
  page: PageAddress,
  cookie: string,
  options: { origin?: string; query?: string } = {},
): Editor {
  const origin = options.origin ?? baseUrl;
  class BrowserSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie, origin } });
      // A refused or dropped connection is the provider's to handle (it retries); not an unhandled error.
      this.on('error', () => {});
    }
  }
  const query =
    options.query ?? `documentType=project_page&projectId=${page.projectId}&workspaceSlug=${page.slug}`;
  const doc = new Y.Doc();
  const socket = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace('http', 'ws')}/live/collaboration?${query}`,
    WebSocketPolyfill: BrowserSocket,
    // Retries until the test closes it: a bounded client rejects a promise nobody holds when it gives up.
    maxAttempts: 0,
  });
  const editor: Editor = {
    doc,
    scopes: [],
    failures: [],
    notices: [],
    closes: [],
    provider: undefined as never,
    close: () => {
      editor.provider.destroy();
      socket.destroy();
    },
  };
  editor.provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: page.pageId,
    document: doc,
    token: 'ignored: the cookie authenticates',
    onAuthenticated: ({ scope }) => editor.scopes.push(scope),
    onAuthenticationFailed: ({ reason }) => editor.failures.push(reason),
    onStateless: ({ payload }) => editor.notices.push(JSON.parse(payload)),
    onClose: ({ event }) => editor.closes.push(event.reason),
  });
  editor.provider.attach();
  return editor;
}

/** Appends a paragraph with `text` to the editor's document (as a person typing a line). */
export function writeLine(editor: Editor, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  editor.doc.getXmlFragment('default').push([paragraph]);
}

/** Whether the editor's document holds the text. */
export const hasText = (editor: Editor, text: string) =>
  editor.doc.getXmlFragment('default').toString().includes(text);
