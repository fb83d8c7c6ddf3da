import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, signUp, uniqueEmail, uniqueSlug } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const NOT_FOUND = { error: 'CSRF token not found', error_code: 'CSRF_FAILED' };
const MISMATCH = { error: 'CSRF token mismatch', error_code: 'CSRF_FAILED' };
const BAD_ORIGIN = { error: 'Origin not allowed', error_code: 'CSRF_FAILED' };

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

const anon = () => new Client(t.baseUrl);

/** A raw request carrying the client's cookies and CSRF header, with any body and content type. */
async function raw(client: Client, method: string, path: string, body: string, contentType: string) {
  const token = await client.ensureCsrf();
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(t.baseUrl + path, {
    method,
    body,
    redirect: 'manual',
    headers: { 'Content-Type': contentType, 'X-CSRFToken': token, Cookie: cookie },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

describe('CSRF on /auth/ POSTs (signed out)', () => {
  const email = 'csrf-target@example.com';
  const posts: [string, Record<string, unknown>][] = [
    ['/auth/sign-up/', { email, password: STRONG_PASSWORD }],
    ['/auth/sign-in/', { email, password: STRONG_PASSWORD }],
    ['/auth/email-check/', { email }],
    ['/auth/magic-generate/', { email }],
    ['/auth/magic-sign-in/', { email, code: '123456' }],
    ['/auth/forgot-password/', { email }],
    ['/auth/sign-out/', {}],
  ];

  it('refuses a missing token, a missing cookie, a mismatch and a foreign Origin', async () => {
    for (const [path, body] of posts) {
      const noHeader = anon();
      await noHeader.ensureCsrf();
      expect((await noHeader.post(path, body, { csrf: false })).body, path).toEqual(NOT_FOUND);

      // A header but no cookie to compare it with.
      const noCookie = await anon().post(path, body, {
        csrf: false,
        headers: { 'X-CSRFToken': 'a'.repeat(43) },
      });
      expect(noCookie.status, path).toBe(403);
      expect(noCookie.body).toEqual(NOT_FOUND);

      const mismatch = anon();
      await mismatch.ensureCsrf();
      const res = await mismatch.post(path, body, {
        csrf: false,
        headers: { 'X-CSRFToken': 'b'.repeat(43) },
      });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual(MISMATCH);

      for (const origin of ['https://evil.example', 'null', `${t.baseUrl}.evil.example`]) {
        const foreign = await anon().post(path, body, { headers: { Origin: origin } });
        expect(foreign.status, `${path} ${origin}`).toBe(403);
        expect(foreign.body).toEqual(BAD_ORIGIN);
      }
    }
    // None of the refused calls had an effect.
    expect(t.mails).toEqual([]);
    expect((await anon().post('/auth/email-check/', { email })).body.existing).toBe(false);
  });

  it('accepts the same-origin Origin header and the form field token', async () => {
    const res = await anon().post(
      '/auth/sign-up/',
      { email: uniqueEmail(), password: STRONG_PASSWORD },
      { headers: { Origin: t.baseUrl } },
    );
    expect(res.status, res.text).toBe(200);

    const form = anon();
    const token = await form.ensureCsrf();
    const good = await form.post('/auth/email-check/', undefined, {
      form: { email: uniqueEmail(), csrfmiddlewaretoken: token },
      csrf: false,
    });
    expect(good.status).toBe(302);
    const bad = await form.post('/auth/email-check/', undefined, {
      form: { email: uniqueEmail(), csrfmiddlewaretoken: 'x'.repeat(43) },
      csrf: false,
    });
    expect(bad.status).toBe(403);
    expect(bad.body).toEqual(MISMATCH);
  });

  it('applies to signed-in /auth/ POSTs too', async () => {
    const { client } = await signUp(t);
    const res = await client.post(
      '/auth/change-password/',
      { old_password: STRONG_PASSWORD, new_password: 'purple elephant juggling quietly' },
      { csrf: false },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NOT_FOUND);
    const foreign = await client.post('/auth/sign-out/', undefined, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.body).toEqual(BAD_ORIGIN);
    expect((await client.get('/api/users/me/')).status).toBe(200);
  });
});

describe('CSRF on /api/ writes', () => {
  it('guards every kind of write and leaves state untouched', async () => {
    const { client, user } = await signUp(t);
    const writes: [string, string, unknown][] = [
      ['PATCH', '/api/users/me/', { first_name: 'Mallory' }],
      ['PATCH', '/api/users/me/profile/', { role: 'Mallory' }],
      ['PATCH', '/api/users/me/notification-preferences/', { comment: false }],
      ['POST', '/api/workspaces/', { name: 'Evil', slug: uniqueSlug() }],
      ['DELETE', '/api/users/me/', undefined],
    ];
    for (const [method, path, json] of writes) {
      const missing = await client.request(method, path, { json, csrf: false });
      expect(missing.status, `${method} ${path}`).toBe(403);
      expect(missing.body).toEqual(NOT_FOUND);
      const mismatch = await client.request(method, path, {
        json,
        csrf: false,
        headers: { 'X-CSRFToken': 'z'.repeat(43) },
      });
      expect(mismatch.body, `${method} ${path}`).toEqual(MISMATCH);
      const foreign = await client.request(method, path, {
        json,
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.body, `${method} ${path}`).toEqual(BAD_ORIGIN);
    }
    const me = await client.get('/api/users/me/');
    expect(me.status).toBe(200);
    expect(me.body.first_name).toBe(user.first_name);
    expect((await client.get('/api/users/me/profile/')).body.role).toBeNull();
    expect((await client.get('/api/users/me/notification-preferences/')).body.comment).toBe(true);
    expect((await client.get('/api/users/me/workspaces/')).body).toEqual([]);

    // The same writes succeed with the token from the same origin.
    const ok = await client.patch(
      '/api/users/me/',
      { first_name: 'Alice' },
      { headers: { Origin: t.baseUrl } },
    );
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.first_name).toBe('Alice');
  });

  it('never asks GET for a token, even with a foreign Origin', async () => {
    const { client } = await signUp(t);
    for (const path of ['/api/users/me/', '/api/users/me/settings/', '/api/users/session/']) {
      const res = await client.get(path, { headers: { Origin: 'https://evil.example' } });
      expect(res.status, path).toBe(200);
    }
    expect(
      (await anon().get('/auth/get-csrf-token/', { headers: { Origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it('answers 401 before CSRF when there is no session', async () => {
    const res = await anon().patch('/api/users/me/', { first_name: 'x' }, { csrf: false });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String), error_code: 'AUTHENTICATION_REQUIRED' });
  });
});

describe('request bodies', () => {
  it('answers JSON with charset=utf-8', async () => {
    const { client } = await signUp(t);
    const res = await client.get('/api/users/me/');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('refuses non-JSON bodies on JSON routes with 415', async () => {
    const { client } = await signUp(t);
    const plain = await client.request('PATCH', '/api/users/me/', {
      json: { first_name: 'Plain' },
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(plain.body).toEqual({ error: expect.any(String), error_code: 'UNSUPPORTED_MEDIA_TYPE' });
    // Form bodies are an /auth/-only thing.
    const form = await client.request('PATCH', '/api/users/me/', {
      form: { first_name: 'Form', csrfmiddlewaretoken: client.csrfToken! },
    });
    expect(form.status).toBe(415);
    expect(form.body.error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const auth = await anon().request('POST', '/auth/sign-in/', {
      json: { email: uniqueEmail(), password: STRONG_PASSWORD },
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(auth.status).toBe(415);
    expect((await client.get('/api/users/me/')).body.first_name).toBe('Test');
  });

  it('accepts a JSON content type with a charset', async () => {
    const { client } = await signUp(t);
    const res = await client.request('PATCH', '/api/users/me/', {
      json: { first_name: 'Charset' },
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.first_name).toBe('Charset');
  });

  it('answers malformed JSON with 400 BAD_REQUEST on /api/ and /auth/', async () => {
    const { client } = await signUp(t);
    const api = await raw(client, 'PATCH', '/api/users/me/', '{"first_name": ', 'application/json');
    expect(api.status).toBe(400);
    expect(api.body).toEqual({ error: expect.any(String), error_code: 'BAD_REQUEST' });
    const auth = await raw(anon(), 'POST', '/auth/sign-in/', '{nope', 'application/json');
    expect(auth.status).toBe(400);
    expect(auth.body.error_code).toBe('BAD_REQUEST');
  });

  it('answers an oversized body with 413', async () => {
    const { client } = await signUp(t);
    const big = JSON.stringify({ first_name: 'x'.repeat(1024 * 1024 + 10) });
    const res = await raw(client, 'PATCH', '/api/users/me/', big, 'application/json');
    expect(res.status).toBe(413);
    expect(res.body.error_code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs no content type for bodyless writes', async () => {
    const { client } = await signUp(t);
    const signOut = await client.post('/auth/sign-out/');
    expect(signOut.status).toBe(204);
    const other = await signUp(t);
    const del = await other.client.delete('/api/users/me/');
    expect(del.status).toBe(204);
  });
});
