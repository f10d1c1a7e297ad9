import { randomBytes } from "node:crypto";

/**
 * Crockford's base-32 alphabet (no i, l, o, u: nothing to misread on a poster), lowercase.
 * 32 symbols, so one random byte's low 5 bits pick one without bias.
 */
export const SHORT_CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** 10 symbols: 50 random bits, so a code cannot be guessed or walked (spec: unguessable). */
export const SHORT_CODE_LENGTH = 10;

const SHAPE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/** A new code from the system's cryptographic random source, never from an id or a slug. */
export function newShortCode(): string {
  const bytes = randomBytes(SHORT_CODE_LENGTH);
  let code = "";
  for (const byte of bytes) code += SHORT_CODE_ALPHABET[byte & 31];
  return code;
}

/** A code as typed or scanned, normalised (case-insensitive), or null when it cannot be one. */
export function normaliseShortCode(raw: string): string | null {
  if (raw.length !== SHORT_CODE_LENGTH) return null;
  const code = raw.toLowerCase();
  return SHAPE.test(code) ? code : null;
}
