import type { FastifyReply, FastifyRequest } from 'fastify';

const JSON_CSP = "default-src 'none'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'";
const appCsp = (imageSources: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Images come from the app (uploads) only: a hot-linked image in rich text would tell a third
    // party who reads the item, and when. In S3 mode the app redirects image reads to its bucket.
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self' data:",
    "connect-src 'self' ws: wss:",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
const APP_CSP = appCsp([]);

/** What every answer carries (the CSP is the JSON one unless the answer is the app's HTML). */
export const BASE_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': JSON_CSP,
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Echo a well-formed incoming X-Request-Id, else mint one. */
export function requestIdFrom(header: string | string[] | undefined, mint: () => string): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : mint();
}

/** The `onSend` hook; `imageSources` are origins the app page may load images from besides itself. */
export function createSecurityHeaders({ imageSources = [] }: { imageSources?: string[] } = {}) {
  const pageCsp = imageSources.length > 0 ? appCsp(imageSources) : APP_CSP;
  return (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
    addSecurityHeaders(request, reply, payload, pageCsp);
}

async function addSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  pageCsp: string,
) {
  reply.header('X-Request-Id', request.id);
  reply.header('X-Content-Type-Options', BASE_SECURITY_HEADERS['X-Content-Type-Options']);
  reply.header('Referrer-Policy', BASE_SECURITY_HEADERS['Referrer-Policy']);
  reply.header('X-Frame-Options', BASE_SECURITY_HEADERS['X-Frame-Options']);
  // Routes that set their own policy (file downloads use a sandbox) keep it.
  if (!reply.hasHeader('Content-Security-Policy')) {
    const type = String(reply.getHeader('content-type') ?? '');
    reply.header('Content-Security-Policy', type.startsWith('text/html') ? pageCsp : JSON_CSP);
  }
  if (request.protocol === 'https') {
    reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  return payload;
}
