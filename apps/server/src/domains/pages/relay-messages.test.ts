import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createReassembler, MAX_PARTS, PART_CHARS, type RelayMessage, toPayloads } from './relay-messages.ts';

/** The page relay's wire format: what goes into NOTIFY payloads comes out the same on the other node. */

const message = (bytes: Uint8Array, pageId = randomUUID()): RelayMessage => ({
  kind: 'update',
  pageId,
  origin: randomUUID(),
  // A plain Uint8Array, as the receiver makes (a Buffer would not compare equal).
  bytes: new Uint8Array(bytes),
});

describe('page relay messages', () => {
  it('fits a small message in one payload, under the NOTIFY limit with its header', () => {
    const sent = message(randomBytes(100));
    const payloads = toPayloads(sent, 1);
    expect(payloads).toHaveLength(1);
    expect(createReassembler(() => true)(payloads[0]!)).toEqual(sent);
    const full = toPayloads(message(randomBytes((PART_CHARS / 4) * 3)), 123456789);
    expect(full).toHaveLength(1);
    expect(Buffer.byteLength(full[0]!)).toBeLessThan(8000);
  });

  it('cuts a large message into parts under the limit and puts it together again', () => {
    const sent = message(randomBytes(40_000));
    const payloads = toPayloads(sent, 7);
    expect(payloads.length).toBeGreaterThan(5);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const receive = createReassembler(() => true);
    const results = payloads.map(receive);
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
    expect(results.at(-1)).toEqual(sent);
    // Parts of two messages from different senders, interleaved and out of order, still come apart.
    const other = message(randomBytes(20_000));
    const otherPayloads = toPayloads(other, 7).reverse();
    const again = createReassembler(() => true);
    const whole = [...payloads, ...otherPayloads]
      .sort(() => Math.random() - 0.5)
      .map(again)
      .filter((m) => m !== null);
    expect(whole).toHaveLength(2);
    expect(whole).toContainEqual(sent);
    expect(whole).toContainEqual(other);
  });

  it('skips pages the node does not hold without keeping their parts, and malformed payloads', () => {
    const held = randomUUID();
    const receive = createReassembler((_kind, pageId) => pageId === held);
    const foreign = toPayloads(message(randomBytes(20_000)), 1);
    expect(foreign.map(receive).every((r) => r === null)).toBe(true);
    expect(receive('stored abc def')).toBeNull();
    expect(receive(`update ${held} x 1 5 3 AAAA`)).toBeNull();
    expect(receive(`nonsense ${held} x 1 0 1 AAAA`)).toBeNull();
    const mine = message(randomBytes(10), held);
    expect(receive(toPayloads(mine, 2)[0]!)).toEqual(mine);
  });

  it('sends nothing for a message over the most parts (the stored document carries it)', () => {
    expect(toPayloads(message(new Uint8Array(((MAX_PARTS + 1) * PART_CHARS * 3) / 4)), 1)).toEqual([]);
  });
});
