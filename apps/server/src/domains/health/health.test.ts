import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

describe('service endpoints', () => {
  it('reports liveness and readiness', async () => {
    const client = new Client(t.baseUrl);
    expect((await client.get('/api/health/')).body).toEqual({ status: 'ok' });
    expect((await client.get('/api/ready')).body).toEqual({ status: 'ready' });
  });

  it('answers 503 while shutting down', async () => {
    t.services.lifecycle.shuttingDown = true;
    const res = await new Client(t.baseUrl).get('/api/ready/');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('unavailable');
    expect(res.headers.get('retry-after')).toBeTruthy();
  });

  it('serves an OpenAPI 3.1 document that lists the routes', async () => {
    const res = await new Client(t.baseUrl).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/auth/sign-in/', '/api/workspaces/{slug}/members/{member_id}/']),
    );
  });

  it('sets the security headers and echoes a well-formed request id', async () => {
    const res = await new Client(t.baseUrl).get('/api/health/', { headers: { 'X-Request-Id': 'abc.123' } });
    expect(res.headers.get('x-request-id')).toBe('abc.123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const minted = await new Client(t.baseUrl).get('/api/health/', {
      headers: { 'X-Request-Id': 'bad id!' },
    });
    expect(minted.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const res = await new Client(t.baseUrl).request('PUT', '/api/health/', { csrf: false });
    expect(res.status).toBe(405);
    expect(res.body.error_code).toBe('METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answers unknown API paths with the error body', async () => {
    const res = await new Client(t.baseUrl).get('/api/nothing-here/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', error_code: 'NOT_FOUND' });
  });
});
