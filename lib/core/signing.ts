import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { declaredNodeEnv, env } from "@/lib/core/env";

/**
 * The one signer: everything the app signs or keys with a MAC goes through here. Each purpose
 * gets its own key, derived from the one secret with HKDF (RFC 5869), so a key that leaks for
 * one purpose (say, a visitor cookie's) forges nothing else. Add a purpose to the list; never
 * reuse one for a second kind of token.
 */
export const SIGNING_PURPOSES = [
  "visitor-cookie", // ag_vid: the server-issued visitor id
  "zip-ticket", // Download all: the ticket bound to a gallery and a visitor
  "video-download", // a fan's MP4 download streamed without location: bound to the media and visitor
  "revalidation", // the worker's signed POST /api/internal/revalidate
  "ip-hash", // rate-limit keys: an address never stored in clear
  "sign-in-code", // the e-mailed sign-in code, stored keyed
  "gallery-unlock", // ag_unlock_<id>: a browser proved a password gallery's password (issue #36)
  "event-unlock", // ag_unlock_ev_<id>: a browser proved a password event's password (issue #36)
  "favourites-link", // the e-mailed link that brings a fan's favourites to another device (issue #36)
  "mailbox-limit", // rate-limit keys of e-mail addresses: a mailbox never a plain (or guessable) hash
  "webhook-secret", // AES-256-GCM key of the webhook endpoints' signing secrets at rest (issue #38)
] as const;
export type SigningPurpose = (typeof SIGNING_PURPOSES)[number];

const DEVELOPMENT_SECRET = "afterglow-development-internal-secret";

/**
 * The secret every key is derived from: INTERNAL_SECRET, else BETTER_AUTH_SECRET (`npm start`
 * generates one into the data folder), else a fixed value, but only in a process started with
 * NODE_ENV=development or test (`next dev`, vitest, `npm run dev`). Null otherwise, NODE_ENV
 * unset included (a hand-started worker or script is treated as production: a value printed in
 * the source must never sign anything real): then keys are random per process (safe, but
 * nothing signed survives a restart or reaches another instance) and `sharedSigning()` is false.
 */
function rootSecret(): string | null {
  const fixedAllowed = declaredNodeEnv === "development" || declaredNodeEnv === "test";
  return env.INTERNAL_SECRET ?? env.BETTER_AUTH_SECRET ?? (fixedAllowed ? DEVELOPMENT_SECRET : null);
}

/** Whether other processes (the worker, another instance) hold the same keys. */
export function sharedSigning(): boolean {
  return rootSecret() !== null;
}

const keys = new Map<SigningPurpose, Buffer>();
const processSecret = randomBytes(32);

/** The purpose's own 32-byte key (HKDF-SHA256, the purpose as `info`). */
export function signingKey(purpose: SigningPurpose): Buffer {
  let key = keys.get(purpose);
  if (!key) {
    const secret = rootSecret() ?? processSecret;
    key = Buffer.from(hkdfSync("sha256", secret, "afterglow signing v2", purpose, 32));
    keys.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA256 of `data` under the purpose's key, cut to `bytes` (16 is plenty for a cookie). */
export function sign(purpose: SigningPurpose, data: string | Buffer, bytes = 32): Buffer {
  return createHmac("sha256", signingKey(purpose)).update(data).digest().subarray(0, bytes);
}

/**
 * Whether `mac` is the purpose's signature of `data`, `bytes` long (the length is the caller's,
 * never the token's: a one-byte "signature" must not be checked as one byte), in constant time.
 */
export function verify(purpose: SigningPurpose, data: string | Buffer, mac: Buffer, bytes = 32): boolean {
  const expected = sign(purpose, data, bytes);
  return mac.length === expected.length && timingSafeEqual(mac, expected);
}
