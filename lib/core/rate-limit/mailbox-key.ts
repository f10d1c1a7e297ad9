import { sign } from "@/lib/core/signing";

/**
 * The mailbox an address delivers to, as far as limits per address can tell without asking
 * anyone: case and surrounding spaces ignored, a `+tag` dropped (most providers deliver
 * `fan+1@…` to `fan@…`), and for Gmail (gmail.com, googlemail.com: one mailbox) the dots of the
 * local part too. Only for counting: mail still goes to the address as typed.
 */
export function normalisedMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "") || local;
  return `${local}@${domain}`;
}

/**
 * A limiter key part for an address as a mailbox (limits on mail sent to it: favourites links,
 * account mails, review and team invitations): an HMAC (the signer's `mailbox-limit` key) of its mailbox,
 * so the limiter's store never holds an address, nor a hash anyone could recompute from a list
 * of addresses, and the variants of one mailbox share one count.
 */
export function mailboxLimitKey(email: string): string {
  return sign("mailbox-limit", normalisedMailbox(email), 16).toString("hex");
}

/**
 * A key part for an address as an account knows it (case and surrounding spaces ignored, nothing
 * more: `a.b@gmail.com` and `ab@gmail.com` can be two accounts), under the same key: counts per
 * account (wrong passwords, sign-in codes) and the sign-in code's stored name. Never a plain
 * hash, so a leaked limiter store or verification table does not tell whose accounts they were.
 */
export function accountLimitKey(email: string): string {
  return sign("mailbox-limit", `account:${email.trim().toLowerCase()}`, 16).toString("hex");
}
