import { createHash, randomBytes } from "node:crypto";

/**
 * The bearer tokens the app e-mails (a team invitation, a reviewer's magic link): 32 random
 * bytes, and only their SHA-256 is stored, so a database read gives no one a working link.
 */
export function newSecretToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashSecretToken(token) };
}

export function hashSecretToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
