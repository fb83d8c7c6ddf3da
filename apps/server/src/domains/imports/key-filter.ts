import { createHash } from 'node:crypto';

/**
 * A Bloom filter of strings: a fixed 2 MiB whatever the file's size, with no false "not seen". At
 * 100,000 keys a false "seen" comes once in billions; at a million, about once in a thousand. The
 * import confirms every "seen" with a second read of the file, so memory stays flat and the
 * answers exact.
 */
export class KeyFilter {
  private readonly bits: Uint32Array;

  constructor(
    private readonly bitCount = 2 ** 24,
    private readonly hashes = 7,
  ) {
    this.bits = new Uint32Array(bitCount / 32);
  }

  private positions(key: string): number[] {
    const digest = createHash('sha1').update(key).digest();
    const a = digest.readUInt32LE(0);
    // Odd, so the probes of one key never repeat (double hashing).
    const b = digest.readUInt32LE(4) | 1;
    return Array.from({ length: this.hashes }, (_, i) => ((a + Math.imul(i, b)) >>> 0) & (this.bitCount - 1));
  }

  /** Whether the key may have been added (false: certainly not). */
  mayHave(key: string): boolean {
    return this.positions(key).every((p) => (this.bits[p >>> 5]! & (1 << (p & 31))) !== 0);
  }

  /** Adds the key; answers whether it may have been there already. */
  add(key: string): boolean {
    let present = true;
    for (const p of this.positions(key)) {
      const mask = 1 << (p & 31);
      if ((this.bits[p >>> 5]! & mask) === 0) {
        present = false;
        this.bits[p >>> 5]! |= mask;
      }
    }
    return present;
  }
}
