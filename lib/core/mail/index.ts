import "server-only";
import path from "node:path";
import { dataDir, env } from "@/lib/core/env";
import { createMailer, type Mailer, type MailMessage, type SentMail } from "@/lib/core/mail/transport";

export type { MailMessage, SentMail };

// One mailer per process (a pooled SMTP transport must not multiply on dev hot reloads);
// created on first use so importing this module never touches the network or disk.
const globalForMail = globalThis as unknown as { afterglowMailer?: Mailer };

function mailer(): Mailer {
  globalForMail.afterglowMailer ??= createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.join(dataDir, "mail"),
    from: env.MAIL_FROM,
  });
  return globalForMail.afterglowMailer;
}

/** Sends through SMTP_URL, or writes `<DATA_DIR>/mail/<time>-<id>.eml` and logs its path. */
export function sendMail(message: MailMessage): Promise<SentMail> {
  return mailer().send(message);
}

/** How mail leaves: through the SMTP relay of SMTP_URL, or written to the outbox (not configured). */
export function mailSmtpUrl(): string | null {
  return env.SMTP_URL ?? null;
}
