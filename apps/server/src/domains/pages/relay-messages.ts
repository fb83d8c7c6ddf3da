/**
 * The wire format of the page relay between app nodes (`kite_page_updates`): what one node says
 * about an open page, cut into NOTIFY payloads and put together again on the other side. No Yjs
 * here: the relay's payloads are bytes (a document update, an awareness update, a state vector).
 *
 * A payload is `<kind> <pageId> <origin> <seq> <index> <count> <base64 part>`. A message that does
 * not fit one NOTIFY (8,000 bytes) goes as several parts, all sent in one statement: PostgreSQL
 * delivers a transaction's notifications together and in order, so parts are never interleaved
 * with other messages, and a message arrives whole or not at all.
 */

/** `update`: a Yjs document update; `awareness`: an awareness update; `sync`: a state vector, asking the others for what it lacks. */
export type RelayKind = 'update' | 'awareness' | 'sync';

export interface RelayMessage {
  kind: RelayKind;
  pageId: string;
  /** The sending process (a node ignores its own messages). */
  origin: string;
  bytes: Uint8Array;
}

/**
 * Base64 characters per payload: NOTIFY refuses payloads of 8,000 bytes or more; the header (two
 * UUIDs, a kind and three numbers) takes under 120, the rest is margin.
 */
export const PART_CHARS = 7600;

/** The most parts a message may have (~11 MB of update); a larger one is left to the stored document. */
export const MAX_PARTS = 2000;

const KINDS = new Set<string>(['update', 'awareness', 'sync']);

/** The NOTIFY payloads of one message (none when it is over `MAX_PARTS`); `seq` tells a sender's messages apart. */
export function toPayloads(message: RelayMessage, seq: number): string[] {
  const data = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength).toString(
    'base64',
  );
  const count = Math.max(1, Math.ceil(data.length / PART_CHARS));
  if (count > MAX_PARTS) return [];
  const head = `${message.kind} ${message.pageId} ${message.origin} ${seq}`;
  const payloads: string[] = [];
  for (let index = 0; index < count; index++) {
    payloads.push(`${head} ${index} ${count} ${data.slice(index * PART_CHARS, (index + 1) * PART_CHARS)}`);
  }
  return payloads;
}

interface Parts {
  parts: string[];
  received: number;
  startedAt: number;
}

/** Messages whose last part has not come within this long are dropped (the 'stored' pull covers them). */
const PARTS_TTL_MS = 10_000;
/** At most this many messages half-received at once; the oldest goes first. */
const MAX_PARTIAL = 64;

/**
 * Puts payloads back into messages. `wanted` is asked first (from the header alone), so a node
 * neither decodes nor keeps the parts of pages it does not hold.
 */
export function createReassembler(wanted: (kind: RelayKind, pageId: string, origin: string) => boolean) {
  const partial = new Map<string, Parts>();

  function dropStale(now: number) {
    for (const [key, entry] of partial) {
      if (now - entry.startedAt > PARTS_TTL_MS || partial.size > MAX_PARTIAL) partial.delete(key);
    }
  }

  /** The whole message once its last part is in; null for a part, a foreign page or a malformed payload. */
  return function receive(payload: string): RelayMessage | null {
    const [kind, pageId, origin, seq, indexText, countText, data] = payload.split(' ');
    if (!kind || !KINDS.has(kind) || !pageId || !origin || data === undefined) return null;
    if (!wanted(kind as RelayKind, pageId, origin)) return null;
    const index = Number(indexText);
    const count = Number(countText);
    if (
      !Number.isInteger(index) ||
      !Number.isInteger(count) ||
      index < 0 ||
      index >= count ||
      count > MAX_PARTS
    ) {
      return null;
    }
    const message = (base64: string): RelayMessage => ({
      kind: kind as RelayKind,
      pageId,
      origin,
      bytes: new Uint8Array(Buffer.from(base64, 'base64')),
    });
    if (count === 1) return message(data);
    const key = `${origin} ${seq}`;
    const now = Date.now();
    let entry = partial.get(key);
    if (!entry) {
      dropStale(now);
      entry = { parts: new Array(count), received: 0, startedAt: now };
      partial.set(key, entry);
    }
    if (entry.parts[index] === undefined) {
      entry.parts[index] = data;
      entry.received += 1;
    }
    if (entry.received < count) return null;
    partial.delete(key);
    return message(entry.parts.join(''));
  };
}
