import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string | string[];
  subject: string;
  html: string;
  /** Plain-text alternative; mail clients and spam filters expect both parts. */
  text: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Outbox only: the `.eml` file the message was written to. */
  file?: string;
}

export interface Mailer {
  readonly mode: "smtp" | "outbox";
  send(message: MailMessage): Promise<SentMail>;
  /** Closes pooled SMTP connections; a no-op for the outbox. */
  close(): void;
}

export interface MailerOptions {
  /** SMTP relay (smtp://user:pass@host:587, smtps://…); without it mail goes to `outboxDir`. */
  smtpUrl?: string;
  /** Folder that receives one `.eml` file per message when there is no SMTP relay. */
  outboxDir: string;
  /** From header, e.g. `Afterglow <no-reply@afterglow.local>`. */
  from: string;
  log?: (message: string) => void;
}

/**
 * A mailer free of globals (tests and scripts make their own; the app uses `lib/core/mail`).
 * Without SMTP every message is written as an RFC 5322 `.eml` file — multipart with the
 * text and HTML parts — that any mail client opens, and its path is logged.
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? ((message: string) => console.info(message));
  const fields = (message: MailMessage) => ({
    from: options.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });

  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: "smtp",
      async send(message) {
        const info = await transport.sendMail(fields(message));
        return { messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  // CRLF line endings, as RFC 5322 wants on disk and on the wire.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const outboxDir = path.resolve(options.outboxDir);
  return {
    mode: "outbox",
    async send(message) {
      const info = await transport.sendMail(fields(message));
      if (!Buffer.isBuffer(info.message)) throw new Error("The stream transport did not return a buffer");
      await mkdir(outboxDir, { recursive: true });
      // Sortable by time (ISO without separators), unique by a random suffix.
      const stamp = new Date().toISOString().replace(/[-:.]/g, "");
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      // Written under another name and renamed, so whoever watches the outbox (tests
      // waiting for a sign-in link) never reads a half-written file.
      await writeFile(`${file}.partial`, info.message);
      await rename(`${file}.partial`, file);
      const to = Array.isArray(message.to) ? message.to.join(", ") : message.to;
      log(`mail to ${to} "${message.subject}" written to ${file}`);
      return { messageId: info.messageId, file };
    },
    close: () => undefined,
  };
}

/**
 * Whether the SMTP relay at `smtpUrl` answers: connects, greets and (when the URL has
 * credentials) logs in, then hangs up, sending nothing. Every step is bounded by `timeoutMs`
 * (nodemailer's defaults wait minutes on a silent host). A fresh, unpooled transport, so the
 * check never takes a connection from the app's mailer nor leaves one open.
 */
export async function verifySmtp(smtpUrl: string, timeoutMs: number): Promise<void> {
  // Settings the URL itself gives (`?pool=true`) win over these keys: the timeouts are not URL settings.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transport.verify();
  } finally {
    transport.close();
  }
}
