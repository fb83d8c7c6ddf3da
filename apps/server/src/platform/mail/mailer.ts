import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one secret the mail carries, written to the log line when there is no SMTP. */
  code?: string;
  link?: string;
}

export interface Mailer {
  /** True when real mail goes out; false when mail is written to the log. */
  readonly isSmtp: boolean;
  send(message: MailMessage): Promise<void>;
}

/** Without SMTP every mail becomes one log line: `MAIL to=<email> subject="<subject>" code=<code>`. */
export function createLogMailer(writeLine: (line: string) => void = (line) => console.log(line)): Mailer {
  return {
    isSmtp: false,
    async send(message) {
      const secret = message.code ? ` code=${message.code}` : message.link ? ` link=${message.link}` : '';
      writeLine(`MAIL to=${message.to} subject="${message.subject.replaceAll('"', "'")}"${secret}`);
    },
  };
}

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  password?: string;
  secure: boolean;
  from: string;
}

export function createSmtpMailer(settings: SmtpSettings, onError: (error: unknown) => void): Mailer {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
  });
  return {
    isSmtp: true,
    async send(message) {
      // Delivery must never fail the request that caused it; failures are logged.
      transport
        .sendMail({ from: settings.from, to: message.to, subject: message.subject, text: message.text })
        .catch(onError);
    },
  };
}
