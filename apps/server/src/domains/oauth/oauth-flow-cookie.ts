import type { OAuthProvider } from '@kite/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../../platform/security/secret-box.ts';

/**
 * The checks of one sign-in in flight (state, PKCE verifier, OIDC nonce) and where to land, kept in
 * the browser as a sealed cookie: any app node can finish the flow, and nothing is stored for
 * flows that are never finished. Sealing (AES-GCM) keeps the verifier secret and the checks unforgeable.
 */
export interface OAuthFlow {
  provider: OAuthProvider;
  state: string;
  verifier: string;
  nonce: string;
  nextPath?: string;
  /** Epoch ms after which the flow is refused. */
  expires: number;
}

const COOKIE = 'kite-oauth-flow';
const FLOW_TTL_MS = 10 * 60_000;

const cookieOptions = (request: FastifyRequest) => ({
  path: '/auth/',
  httpOnly: true,
  // Lax: the provider's redirect back is a top-level GET, which carries Lax cookies.
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

export function startFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  secrets: SecretBox,
  flow: Omit<OAuthFlow, 'expires'>,
): void {
  const sealed = secrets.seal(JSON.stringify({ ...flow, expires: Date.now() + FLOW_TTL_MS }));
  reply.setCookie(COOKIE, sealed, { ...cookieOptions(request), maxAge: FLOW_TTL_MS / 1000 });
}

/** The flow this browser started with `provider`, once (the cookie is cleared); undefined if none is valid. */
export function takeFlow(
  request: FastifyRequest,
  reply: FastifyReply,
  secrets: SecretBox,
  provider: OAuthProvider,
): OAuthFlow | undefined {
  const sealed = request.cookies[COOKIE];
  if (!sealed) return undefined;
  reply.clearCookie(COOKIE, cookieOptions(request));
  try {
    const flow = JSON.parse(secrets.open(sealed)) as OAuthFlow;
    return flow.provider === provider && flow.expires > Date.now() ? flow : undefined;
  } catch {
    return undefined; // tampered with, or sealed under another key
  }
}
