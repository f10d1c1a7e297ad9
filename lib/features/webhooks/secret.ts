import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { AppError } from "@/lib/core/errors";
import { sharedSigning, signingKey } from "@/lib/core/signing";

/**
 * The endpoints' signing secrets (issue #38). The app must sign with the secret itself, so it
 * cannot be stored hashed like the tokens of lib/core/secret-token.ts; it is stored encrypted
 * (AES-256-GCM) under the signer's `webhook-secret` key, derived from the one root secret like
 * every other key, so a leaked database or backup alone signs nothing. Rotating INTERNAL_SECRET
 * (or BETTER_AUTH_SECRET) therefore means rotating every endpoint's secret.
 */

const VERSION = "v1";

/** A new Standard Webhooks secret: `whsec_` and 24 random bytes in base64 (what Svix issues). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * Without a shared root secret the key is random per process: a secret stored now could not
 * be read after a restart or by the worker, so no endpoint is made ("not configured").
 */
function key(): Buffer {
  if (!sharedSigning()) throw new AppError("conflict", "admin.webhooks.errors.notConfigured");
  return signingKey("webhook-secret");
}

/** `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the endpoint id is bound as associated data. */
export function encryptWebhookSecret(secret: string, endpointId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(endpointId));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret back; throws when the value was not made for this endpoint under this key. */
export function decryptWebhookSecret(stored: string, endpointId: string): string {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== VERSION || !iv || !tag || ciphertext === undefined)
    throw new Error("unreadable webhook secret");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(endpointId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString(
    "utf8",
  );
}
