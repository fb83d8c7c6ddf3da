import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, NETWORK_ERROR, setUnauthorizedHandler } from './api.ts';

/** jsdom's cookie jar is what the client reads, so tests write it directly. */
function setCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the code under test reads document.cookie
  document.cookie = value;
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) setCookie(`${name}=; Max-Age=0; Path=/`);
  }
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    clearCookies();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads without a CSRF header, same-origin credentials', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(api.get('/api/users/me/')).resolves.toEqual({ ok: 1 });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/users/me/');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.headers).not.toHaveProperty('X-CSRFToken');
  });

  it('sends the csrftoken cookie as X-CSRFToken on writes, with a JSON body', async () => {
    setCookie('csrftoken=abc123abc123abc123abc123; Path=/');
    fetchMock.mockResolvedValueOnce(json(200, { name: 'x' }));
    await api.patch('/api/workspaces/acme/', { name: 'x' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"name":"x"}');
    expect(init?.headers).toMatchObject({
      'X-CSRFToken': 'abc123abc123abc123abc123',
      'Content-Type': 'application/json',
    });
  });

  it('posts for a file with the CSRF header and answers its text and suggested name', async () => {
    setCookie('csrftoken=abc123abc123abc123abc123; Path=/');
    fetchMock.mockResolvedValueOnce(
      new Response('a,b\r\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="bea-activity.csv"',
        },
      }),
    );
    await expect(api.postForFile('/api/workspaces/acme/user-activity/u1/export/')).resolves.toEqual({
      text: 'a,b\r\n',
      fileName: 'bea-activity.csv',
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({ 'X-CSRFToken': 'abc123abc123abc123abc123' });
  });

  it('asks for a CSRF token first when the cookie is missing', async () => {
    fetchMock.mockImplementation(async (input) => {
      if (input === '/auth/get-csrf-token/') {
        setCookie('csrftoken=fresh-token-fresh-token; Path=/');
        return json(200, { csrf_token: 'fresh-token-fresh-token' });
      }
      return json(204, undefined);
    });
    await expect(api.delete('/api/workspaces/acme/')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/auth/get-csrf-token/', '/api/workspaces/acme/']);
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ 'X-CSRFToken': 'fresh-token-fresh-token' });
  });

  it("throws an ApiError carrying the server's message, code and fields", async () => {
    setCookie('csrftoken=abc123abc123abc123abc123; Path=/');
    fetchMock.mockResolvedValueOnce(
      json(400, { error: 'Invalid request', error_code: 'VALIDATION_ERROR', fields: { name: 'Required' } }),
    );
    const error = await api.post('/api/workspaces/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      fields: { name: 'Required' },
    });
  });

  it('retries a write once with a fresh token after CSRF_FAILED', async () => {
    setCookie('csrftoken=stale-stale-stale-stale; Path=/');
    fetchMock
      .mockResolvedValueOnce(json(403, { error: 'CSRF token mismatch', error_code: 'CSRF_FAILED' }))
      .mockResolvedValueOnce(json(200, { csrf_token: 'stale-stale-stale-stale' }))
      .mockResolvedValueOnce(json(200, { done: true }));
    await expect(api.post('/api/workspaces/acme/members/leave/')).resolves.toEqual({ done: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('turns a network failure into a readable ApiError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/users/me/')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it('reports a 401 from the API (session ended) to the app, but not from /auth/', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(
      json(401, { error: 'Authentication required', error_code: 'AUTHENTICATION_REQUIRED' }),
    );
    await expect(api.get('/api/users/me/')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    setCookie('csrftoken=abc123abc123abc123abc123; Path=/');
    await expect(api.post('/auth/change-password/', {})).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(null);
  });

  it('falls back to a status message when the error body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/api/users/me/')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed (502)',
    });
  });
});
