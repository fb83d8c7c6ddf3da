import { AppError } from '@kite/shared/errors';
import type { FastifyRequest } from 'fastify';

/**
 * The one file of a multipart upload, read whole: named by one of `fields` (else 400 naming the
 * first), and at most `limit` bytes (else 413, `FILE_SIZE_LIMIT`).
 */
export async function uploadedFile(
  request: FastifyRequest,
  options: { fields: readonly string[]; limit: number; missing: string },
): Promise<{ filename: string; bytes: Buffer }> {
  const part = await request.file();
  if (!part || !options.fields.includes(part.fieldname)) {
    throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
      fields: { [options.fields[0]!]: options.missing },
    });
  }
  try {
    return { filename: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `Files cannot exceed ${options.limit} bytes`);
    }
    throw error;
  }
}
