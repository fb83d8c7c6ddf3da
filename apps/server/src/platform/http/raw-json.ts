import { randomBytes } from 'node:crypto';

// A placeholder nothing else in a body can contain: the envelope around raw parts holds only
// keys, counts and cursors, and the marker carries a per-process random tag.
const MARKER = `~raw-${randomBytes(8).toString('hex')}~`;
const QUOTED_MARKER = `"${MARKER}"`;

/** The parts of the body being serialised (JSON.stringify is synchronous, so one at a time). */
let collected: string[] | null = null;

/** A JSON text rendered elsewhere (by PostgreSQL), written into a response as it is. */
export class RawJson {
  constructor(readonly text: string) {}

  /** Inside `serializeReply`: leaves a marker to splice the text at. Elsewhere: the parsed value. */
  toJSON(): unknown {
    if (!collected) return JSON.parse(this.text);
    collected.push(this.text);
    return MARKER;
  }
}

/**
 * A response body holding `RawJson` parts. Large lists are rendered to JSON by the database and
 * spliced in here unparsed: parsing a few hundred wide rows into objects only to stringify them
 * again was most of a board request's CPU.
 */
export class PreRendered<T = unknown> {
  #text: string | undefined;
  constructor(readonly value: T) {}

  /** The serialised body, rendered once: a cached list page is sent many times. */
  text(): string {
    this.#text ??= serializePreRendered(this);
    return this.#text;
  }
}

function serializePreRendered(body: PreRendered): string {
  const parts: string[] = [];
  collected = parts;
  let pieces: string[];
  try {
    // toJSON keeps JSON.stringify on its fast path, unlike a replacer function.
    pieces = JSON.stringify(body.value).split(QUOTED_MARKER);
  } finally {
    collected = null;
  }
  let out = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) out += parts[i - 1]! + pieces[i]!;
  return out;
}

/** Fastify's reply serializer for routes without a response schema. */
export function serializeReply(payload: unknown): string {
  return payload instanceof PreRendered ? payload.text() : JSON.stringify(payload);
}
