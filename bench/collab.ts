import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { loadFixture, type ScenarioRun, type Session, WORKSPACE } from './api.ts';

export interface KeystrokeResult {
  keystrokes: number;
  /** Keystrokes the other editor never saw within the wait: counted, not timed. */
  missed: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Longest wait for one keystroke; the store's debounce (2 s) is what a missing relay would cost. */
const WAIT_MS = 5000;
/** Between keystrokes: a fast typist (~12 keys a second). */
const TYPING_GAP_MS = 80;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface BenchEditor {
  doc: Y.Doc;
  close(): void;
}

/** A page editor as the browser's: a Hocuspocus client with the session's cookie, synced. */
async function openEditor(baseUrl: string, session: Session, projectId: string, pageId: string) {
  const headers = { cookie: session.headers.Cookie!, origin: baseUrl };
  class BrowserSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
      this.on('error', () => {});
    }
  }
  const query = `documentType=project_page&projectId=${projectId}&workspaceSlug=${WORKSPACE}`;
  const socket = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace(/^http/, 'ws')}/live/collaboration?${query}`,
    WebSocketPolyfill: BrowserSocket,
  });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: pageId,
    document: doc,
    token: 'cookie',
  });
  provider.attach();
  const editor: BenchEditor = {
    doc,
    close: () => {
      provider.destroy();
      socket.destroy();
    },
  };
  const deadline = Date.now() + 30_000;
  while (!provider.isSynced) {
    if (Date.now() > deadline) {
      editor.close();
      throw new Error(`A10: the page editor on ${baseUrl} did not sync`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return editor;
}

/** Resolves true once the paragraph's text on `editor` is `text`, false after the wait. */
function seen(editor: BenchEditor, line: () => Y.XmlText | undefined, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (heard: boolean) => {
      editor.doc.off('update', check);
      clearTimeout(timer);
      resolve(heard);
    };
    const check = () => {
      if (line()?.toString() === text) done(true);
    };
    const timer = setTimeout(() => done(false), WAIT_MS);
    editor.doc.on('update', check);
    check();
  });
}

/**
 * quality.md A10: a keystroke in one page editor until another editor of the page has it (its
 * document's update, what the editor view renders from). The editors connect to `writerUrl` and
 * `readerUrl`: the same app node, or two nodes on one PostgreSQL. Keystrokes one after another,
 * each waited for, on a page of their own.
 */
export async function runKeystrokes(
  writerUrl: string,
  readerUrl: string,
  session: Session,
  options: { keystrokes: number },
): Promise<KeystrokeResult> {
  const f = await loadFixture(writerUrl, session);
  const projectId = f.projectBase.split('/').pop()!;
  const created = await fetch(`${writerUrl}${f.projectBase}/pages/`, {
    method: 'POST',
    headers: session.writeHeaders,
    body: JSON.stringify({ name: `A10 ${Date.now()}`, description_html: '<p></p>' }),
  });
  if (created.status !== 201) throw new Error(`A10: creating the page failed: ${created.status}`);
  const pageId = ((await created.json()) as { id: string }).id;
  const writer = await openEditor(writerUrl, session, projectId, pageId);
  const reader = await openEditor(readerUrl, session, projectId, pageId);
  const latencies: number[] = [];
  let missed = 0;
  try {
    const text = new Y.XmlText();
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [text]);
    writer.doc.getXmlFragment('default').push([paragraph]);
    let typed = 'A10:';
    text.insert(0, typed);
    const readerLine = () => {
      const fragment = reader.doc.getXmlFragment('default');
      return (fragment.get(fragment.length - 1) as Y.XmlElement | undefined)?.get(0) as Y.XmlText | undefined;
    };
    // The paragraph itself reaches the reader first (and warms the path).
    if (!(await seen(reader, readerLine, typed))) throw new Error('A10: the reader never saw the paragraph');
    for (let i = 0; i < options.keystrokes; i++) {
      const key = 'etaoinshrdlu'[i % 12]!;
      typed += key;
      const heard = seen(reader, readerLine, typed);
      const sentAt = performance.now();
      text.insert(text.length, key);
      if (await heard) latencies.push(performance.now() - sentAt);
      else missed += 1;
      await new Promise((r) => setTimeout(r, TYPING_GAP_MS));
    }
  } finally {
    writer.close();
    reader.close();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    keystrokes: options.keystrokes,
    missed,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
  };
}

/** An A10 run in the load table's terms: "requests" are keystrokes seen, "errors" keystrokes never seen. */
export function keystrokeRun(label: string, result: KeystrokeResult, seconds: number): ScenarioRun {
  return {
    id: 'A10',
    label,
    result: {
      connections: 2,
      seconds,
      requests: result.keystrokes - result.missed,
      rps: Math.round(result.keystrokes / seconds),
      p50: result.p50,
      p95: result.p95,
      p99: result.p99,
      errors: result.missed,
      non2xx: 0,
      failures: {},
      bytesPerRequest: 0,
      serverTiming: null,
    },
  };
}
