/** The double-submit CSRF token (api.md §0.4): cookie `csrftoken`, echoed in `X-CSRFToken`. */
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

export function readCsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let pending: Promise<string> | null = null;

/**
 * Returns the CSRF token, asking the server for one (which also sets the cookie) when the
 * cookie is absent. Concurrent callers share one request.
 */
export function ensureCsrfToken(): Promise<string> {
  const existing = readCsrfCookie();
  if (existing) return Promise.resolve(existing);
  return fetchCsrfToken();
}

/** Asks the server for the token; it sets the cookie when it is missing or malformed. */
export function fetchCsrfToken(): Promise<string> {
  if (!pending) {
    pending = fetch('/auth/get-csrf-token/', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error('Could not get a CSRF token');
        const body = (await response.json()) as { csrf_token: string };
        return readCsrfCookie() ?? body.csrf_token;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
}
