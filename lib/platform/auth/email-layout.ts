import type { MailMessage } from "@/lib/core/mail/transport";

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface ActionEmail {
  lang: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A one-time code shown large under the paragraphs (a code e-mail has no button). */
  code?: string;
  /** The call to action; with it, `linkFallback` repeats the link as text. */
  buttonLabel?: string;
  url?: string;
  /** Small print under the button (validity, "ignore if it wasn't you"). */
  notes: string[];
  linkFallback?: string;
  signature: string;
  /**
   * A company's e-mail (to invitees, to leads): its logo and name head the card, the button and
   * links take its colours (AA, from `brandPalette`), and `poweredBy`, when set, is the footer
   * line (null for white label). Without it, the platform's own e-mail.
   */
  brand?: {
    name: string;
    logoUrl: string | null;
    button: string;
    onButton: string;
    link: string;
    poweredBy: string | null;
  };
}

/** The platform's colours: the button and links of its own e-mails. */
const PLATFORM = { button: "#ea580c", onButton: "#ffffff", link: "#ea580c" };

function header(brand: ActionEmail["brand"]): string {
  if (!brand) {
    return `<p style="margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:2px;color:#ea580c;text-transform:uppercase">Afterglow</p>`;
  }
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="48" style="display:block;height:48px;width:auto;max-width:200px;margin:0 0 8px;border:0">`
    : "";
  return `${logo}<p style="margin:0 0 24px;font-size:16px;font-weight:700;color:#18181b">${escapeHtml(brand.name)}</p>`;
}

/**
 * A transactional e-mail with one call to action (or one code), as HTML (inline styles, table layout,
 * which mail clients render) and the same content as plain text.
 */
export function renderActionEmail(email: ActionEmail): Omit<MailMessage, "to"> {
  const p = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#27272a">${escapeHtml(text)}</p>`;
  const small = (text: string) =>
    `<p style="margin:0 0 8px;font-size:13px;line-height:20px;color:#71717a">${escapeHtml(text)}</p>`;
  const url = email.url === undefined ? undefined : escapeHtml(email.url);
  const colors = email.brand ?? PLATFORM;
  const action =
    url === undefined
      ? ""
      : `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:${colors.button};color:${colors.onButton};text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(email.buttonLabel ?? "")}</a></p>`;
  const fallback =
    url === undefined || !email.linkFallback
      ? ""
      : `${small(email.linkFallback)}
<p style="margin:0 0 16px;font-size:13px;line-height:20px;word-break:break-all"><a href="${url}" style="color:${colors.link}">${url}</a></p>`;
  const code =
    email.code === undefined
      ? ""
      : `<p style="margin:24px 0;font-size:32px;line-height:40px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace;color:#18181b">${escapeHtml(email.code)}</p>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(email.lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(email.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:32px 16px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td>
${header(email.brand)}
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#18181b">${escapeHtml(email.heading)}</h1>
${email.paragraphs.map(p).join("\n")}
${code}${action}
${email.notes.map(small).join("\n")}
${fallback}
${small(email.signature)}
${email.brand?.poweredBy ? small(email.brand.poweredBy) : ""}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const text = [
    email.heading,
    "",
    ...email.paragraphs.flatMap((para) => [para, ""]),
    ...(email.code === undefined ? [] : [email.code, ""]),
    ...(email.url === undefined ? [] : [`${email.buttonLabel ?? ""}: ${email.url}`, ""]),
    ...email.notes,
    "",
    email.signature,
    "",
    ...(email.brand?.poweredBy ? [email.brand.poweredBy, ""] : []),
  ].join("\n");
  return { subject: email.subject, html, text };
}
