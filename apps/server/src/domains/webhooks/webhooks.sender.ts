import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { ResolvedAddress } from '../../platform/security/destination.ts';

/** What one attempt came to: a response (any status) or the error that stopped it. */
export interface SendResult {
  status: number | null;
  headers: Record<string, string>;
  /** The response body as read (at most `maxBodyBytes`). */
  body: string;
  error: 'timeout' | 'connection_error' | null;
  durationMs: number;
}

export interface SendRequest {
  /** POST unless given (the GitHub sync reads and patches through the same guarded sender). */
  method?: 'GET' | 'POST' | 'PATCH';
  url: URL;
  /** The vetted address: the connection goes there, the name is not looked up again. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxBodyBytes?: number;
}

/**
 * Sends once (a POST unless `method` says otherwise), connecting to the checked address only (a
 * pinned `lookup`; TLS still verifies the URL's host name). Redirects are not followed: a 3xx is
 * returned as it came.
 */
export function sendOnce(request: SendRequest): Promise<SendResult> {
  const { url, address, timeoutMs, maxBodyBytes = 64 * 1024 } = request;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
    } else {
      callback(null, address.address, address.family);
    }
  };
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const req = transport.request(
      {
        method: request.method ?? 'POST',
        protocol: url.protocol,
        host: hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        headers: { ...request.headers, 'Content-Length': String(Buffer.byteLength(request.body)) },
        lookup: pinned,
        agent: false,
        ...(url.protocol === 'https:' && !isIP(hostname) ? { servername: hostname } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(', ') : value;
        }
        const done = () =>
          finish({
            status: res.statusCode ?? null,
            headers,
            body: Buffer.concat(chunks).toString('utf8'),
            error: null,
          });
        res.on('data', (chunk: Buffer) => {
          if (size >= maxBodyBytes) return;
          chunks.push(chunk.subarray(0, maxBodyBytes - size));
          size += chunk.length;
          if (size >= maxBodyBytes) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, headers: {}, body: '', error: 'timeout' });
      req.destroy();
    }, timeoutMs);
    req.on('error', () => finish({ status: null, headers: {}, body: '', error: 'connection_error' }));
    req.end(request.body);
  });
}
