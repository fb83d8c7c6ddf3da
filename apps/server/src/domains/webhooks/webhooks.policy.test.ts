import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkDestination, isBlockedAddress, type Resolver } from '../../platform/security/destination.ts';
import { createSecretBox } from '../../platform/security/secret-box.ts';
import {
  deliveryHeaders,
  judgeAttempt,
  MAX_ATTEMPTS,
  nextRetryDelay,
  redactHeaders,
  retryAfterSeconds,
  webhookEventOf,
  wireField,
} from './webhooks.policy.ts';

describe('destination rules (api.md §13.4)', () => {
  const refused = [
    'http://127.0.0.1/',
    'http://127.255.255.254:8080/x',
    'http://localhost.localdomain.invalid/', // resolves (stub) to loopback below
    'http://2130706433/', // decimal 127.0.0.1
    'http://0177.0.0.1/', // octal
    'http://0x7f.0.0.1/', // hex
    'http://0x7f000001/',
    'http://127.1/', // short form
    'http://0/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/', // cloud metadata
    'http://100.64.0.1/', // CGNAT
    'http://198.18.0.1/', // benchmarking
    'http://224.0.0.1/', // multicast
    'http://239.255.255.250/',
    'http://255.255.255.255/', // broadcast
    'http://[::1]/',
    'http://[::]/',
    'http://[fc00::1]/', // ULA
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/', // link-local
    'http://[ff02::1]/', // multicast
    'http://[::ffff:127.0.0.1]/', // IPv4-mapped
    'http://[::ffff:a9fe:a9fe]/', // mapped metadata
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
    'http://[2001:db8::1]/', // documentation
  ];
  const stub: Resolver = async (host) => {
    if (host === 'localhost.localdomain.invalid') return [{ address: '127.0.0.1', family: 4 }];
    if (host === 'mixed.example')
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ];
    if (host === 'public.example') return [{ address: '93.184.216.34', family: 4 }];
    throw new Error('ENOTFOUND');
  };

  it.each(refused)('refuses %s', async (url) => {
    const check = await checkDestination(url, { resolver: stub });
    expect(check).toMatchObject({ ok: false, refusal: 'BLOCKED_DESTINATION' });
  });

  it('refuses a name when any of its addresses is private, and names that do not resolve', async () => {
    expect((await checkDestination('https://mixed.example/hook', { resolver: stub })).ok).toBe(false);
    expect((await checkDestination('https://nowhere.example/hook', { resolver: stub })).ok).toBe(false);
  });

  it('accepts public addresses and names, naming the address to connect to', async () => {
    const byName = await checkDestination('https://public.example/hook', { resolver: stub });
    expect(byName).toMatchObject({ ok: true, address: { address: '93.184.216.34', family: 4 } });
    expect((await checkDestination('http://93.184.216.34:8080/x', { resolver: stub })).ok).toBe(true);
    expect((await checkDestination('https://[2606:4700::1111]/', { resolver: stub })).ok).toBe(true);
  });

  it('refuses bad forms as INVALID_URL, even with private destinations allowed', async () => {
    for (const url of [
      'ftp://93.184.216.34/',
      'not a url',
      'https://user:pw@93.184.216.34/',
      `https://93.184.216.34/${'a'.repeat(1024)}`,
    ]) {
      expect(await checkDestination(url, { resolver: stub, allowPrivate: true }), url).toMatchObject({
        ok: false,
        refusal: 'INVALID_URL',
      });
    }
  });

  it('lets private destinations through only when allowed', async () => {
    expect((await checkDestination('http://127.0.0.1:9/', { allowPrivate: true })).ok).toBe(true);
    expect(isBlockedAddress('8.8.8.8')).toBe(false);
    expect(isBlockedAddress('not-an-ip')).toBe(true);
  });
});

describe('signatures and headers (api.md §13.3)', () => {
  it('signs the raw body (Plane) and id.timestamp.body (Standard Webhooks), redacting both in logs', () => {
    const secret = 'plane_wh_secret';
    const body = '{"event":"issue"}';
    const headers = deliveryHeaders(secret, { id: 'd-1', event_type: 'issue', body }, 1700000000);
    expect(headers['X-Plane-Signature']).toBe(createHmac('sha256', secret).update(body).digest('hex'));
    expect(headers['webhook-signature']).toBe(
      `v1,${createHmac('sha256', secret).update(`d-1.1700000000.${body}`).digest('base64')}`,
    );
    expect(headers).toMatchObject({
      'X-Plane-Delivery': 'd-1',
      'webhook-id': 'd-1',
      'X-Plane-Event': 'issue',
    });
    const logged = redactHeaders(headers);
    expect(logged['X-Plane-Signature']).toBe('[redacted]');
    expect(logged['webhook-signature']).toBe('[redacted]');
    expect(logged['webhook-id']).toBe('d-1');
  });

  it('seals secrets so that only the same key opens them', () => {
    const box = createSecretBox('k1');
    const sealed = box.seal('plane_wh_abc');
    expect(sealed).not.toContain('plane_wh_abc');
    expect(box.open(sealed)).toBe('plane_wh_abc');
    expect(() => createSecretBox('k2').open(sealed)).toThrow();
  });
});

describe('retries (api.md §13.4)', () => {
  it('judges attempts', () => {
    expect(judgeAttempt(204, null).verdict).toBe('delivered');
    expect(judgeAttempt(500, null)).toEqual({ verdict: 'retry', error: 'http_status' });
    expect(judgeAttempt(429, null).verdict).toBe('retry');
    expect(judgeAttempt(404, null)).toEqual({ verdict: 'failed', error: 'http_status' });
    expect(judgeAttempt(302, null)).toEqual({ verdict: 'failed', error: 'redirect' });
    expect(judgeAttempt(null, 'timeout')).toEqual({ verdict: 'retry', error: 'timeout' });
    expect(judgeAttempt(null, 'blocked_destination').verdict).toBe('failed');
  });

  it('backs off 1, 5, 15, 40 minutes with ±20 % jitter, honouring Retry-After, and stops after 5', () => {
    expect([1, 2, 3, 4].map((a) => nextRetryDelay(a, { random: () => 0.5 }))).toEqual([60, 300, 900, 2400]);
    expect(nextRetryDelay(1, { random: () => 0 })).toBe(48);
    expect(nextRetryDelay(1, { random: () => 1 })).toBe(72);
    expect(nextRetryDelay(MAX_ATTEMPTS)).toBeUndefined();
    const now = new Date('2026-01-01T00:00:00Z');
    expect(nextRetryDelay(1, { status: 429, retryAfter: retryAfterSeconds('7', now) })).toBe(7);
    expect(retryAfterSeconds('99999', now)).toBe(3600);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
  });

  it('maps outbox topics to webhook events', () => {
    expect(webhookEventOf('issue.updated')).toEqual({ event: 'issue', action: 'updated' });
    expect(webhookEventOf('comment.created')).toEqual({ event: 'issue_comment', action: 'created' });
    expect(webhookEventOf('intake_issue.deleted')).toEqual({ event: 'intake_issue', action: 'deleted' });
    expect(webhookEventOf('issue.reacted')).toBeUndefined();
    expect(webhookEventOf('user.signed_in')).toBeUndefined();
  });

  it('names changed fields by their wire keys', () => {
    expect(wireField('issue', 'description')).toBe('description_html');
    expect(wireField('issue', 'cycle')).toBe('cycle_id');
    expect(wireField('issue', 'modules')).toBe('module_ids');
    expect(wireField('issue', 'priority')).toBe('priority');
    expect(wireField('project', 'description')).toBe('description');
  });
});
