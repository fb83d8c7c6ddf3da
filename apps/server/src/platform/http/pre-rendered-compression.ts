import zlib from 'node:zlib';
import { PreRendered } from './raw-json.ts';
import type { App } from './types.ts';

type Encoding = 'br' | 'gzip';

const compressed = new WeakMap<PreRendered, Map<Encoding, Buffer>>();

const COMPRESS: Record<Encoding, (text: string) => Buffer> = {
  br: (text) =>
    zlib.brotliCompressSync(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  gzip: (text) => zlib.gzipSync(text),
};

/** The client's preferred of br and gzip (`Accept-Encoding`, q-values honoured), or none. */
export function preferredEncoding(header: string | undefined): Encoding | null {
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'br' && name !== 'gzip') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    if (quality > bestQ || (quality === bestQ && quality > 0 && name === 'br')) {
      best = name;
      bestQ = quality;
    }
  }
  return bestQ > 0 ? best : null;
}

/**
 * Large lists (pre-rendered bodies) compress here, once per body and encoding: a list page served
 * from the cache is sent many times, and its ~180 KB took ~1 ms to compress on every send. Other
 * answers go through @fastify/compress, which leaves an already encoded answer alone.
 */
export function registerPreRenderedCompression(app: App): void {
  const pending = new WeakMap<object, PreRendered>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload instanceof PreRendered) pending.set(request, payload);
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const page = pending.get(request);
    if (!page || typeof payload !== 'string' || payload.length < 1024) return payload;
    reply.header('Vary', 'Accept-Encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const forms = compressed.get(page) ?? new Map<Encoding, Buffer>();
    compressed.set(page, forms);
    const body = forms.get(encoding) ?? COMPRESS[encoding](payload);
    forms.set(encoding, body);
    reply.header('Content-Encoding', encoding);
    return body;
  });
}
