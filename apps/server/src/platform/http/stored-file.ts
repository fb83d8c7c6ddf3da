import type { FastifyReply } from 'fastify';

/**
 * Sends the client to the file store's presigned URL (S3 mode). The caller has checked access
 * already; the redirect is not to be cached, as its URL expires within minutes.
 */
export function redirectToStoredFile(reply: FastifyReply, url: string) {
  return reply.code(302).header('Location', url).header('Cache-Control', 'no-store').send();
}
