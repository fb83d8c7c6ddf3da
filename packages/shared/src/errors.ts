/** The closed set of error kinds; each maps to one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;

const DEFAULT_CODE: Record<ErrorKind, string> = {
  bad_request: 'BAD_REQUEST',
  unauthenticated: 'AUTHENTICATION_REQUIRED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  method_not_allowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  rate_limited: 'RATE_LIMITED',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
};

/** An error the client caused or may see; `message` is shown to users verbatim. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly errorCode: string;
  readonly extra: Record<string, unknown> | undefined;

  constructor(kind: ErrorKind, message: string, errorCode?: string, extra?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.errorCode = errorCode ?? DEFAULT_CODE[kind];
    this.extra = extra;
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: string;
  error_code: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * A public-API path that names a resource Kite does not have (Plane's work-item types, customers,
 * epics, …): 404 with this code and a message naming the resource, never a bare 404 or a 500.
 */
export const RESOURCE_NOT_SUPPORTED = 'RESOURCE_NOT_SUPPORTED';
