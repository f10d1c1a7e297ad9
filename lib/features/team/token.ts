import { createHash, randomBytes } from "node:crypto";

/** A fresh invitation token (sent by e-mail) and the hash stored in its place. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
