import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/core/errors";
import { hashSecretToken } from "@/lib/core/secret-token";

/**
 * The API keys' tokens (issue #38): `ag_` and 32 random bytes in base64url. The prefix lets
 * secret scanners (and people) recognise a leaked key; only the SHA-256 is stored, and the first
 * characters (`prefix`) are kept to tell keys apart in the list, never enough to use one.
 */
export const API_TOKEN_PREFIX = "ag_";
const SHOWN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;
/** Far above a real token (46 characters), short enough that hashing junk costs nothing. */
const MAX_TOKEN_LENGTH = 200;

export function newApiToken(): { token: string; tokenHash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { token, tokenHash: hashSecretToken(token), prefix: token.slice(0, SHOWN_PREFIX_LENGTH) };
}

/** The bearer token of `Authorization: Bearer ag_…`, or a 401 saying what is missing. */
export function bearerToken(headers: Headers): string {
  const header = headers.get("authorization");
  if (!header) throw new AppError("unauthorized", "api.errors.keyMissing");
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  if (!match?.[1] || !match[1].startsWith(API_TOKEN_PREFIX) || match[1].length > MAX_TOKEN_LENGTH) {
    throw new AppError("unauthorized", "api.errors.keyInvalid");
  }
  return match[1];
}
