import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, type ErrorBody } from '@kite/shared/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isDataException } from '../db/errors.ts';
import { BASE_SECURITY_HEADERS } from './security-headers.ts';

/** "/emails/0/email" → "emails.0.email"; the request body root becomes "non_field_errors". */
function fieldName(instancePath: string): string {
  const name = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return name || 'non_field_errors';
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = fieldName(issue.instancePath ?? '');
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

/** Maps every failure to the contract's error body; unexpected ones are logged and hidden. */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof AppError) {
    if (error.kind === 'rate_limited' || error.kind === 'unavailable') {
      reply.header('Retry-After', String(error.extra?.retry_after ?? 60));
    }
    const { retry_after: _omit, ...extra } = error.extra ?? {};
    const body: ErrorBody = { error: error.message, error_code: error.errorCode, ...extra };
    return reply.code(error.status).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    // A malformed id in the path names nothing that exists.
    if (error.validationContext === 'params') {
      return reply.code(404).send({ error: 'Not found', error_code: 'NOT_FOUND' });
    }
    return reply
      .code(400)
      .send({ error: 'Invalid request', error_code: 'VALIDATION_ERROR', fields: validationFields(error) });
  }
  switch (error.code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return reply.code(415).send({
        error: 'Unsupported media type: send multipart/form-data',
        error_code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply.code(415).send({
        error: 'Unsupported media type: send application/json',
        error_code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply.code(413).send({ error: 'Request body is too large', error_code: 'PAYLOAD_TOO_LARGE' });
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return reply.code(400).send({ error: 'Malformed request body', error_code: 'BAD_REQUEST' });
  }
  if (error.statusCode === 429) {
    return reply.code(429).send({ error: 'Too many requests, try again later', error_code: 'RATE_LIMITED' });
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ error: error.message, error_code: 'BAD_REQUEST' });
  }
  if (isDataException(error)) {
    request.log.warn({ err: error, reqId: request.id }, 'value refused by the database');
    return reply.code(400).send({ error: 'Invalid value in the request', error_code: 'BAD_REQUEST' });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    reply.header('Retry-After', '5');
    return reply.code(503).send({ error: 'Service unavailable', error_code: 'SERVICE_UNAVAILABLE' });
  }
  request.log.error({ err: error, reqId: request.id }, 'unexpected error');
  return reply.code(500).send({ error: 'Internal server error', error_code: 'INTERNAL_ERROR' });
}

/** Errors the router raises before a route is found (fastify's `frameworkErrors`). */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  // These answers skip the onSend hooks that set the headers elsewhere.
  reply.headers(BASE_SECURITY_HEADERS);
  // A path segment longer than any id or slug names nothing.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(404).send({ error: 'Not found', error_code: 'NOT_FOUND' });
  }
  return reply.code(400).send({ error: 'Malformed request URL', error_code: 'BAD_REQUEST' });
}

const RAW_SECURITY_HEADERS = Object.entries(BASE_SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or URL over 16 KB,
 * malformed request lines) still answer in the contract's shape.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex) {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    error: tooLarge ? 'Request headers or URL are too large' : 'Malformed request',
    error_code: 'BAD_REQUEST',
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `${RAW_SECURITY_HEADERS}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
