import { ApiError, NETWORK_ERROR } from './apiError.ts';
import { CSRF_HEADER, ensureCsrfToken } from './csrf.ts';

/**
 * POSTs one file as multipart (field `field`, `asset` unless told) with XMLHttpRequest, whose
 * upload progress events fetch lacks. The CSRF header is sent like lib/api.ts sends it; errors
 * become ApiError.
 */
export async function uploadFile<T>(
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  field = 'asset',
): Promise<T> {
  const token = await ensureCsrfToken().catch(() => null);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(body as T);
        return;
      }
      const b = (body ?? {}) as { error?: unknown; error_code?: unknown };
      const message =
        typeof b.error === 'string'
          ? b.error
          : xhr.status === 413
            ? 'The file is too large'
            : `Upload failed (${xhr.status})`;
      reject(
        new ApiError(xhr.status, message, typeof b.error_code === 'string' ? b.error_code : 'HTTP_ERROR'),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'Cannot reach the server. Check your connection and try again.', NETWORK_ERROR));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', 'ABORTED'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append(field, file, file.name);
    xhr.send(form);
  });
}
