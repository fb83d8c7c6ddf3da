import { ApiError, NETWORK_ERROR } from '../../lib/apiError.ts';
import { CSRF_HEADER, ensureCsrfToken } from '../../lib/csrf.ts';
import { pagePath } from './PageStore.ts';

/**
 * Uploads an image for a page (`POST pages/{id}/images/`, multipart field `file`) and resolves to
 * the URL to put in `<img src>`. The CSRF header is sent as lib/api.ts sends it.
 */
export async function uploadPageImage(
  slug: string,
  projectId: string,
  pageId: string,
  file: File,
): Promise<string> {
  const token = await ensureCsrfToken().catch(() => null);
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(`${pagePath(slug, projectId, pageId)}images/`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: token ? { Accept: 'application/json', [CSRF_HEADER]: token } : { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', NETWORK_ERROR);
  }
  const body = (await response.json().catch(() => null)) as {
    url?: unknown;
    error?: unknown;
    error_code?: unknown;
  } | null;
  if (!response.ok || typeof body?.url !== 'string') {
    const message =
      typeof body?.error === 'string'
        ? body.error
        : response.status === 413
          ? 'The image is too large'
          : `Upload failed (${response.status})`;
    throw new ApiError(
      response.status,
      message,
      typeof body?.error_code === 'string' ? body.error_code : 'HTTP_ERROR',
    );
  }
  return body.url;
}
