import http from 'node:http';
import zlib from 'node:zlib';
import type { Session } from './api.ts';
import { averageTiming, type LoadResult, percentile, round } from './load.ts';

export interface TimedReadsOptions {
  /** Timed reads per run (after `warmup` untimed ones), fewer if `maxSeconds` runs out first. */
  reads: number;
  warmup: number;
  maxSeconds: number;
}

const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over the given keep-alive agent, resolved once the last byte of the answer is in
 * (still encoded: decoding is the client's cost, not the server's).
 */
function send(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(answer: Answer): unknown {
  const encoding = answer.headers['content-encoding'];
  const raw =
    encoding === 'br'
      ? zlib.brotliDecompressSync(answer.body)
      : encoding === 'gzip'
        ? zlib.gunzipSync(answer.body)
        : encoding === 'deflate'
          ? zlib.inflateSync(answer.body)
          : answer.body;
  return JSON.parse(raw.toString('utf8'));
}

interface ShownRow {
  id: string;
  priority: string;
}

/** The rows a list page shows, in every group and sub-group (flat: `results` is the array). */
function shownRows(results: unknown): ShownRow[] {
  if (Array.isArray(results)) return results as ShownRow[];
  if (!results || typeof results !== 'object') return [];
  return Object.values(results).flatMap((group) => shownRows((group as { results?: unknown }).results));
}

/**
 * Reads one page again and again from one keep-alive connection, one request at a time, timing
 * each read to its last byte. With `changeFirst`, every read follows a write that has been
 * answered: a priority change of an item the previous read showed (the next one along each
 * time). A shown item's change touches the page's window (and, sub-grouped by priority, moves
 * the item between cells), so the server's list cache must drop the page and the read measures
 * a rebuild. autocannon cannot do this: it times every request it sends.
 */
export async function timeReads(
  baseUrl: string,
  session: Session,
  page: { id: string; path: string },
  projectBase: string,
  changeFirst: boolean,
  options: TimedReadsOptions,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const pageUrl = new URL(page.path, baseUrl);
  const samples: number[] = [];
  const timing = { n: 0, db: 0, app: 0, ser: 0 };
  let bytes = 0;
  let shown: ShownRow[] = [];
  let turn = 0;
  const change = async () => {
    if (shown.length === 0) throw new Error(`${page.id}: the page shows no work items to change`);
    const row = shown[turn++ % shown.length]!;
    const priority = PRIORITIES[(PRIORITIES.indexOf(row.priority as never) + 1) % PRIORITIES.length];
    const answer = await send(
      agent,
      new URL(`${projectBase}/issues/${row.id}/`, baseUrl),
      session.writeHeaders,
      'PATCH',
      JSON.stringify({ priority }),
    );
    if (answer.status !== 200)
      throw new Error(`${page.id}: PATCH priority answered ${answer.status}: ${answer.body.toString()}`);
  };
  const read = async (timed: boolean) => {
    if (changeFirst) await change();
    const started = performance.now();
    const answer = await send(agent, pageUrl, session.headers);
    const ms = performance.now() - started;
    // A failed read or write makes the figures meaningless: the run stops loudly.
    if (answer.status !== 200)
      throw new Error(`${page.id}: GET answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
    if (changeFirst) shown = shownRows((decoded(answer) as { results: unknown }).results);
    if (!timed) return;
    samples.push(ms);
    bytes += answer.body.length;
    const header = answer.headers['server-timing'];
    if (typeof header !== 'string') return;
    timing.n += 1;
    for (const part of header.split(',')) {
      const [name, dur] = part.trim().split(';dur=');
      if (name === 'db' || name === 'app' || name === 'ser') timing[name] += Number(dur);
    }
  };

  try {
    // The rows the first write picks from.
    shown = shownRows((decoded(await send(agent, pageUrl, session.headers)) as { results: unknown }).results);
    for (let i = 0; i < options.warmup; i++) await read(false);
    const started = performance.now();
    const deadline = started + options.maxSeconds * 1000;
    while (samples.length < options.reads && performance.now() < deadline) await read(true);
    const seconds = (performance.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    return {
      connections: 1,
      seconds: round(seconds),
      requests: samples.length,
      rps: round(samples.length / seconds),
      p50: round(percentile(samples, 0.5)),
      p95: round(percentile(samples, 0.95)),
      p99: round(percentile(samples, 0.99)),
      errors: 0,
      non2xx: 0,
      failures: {},
      bytesPerRequest: samples.length > 0 ? Math.round(bytes / samples.length) : 0,
      serverTiming: averageTiming(timing),
    };
  } finally {
    agent.destroy();
  }
}
