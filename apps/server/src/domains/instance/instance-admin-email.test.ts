import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { instanceAuditLog } from '../../platform/db/schema.ts';
import { type SignedIn, signUp, uniqueEmail } from '../../test/factories.ts';
import { Client } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const CHECK = '/api/instances/email-credentials-check/';
const SMTP_USER = 'kite-mailer';
const SMTP_PASSWORD = 'smtp-pass-Zq81';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on a loopback port that only takes mail after AUTH with the right password. */
async function startSmtpServer(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: false,
    // Plain-text AUTH on loopback: the test has no certificate to offer.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD)
        return callback(null, { user: SMTP_USER });
      callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let t: TestApp;
let admin: SignedIn;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeEach(async () => {
  [t, smtp] = await Promise.all([startTestApp(), startSmtpServer()]);
  admin = await signUp(t, uniqueEmail('admin'));
});
afterEach(async () => {
  await Promise.all([t.close(), smtp.close()]);
});

async function configureSmtp(password: string, port = smtp.port) {
  const res = await admin.client.patch('/api/instances/configurations/', {
    EMAIL_HOST: '127.0.0.1',
    EMAIL_PORT: port,
    EMAIL_HOST_USER: SMTP_USER,
    EMAIL_HOST_PASSWORD: password,
    EMAIL_FROM: 'kite@example.com',
    EMAIL_USE_SSL: false,
  });
  expect(res.status, res.text).toBe(200);
}

const testMails = () => smtp.received.filter((m) => m.data.includes('Subject: Kite test email'));

async function emailAudit() {
  const rows = await t.services.db.select().from(instanceAuditLog);
  return rows.filter((r) => r.action === 'email.test_sent');
}

describe('POST /api/instances/email-credentials-check/', () => {
  it('sends the test mail through the configured server and answers what it accepted', async () => {
    await configureSmtp(SMTP_PASSWORD);
    const receiver = uniqueEmail('receiver');
    const res = await admin.client.post(CHECK, { receiver_email: ` ${receiver} ` });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(['message']);
    // smtp-server's answer to the message: "250 OK: message queued".
    expect(res.body.message).toMatch(/^250 /);
    const mails = testMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([receiver]);
    expect(mails[0]!.from).toBe('kite@example.com');
    expect(mails[0]!.data).toContain(`To: ${receiver}`);
    expect(res.text).not.toContain(SMTP_PASSWORD);
    expect((await emailAudit()).map((r) => [r.target, r.details, r.actor_id])).toEqual([
      [receiver, { ok: true }, admin.user.id],
    ]);
  });

  it('answers the server’s refusal of a wrong password, never the password', async () => {
    await configureSmtp('wrong-password-77');
    const receiver = uniqueEmail('receiver');
    const res = await admin.client.post(CHECK, { receiver_email: receiver });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ error: expect.stringContaining('535'), error_code: 'SMTP_CHECK_FAILED' });
    expect(res.body.error).toContain('Authentication credentials invalid');
    expect(res.text).not.toContain('wrong-password-77');
    expect(testMails()).toHaveLength(0);
    expect((await emailAudit()).map((r) => [r.target, r.details])).toEqual([[receiver, { ok: false }]]);
  });

  it('answers a server that cannot be reached', async () => {
    const closed = await startSmtpServer();
    const port = closed.port;
    await closed.close();
    await configureSmtp(SMTP_PASSWORD, port);
    const res = await admin.client.post(CHECK, { receiver_email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('SMTP_CHECK_FAILED');
    expect(res.body.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('refuses without SMTP settings and with a bad address', async () => {
    const none = await admin.client.post(CHECK, { receiver_email: uniqueEmail() });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: expect.any(String), error_code: 'SMTP_NOT_CONFIGURED' });
    const bad = await admin.client.post(CHECK, { receiver_email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error_code).toBe('VALIDATION_ERROR');
    expect(bad.body.fields.receiver_email).toBeDefined();
    expect(await emailAudit()).toEqual([]);
  });

  it('is for instance admins only', async () => {
    await configureSmtp(SMTP_PASSWORD);
    const user = await signUp(t);
    expect((await user.client.post(CHECK, { receiver_email: uniqueEmail() })).status).toBe(403);
    expect((await new Client(t.baseUrl).post(CHECK, { receiver_email: uniqueEmail() })).status).toBe(401);
    expect(testMails()).toHaveLength(0);
  });
});
