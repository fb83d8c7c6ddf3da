import autocannon from 'autocannon';

/** One request shape; `setup` may vary path/body per request (ids, states, pages). */
export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: string;
  /** Called before every request; returns the path/method/body to send this time. */
  setup?: () => { method?: RequestSpec['method']; path: string; body?: string };
}

export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Count per status of the responses that were not 2xx. */
  failures: Record<string, number>;
  bytesPerRequest: number;
  /** Mean Server-Timing split (ms) over the responses that carried it. */
  serverTiming: { db: number; app: number; ser: number } | null;
}

export interface LoadOptions {
  baseUrl: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

/**
 * Runs autocannon for a fixed duration after a warm-up of the same shape and returns latency
 * percentiles (from autocannon's HDR histogram, ms), throughput, failures and the server's own
 * time split from `Server-Timing`.
 */
export async function runLoad(spec: RequestSpec, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await fire(spec, { ...options, seconds: options.warmupSeconds }, null);
  const timing = { n: 0, db: 0, app: 0, ser: 0 };
  const samples: number[] = [];
  const failures: Record<string, number> = {};
  const result = await fire(spec, options, timing, samples, failures);
  const requests = result.requests.total;
  samples.sort((a, b) => a - b);
  if (failureSamples.length > 0) console.error(`  failures, e.g.: ${failureSamples.splice(0).join(' | ')}`);
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests,
    rps: round(result.requests.average),
    p50: round(percentile(samples, 0.5)),
    p95: round(percentile(samples, 0.95)),
    p99: round(percentile(samples, 0.99)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    failures,
    bytesPerRequest: requests > 0 ? Math.round(result.throughput.total / requests) : 0,
    serverTiming: averageTiming(timing),
  };
}

/** Server-Timing sums over `n` answers, as the mean of each part (null when no answer had it). */
export function averageTiming(timing: { n: number; db: number; app: number; ser: number }) {
  if (timing.n === 0) return null;
  return {
    db: round(timing.db / timing.n),
    app: round(timing.app / timing.n),
    ser: round(timing.ser / timing.n),
  };
}

export const round = (n: number) => Math.round(n * 100) / 100;

/** Exact percentile of sorted samples (autocannon's own histogram has no p95 and rounds to whole ms). */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** The first failing answers of a run, printed so a failure can be understood. */
const failureSamples: string[] = [];

function fire(
  spec: RequestSpec,
  options: LoadOptions,
  timing: { n: number; db: number; app: number; ser: number } | null,
  samples: number[] | null = null,
  failures: Record<string, number> = {},
): Promise<autocannon.Result> {
  const request: Record<string, unknown> = {
    method: spec.method ?? 'GET',
    path: spec.path,
    body: spec.body,
  };
  if (spec.setup) {
    const setup = spec.setup;
    request.setupRequest = (req: Record<string, unknown>) => {
      const next = setup();
      // A fresh headers object each time: autocannon writes Content-Length into the one it is given,
      // which would otherwise leak from a PATCH into the GET after it.
      return {
        ...req,
        headers: { ...options.headers },
        method: next.method ?? spec.method ?? 'GET',
        path: next.path,
        body: next.body,
      };
    };
  }
  if (timing) {
    request.onResponse = (
      _status: number,
      _body: string,
      _context: unknown,
      headers: Record<string, string>,
    ) => {
      const header = headers['server-timing'] ?? headers['Server-Timing'];
      if (!header) return;
      timing.n += 1;
      for (const part of header.split(',')) {
        const [name, dur] = part.trim().split(';dur=');
        if (name === 'db' || name === 'app' || name === 'ser') timing[name] += Number(dur);
      }
    };
  }
  const tracker = (autocannon as unknown as (o: autocannon.Options) => Tracker)({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: [request],
  } as autocannon.Options);
  if (samples) {
    // Exact per-response times (ms, sub-millisecond) of successful responses.
    tracker.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status >= 200 && status < 300) samples.push(ms);
      else failures[status] = (failures[status] ?? 0) + 1;
    });
  }
  return tracker;
}

/** What autocannon returns without a callback: an event emitter that is also a promise of the result. */
type Tracker = Promise<autocannon.Result> & {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};
