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

describe('api client: Idempotency-Key and retries of creates', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    clearCookies();
    setCookie('csrftoken=abc123abc123abc123abc123; Path=/');
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const keyOf = (call: number) =>
    (fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
  /** The call's outcome, caught at once so a rejection is never unhandled while timers run. */
  const settle = <T>(promise: Promise<T>) =>
    promise.then(
      (value) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
  const gateway = (status: number, headers: Record<string, string> = {}) =>
    new Response('<html>gateway</html>', { status, headers });

  it('sends a fresh key with every post, and none with other methods or /auth/ posts', async () => {
    fetchMock.mockImplementation(async () => json(201, { id: 'x' }));
    await api.post('/api/workspaces/acme/projects/p/issues/', { name: 'a' });
    await api.post('/api/workspaces/acme/projects/p/issues/', { name: 'a' });
    await api.patch('/api/workspaces/acme/', { name: 'x' });
    await api.post('/auth/sign-out/');
    expect(keyOf(0)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(1)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(1)).not.toBe(keyOf(0));
    expect(keyOf(2)).toBeUndefined();
    expect(keyOf(3)).toBeUndefined();
  });

  it('retries a post after a network error and 502/503/504 with the same key, after 0.5 s, 1 s and 2 s', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(gateway(502))
      .mockResolvedValueOnce(gateway(504))
      .mockResolvedValueOnce(json(201, { id: 'made-once' }));
    const call = settle(api.post('/api/workspaces/acme/projects/p/issues/', { name: 'a' }));
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await call).toEqual({ value: { id: 'made-once' }, error: undefined });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const keys = [0, 1, 2, 3].map(keyOf);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
    for (const [, init] of fetchMock.mock.calls) expect(init?.body).toBe('{"name":"a"}');
  });

  it("honours the server's Retry-After, and stops when it would wait past the ~10 s budget", async () => {
    // The first answer says "in 3 s".
    fetchMock
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ error: 'Service unavailable', error_code: 'SERVICE_UNAVAILABLE' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
        }),
      )
      .mockResolvedValueOnce(json(201, { id: 'x' }));
    const call = settle(api.post('/api/workspaces/acme/cycles/', { name: 'c' }));
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await call).value).toEqual({ id: 'x' });

    // A Retry-After beyond the budget is not waited for: the 503 surfaces at once.
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(gateway(503, { 'Retry-After': '30' }));
    const refused = await settle(api.post('/api/workspaces/acme/cycles/', { name: 'c' }));
    expect(refused.error).toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after three retries and surfaces the last failure as before', async () => {
    fetchMock.mockImplementation(async () => gateway(502));
    const gatewayCall = settle(api.post('/api/workspaces/acme/labels/', { name: 'l' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await gatewayCall).error).toMatchObject({ status: 502, message: 'Request failed (502)' });
    expect(fetchMock).toHaveBeenCalledTimes(4);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = settle(api.post('/api/workspaces/acme/labels/', { name: 'l' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await offline).error).toMatchObject({ status: 0, code: NETWORK_ERROR });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never retries a 4xx answer, except a key still in use by the first try', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { error: 'Name taken', error_code: 'LABEL_NAME_TAKEN' }));
    const taken = await settle(api.post('/api/workspaces/acme/labels/', { name: 'l' }));
    expect(taken.error).toMatchObject({ status: 409, code: 'LABEL_NAME_TAKEN' });
    fetchMock.mockResolvedValueOnce(json(400, { error: 'Invalid request', error_code: 'VALIDATION_ERROR' }));
    const invalid = await settle(api.post('/api/workspaces/acme/labels/', {}));
    expect(invalid.error).toMatchObject({ status: 400 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        json(409, { error: 'Still being processed', error_code: 'IDEMPOTENCY_KEY_IN_USE' }),
      )
      .mockResolvedValueOnce(json(201, { id: 'first-answer' }));
    const raced = settle(api.post('/api/workspaces/acme/labels/', { name: 'l' }));
    await vi.advanceTimersByTimeAsync(1500);
    expect((await raced).value).toEqual({ id: 'first-answer' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(new Set([0, 1, 2].map(keyOf)).size).toBe(1);
  });

  it('does not retry reads or other writes', async () => {
    fetchMock.mockImplementation(async () => gateway(503));
    await expect(api.get('/api/users/me/')).rejects.toMatchObject({ status: 503 });
    await expect(api.patch('/api/workspaces/acme/', { name: 'x' })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
