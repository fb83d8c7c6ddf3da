import { randomUUID } from 'node:crypto';
import { Document } from '@hocuspocus/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';
import { createDocumentRelay, type DocumentRelay } from './collaboration-relay.ts';

/**
 * The relay between app nodes, with Hocuspocus documents as the nodes hold them and the NOTIFY
 * channel played by a bus that delivers every statement's payloads to every node, the sender
 * included, as PostgreSQL does, and can lose them. collaboration.test.ts runs it on PostgreSQL
 * between two app processes; here the cases a real channel rarely shows: lost messages, echoes.
 */

function createBus() {
  const nodes: DocumentRelay[] = [];
  const bus = {
    payloads: 0,
    /** When true, statements are dropped (a NOTIFY missed while a node's LISTEN was down). */
    losing: false,
    node(): DocumentRelay {
      const relay = createDocumentRelay({
        origin: randomUUID(),
        send: async (payloads) => {
          bus.payloads += payloads.length;
          if (bus.losing) return;
          setImmediate(() => {
            for (const payload of payloads) for (const node of nodes) node.receive(payload);
          });
        },
      });
      nodes.push(relay);
      return relay;
    },
  };
  return bus;
}

const opened: Document[] = [];
afterEach(() => {
  while (opened.length > 0) opened.pop()!.destroy();
});

function open(relay: DocumentRelay, pageId: string) {
  const document = new Document(pageId);
  opened.push(document);
  relay.attach(document);
  return document;
}

/** A client's edit as Hocuspocus applies it: an update with the connection as its origin. */
const CLIENT = { connection: 'a client' };
function type(document: Document, text: string) {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(document));
  client.getText('t').insert(client.getText('t').length, text);
  Y.applyUpdate(document, Y.encodeStateAsUpdate(client, Y.encodeStateVector(document)), CLIENT);
}
const textOf = (document: Document) => document.getText('t').toString();

describe('page relay between nodes', () => {
  it('carries a client’s edit to the node holding the page, never back, and not to others', async () => {
    const bus = createBus();
    const [a, b, c] = [bus.node(), bus.node(), bus.node()];
    const pageId = randomUUID();
    const [onA, onB] = [open(a, pageId), open(b, pageId)];
    const elsewhere = open(c, randomUUID());
    await new Promise((r) => setTimeout(r, 50));
    const before = bus.payloads;
    type(onA, 'hello');
    type(onA, ' world');
    await expect.poll(() => textOf(onB)).toBe('hello world');
    // Both keystrokes of one tick went as one message, and nothing came back from B.
    await new Promise((r) => setTimeout(r, 50));
    expect(bus.payloads).toBe(before + 1);
    expect(textOf(elsewhere)).toBe('');
  });

  it('asks again when an update it heard builds on one it missed', async () => {
    const bus = createBus();
    const [a, b] = [bus.node(), bus.node()];
    const pageId = randomUUID();
    const [onA, onB] = [open(a, pageId), open(b, pageId)];
    await new Promise((r) => setTimeout(r, 20));
    bus.losing = true;
    type(onA, 'lost ');
    await new Promise((r) => setTimeout(r, 20));
    bus.losing = false;
    type(onA, 'then heard');
    // B holds the second update waiting for the first; a moment later it asks A for the rest.
    await expect.poll(() => onB.store.pendingStructs).not.toBeNull();
    await expect.poll(() => textOf(onB), { timeout: 3000 }).toBe('lost then heard');
  });

  it('lets a node opening the page late, or back after its feed was down, catch up', async () => {
    const bus = createBus();
    const [a, b] = [bus.node(), bus.node()];
    const pageId = randomUUID();
    const onA = open(a, pageId);
    type(onA, 'before B');
    const onB = open(b, pageId);
    await expect.poll(() => textOf(onB)).toBe('before B');
    bus.losing = true;
    type(onA, ', missed');
    await new Promise((r) => setTimeout(r, 20));
    bus.losing = false;
    b.resync();
    await expect.poll(() => textOf(onB)).toBe('before B, missed');
  });

  it('relays a client’s awareness, and its removal', async () => {
    const bus = createBus();
    const [a, b] = [bus.node(), bus.node()];
    const pageId = randomUUID();
    const [onA, onB] = [open(a, pageId), open(b, pageId)];
    const client = new Awareness(new Y.Doc());
    client.setLocalState({ user: { name: 'Ann' } });
    applyAwarenessUpdate(onA.awareness, encodeAwarenessUpdate(client, [client.clientID]), 'socket');
    await expect
      .poll(() => onB.awareness.getStates().get(client.clientID))
      .toEqual({ user: { name: 'Ann' } });
    // The client leaves: Hocuspocus removes its state with no origin.
    removeAwarenessStates(onA.awareness, [client.clientID], null);
    await expect.poll(() => onB.awareness.getStates().has(client.clientID)).toBe(false);
    client.destroy();
  });
});
