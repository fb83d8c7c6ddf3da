import type { SwaggerTransformObject } from '@fastify/swagger';

type Operation = { parameters?: unknown[] };
type Document = {
  paths?: Record<string, Partial<Record<string, Operation>> | undefined>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

const REF = '#/components/parameters/IdempotencyKey';

/**
 * The `Idempotency-Key` header (`idempotency.ts`), documented once as a component parameter and
 * referenced by every POST, PUT and PATCH under `/api/`, with `Idempotent-Replayed` as a header of
 * the replayed answers.
 */
export const documentIdempotencyKey: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const document = documentObject.openapiObject as Document;
  document.components ??= {};
  const components = document.components;
  components.parameters = {
    ...components.parameters,
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a write safe to retry (1–255 printable ASCII characters, e.g. a UUID per logical request). ' +
        "Within 24 hours the same key from the same caller (session user or API token) with the same method, path and body answers the first request's answer again (same status and body, header `Idempotent-Replayed: true`) without running it. " +
        'The same key with another method, path or body is 409 `IDEMPOTENCY_KEY_REUSED`; while the first request runs, 409 `IDEMPOTENCY_KEY_IN_USE`; a malformed key 400 `IDEMPOTENCY_KEY_INVALID`. ' +
        '5xx answers are not kept, so a retry after one runs again, unless the write had committed before the failure (the database went away before the answer was kept): then the retry is 409 `IDEMPOTENCY_ANSWER_LOST` and the write is not done again; read the resource instead. Multipart uploads are not covered.',
      schema: { type: 'string', minLength: 1, maxLength: 255 },
    },
  };
  components.headers = {
    ...components.headers,
    IdempotentReplayed: {
      description: '`true` on an answer replayed for a repeated `Idempotency-Key`',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/') || !item) continue;
    for (const method of ['post', 'put', 'patch']) {
      const operation = item[method];
      if (operation) operation.parameters = [...(operation.parameters ?? []), { $ref: REF }];
    }
  }
  return document as ReturnType<SwaggerTransformObject>;
};
