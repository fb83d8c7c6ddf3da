import nodemailer from 'nodemailer';
import type { MailMessage, SmtpSettings } from './mailer.ts';

/** What the SMTP server answered: its accepted response, or its refusal (or why it could not be reached). */
export type SmtpCheckResult = { ok: true; response: string } | { ok: false; response: string };

/** Bounded so that an unreachable or silent server answers the admin in seconds, not minutes. */
const TIMEOUT_MS = 10_000;

/**
 * Sends one mail and waits for the server's verdict, unlike the app's mailer, which never lets
 * delivery hold up a request. For the admin's test of the SMTP settings, whose point is the answer.
 * The password is never part of the result, even if a server were to echo it.
 */
export async function sendAndAwait(
  settings: SmtpSettings,
  message: Pick<MailMessage, 'to' | 'subject' | 'text'>,
  timeoutMs = TIMEOUT_MS,
): Promise<SmtpCheckResult> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const hidePassword = (text: string) =>
    settings.password ? text.replaceAll(settings.password, '********') : text;
  try {
    const info = await transport.sendMail({
      from: settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
    return { ok: true, response: hidePassword(String(info.response ?? 'Accepted')) };
  } catch (error) {
    // nodemailer puts the server's reply line (e.g. "535 5.7.8 Authentication failed") in `response`;
    // a connection failure has only a message (ECONNREFUSED, timeout).
    const { response, message: reason } = error as { response?: unknown; message?: unknown };
    const answer = typeof response === 'string' && response ? response : String(reason ?? 'SMTP error');
    return { ok: false, response: hidePassword(answer) };
  } finally {
    transport.close();
  }
}
