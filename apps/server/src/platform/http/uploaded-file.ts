import { AppError } from '@kite/shared/errors';
import type { FastifyRequest } from 'fastify';

/**
 * The one file of a multipart upload, read whole: named by one of `fields` (else 400 naming the
 * first), and at most `limit` bytes (else 413, `FILE_SIZE_LIMIT`), with the text fields before it.
 */
export async function uploadedFile(
  request: FastifyRequest,
  options: { fields: readonly string[]; limit: number; missing: string },
): Promise<{ filename: string; bytes: Buffer; fields: Record<string, string> }> {
  const part = await request.file();
  if (!part || !options.fields.includes(part.fieldname)) {
    throw new AppError('bad_request', 'Invalid request', 'VALIDATION_ERROR', {
      fields: { [options.fields[0]!]: options.missing },
    });
  }
  try {
    const bytes = await part.toBuffer();
    // The plain fields sent before the file (a presigned form's, api.md §15).
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      const value = Array.isArray(field) ? field[0] : field;
      if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    return { filename: part.filename, bytes, fields };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('payload_too_large', `Files cannot exceed ${options.limit} bytes`);
    }
    throw error;
  }
}
