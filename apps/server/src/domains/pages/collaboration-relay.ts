import type { Document } from '@hocuspocus/server';
import { applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { bounded, timedOut } from '../../platform/async/bounded.ts';
import { createReassembler, type RelayMessage, toPayloads } from './relay-messages.ts';

/** How a node's relay reaches the others: its id, and a NOTIFY of payloads in one statement. */
export interface RelayLink {
  origin: string;
  send(payloads: string[]): Promise<void>;
}

/**
 * The origin of what another node relayed. Not null: Hocuspocus broadcasts it to this node's
 * clients and schedules a store for it as for a client's edit, so the edit is stored here too and
 * survives the node it was typed on dying before its own store. Its own object, so the relay never
 * sends it back out.
 */
export const RELAYED = Symbol('relayed from another app node');

/** Changes of one page within this long go out as one NOTIFY: fast typing does not flood PostgreSQL. */
const TICK_MS = 5;
/** A NOTIFY that has not returned by then is given up on (logged); the stored document covers it. */
const SEND_TIMEOUT_MS = 5000;
/** An update still waiting for what it builds on this long after it came asks the others again… */
const GAP_CHECK_MS = 500;
/**
 * …at most this often: what it waits for may be lost everywhere (typed on a node that died before
 * storing it), and every answer is an update that would check again.
 */
const GAP_ASK_EVERY_MS = 10_000;

interface OpenPage {
  document: Document;
  /** Updates of this node's clients not sent yet. */
  updates: Uint8Array[];
  /** Awareness clients (this node's) whose state changed or went, not sent yet. */
  awareness: Set<number>;
  tick?: NodeJS.Timeout;
  /** The NOTIFY in flight: one at a time per page, so a page's messages leave in order. */
  sending?: Promise<void>;
  gapCheck?: NodeJS.Timeout;
  /** When a gap last made this page ask (ms since the epoch). */
  gapAskedAt: number;
}

export type DocumentRelay = ReturnType<typeof createDocumentRelay>;

/**
 * Relays the open pages' document and awareness updates between the app nodes that hold them, as
 * they happen: what this node's clients change goes out within a tick, what another node's clients
 * changed is applied here and reaches this node's clients through Hocuspocus. A page opened here
 * asks the nodes that already hold it for what its stored document lacks (edits not stored yet) and
 * for their cursors; so does every open page after the feed was down, and a page left waiting for
 * an update it never heard. The stored document's pull stays the safety net behind all of it.
 */
export function createDocumentRelay(link: RelayLink) {
  const open = new Map<string, OpenPage>();
  let seq = 0;
  const reassemble = createReassembler((_kind, pageId, origin) => origin !== link.origin && open.has(pageId));

  function send(messages: RelayMessage[]): Promise<void> {
    const payloads: string[] = [];
    for (const message of messages) {
      const parts = toPayloads(message, seq++);
      if (parts.length === 0) console.warn(`page ${message.pageId}: a ${message.kind} too large to relay`);
      payloads.push(...parts);
    }
    if (payloads.length === 0) return Promise.resolve();
    return bounded(link.send(payloads), SEND_TIMEOUT_MS, timedOut('relaying')).catch((error) =>
      console.error('relaying a page change failed', error),
    );
  }

  /** What waits to go out for the page, taken: its updates merged, its clients' awareness now. */
  function take(pageId: string, page: OpenPage): RelayMessage[] {
    const messages: RelayMessage[] = [];
    if (page.updates.length > 0) {
      const bytes = page.updates.length === 1 ? page.updates[0]! : Y.mergeUpdates(page.updates);
      messages.push({ kind: 'update', pageId, origin: link.origin, bytes });
      page.updates = [];
    }
    const { awareness } = page.document;
    const clients = [...page.awareness].filter((id) => awareness.meta.has(id));
    page.awareness.clear();
    if (clients.length > 0) {
      const bytes = encodeAwarenessUpdate(awareness, clients);
      messages.push({ kind: 'awareness', pageId, origin: link.origin, bytes });
    }
    return messages;
  }

  function flush(pageId: string, page: OpenPage) {
    clearTimeout(page.tick);
    page.tick = undefined;
    // The send in flight flushes again when it returns, with whatever came meanwhile.
    if (page.sending) return;
    const messages = take(pageId, page);
    if (messages.length === 0) return;
    page.sending = send(messages).finally(() => {
      page.sending = undefined;
      if (page.updates.length > 0 || page.awareness.size > 0) flush(pageId, page);
    });
  }

  function schedule(pageId: string, page: OpenPage) {
    page.tick ??= setTimeout(() => flush(pageId, page), TICK_MS);
  }

  function askForMissing(pageId: string, page: OpenPage) {
    void send([{ kind: 'sync', pageId, origin: link.origin, bytes: Y.encodeStateVector(page.document) }]);
  }

  /**
   * An update that builds on one this node never heard (a NOTIFY lost while the feed was down)
   * waits inside the document; if it still waits a moment later (not merely overtaken), ask.
   */
  function checkGap(pageId: string, page: OpenPage) {
    const waiting = () =>
      page.document.store.pendingStructs !== null || page.document.store.pendingDs !== null;
    if (page.gapCheck || !waiting()) return;
    page.gapCheck = setTimeout(() => {
      page.gapCheck = undefined;
      if (!waiting() || open.get(pageId) !== page || Date.now() - page.gapAskedAt < GAP_ASK_EVERY_MS) return;
      page.gapAskedAt = Date.now();
      askForMissing(pageId, page);
    }, GAP_CHECK_MS);
  }

  /** Another node asked: send it what it lacks, and this node's clients' awareness. */
  function answer(pageId: string, page: OpenPage, stateVector: Uint8Array) {
    const missing = Y.encodeStateAsUpdate(page.document, stateVector);
    // Two bytes: no client's items and no deletions, nothing it lacks.
    if (missing.length > 2) page.updates.push(missing);
    for (const { clients } of page.document.connections.values()) {
      for (const id of clients) page.awareness.add(id as number);
    }
    schedule(pageId, page);
  }

  return {
    /** Relays a document Hocuspocus has just loaded, until it is destroyed. */
    attach(document: Document) {
      const pageId = document.name;
      const page: OpenPage = { document, updates: [], awareness: new Set(), gapAskedAt: 0 };
      open.set(pageId, page);
      document.on('update', (update: Uint8Array, origin: unknown) => {
        // No origin: the stored document, loaded or pulled; every node reads that for itself.
        if (origin === RELAYED || origin === null || origin === undefined) return;
        page.updates.push(update);
        schedule(pageId, page);
      });
      document.awareness.on(
        'update',
        (change: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
          // Every node times out silent clients by itself.
          if (origin === RELAYED || origin === 'timeout') return;
          for (const id of [...change.added, ...change.updated, ...change.removed]) {
            if (id !== document.awareness.clientID) page.awareness.add(id);
          }
          schedule(pageId, page);
        },
      );
      document.on('destroy', () => {
        clearTimeout(page.gapCheck);
        // The last clients' departure (their cursors going) still goes out.
        flush(pageId, page);
        if (open.get(pageId) === page) open.delete(pageId);
      });
      askForMissing(pageId, page);
    },

    /** A payload from the channel: applied to the page when this node holds it, else ignored. */
    receive(payload: string) {
      try {
        const message = reassemble(payload);
        const page = message && open.get(message.pageId);
        if (!message || !page) return;
        if (message.kind === 'update') {
          Y.applyUpdate(page.document, message.bytes, RELAYED);
          checkGap(message.pageId, page);
        } else if (message.kind === 'awareness') {
          applyAwarenessUpdate(page.document.awareness, message.bytes, RELAYED);
        } else {
          answer(message.pageId, page, message.bytes);
        }
      } catch (error) {
        console.error('applying a relayed page change failed', error);
      }
    },

    /** The feed was down and messages may have been missed: every open page asks again. */
    resync() {
      for (const [pageId, page] of open) askForMissing(pageId, page);
    },

    /** Sends what waits and waits for what is in flight (each send is bounded). */
    async flush() {
      for (const [pageId, page] of open) flush(pageId, page);
      // A send that returns with more waiting sends again; a few rounds at most.
      for (let round = 0; round < 3; round++) {
        const sending = [...open.values()].map((page) => page.sending).filter(Boolean);
        if (sending.length === 0) return;
        await Promise.all(sending);
      }
    },
  };
}
