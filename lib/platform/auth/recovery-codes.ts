/**
 * Two-factor recovery codes a person can read off paper and type (issue #40): lowercase letters
 * and digits without the look-alikes 0/o, 1/l/i (31 symbols), 12 of them in groups of four
 * (`k7wq-3mzd-9hxe`): 31^12 ≈ 2^59.4, as strong as Better Auth's default 10 characters of 62.
 * Web Crypto only (no node: import), so the sign-in form can share the normalisation.
 */
export const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
export const RECOVERY_CODE_COUNT = 10;
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * `length` uniformly random symbols: bytes at or past the largest multiple of 31 (248) are
 * skipped, so no symbol is likelier than another; random bytes are drawn in batches.
 */
function randomSymbols(length: number): string {
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit) out += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]!;
      if (out.length === length) break;
    }
  }
  return out;
}

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    codes.add(
      randomSymbols(GROUPS * GROUP_LENGTH)
        .match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!
        .join("-"),
    );
  }
  return [...codes];
}

/**
 * What a person typed, as the code was shown: spaces dropped, and a code of ours typed without
 * its dashes (or in capitals) given them back. Codes made before these (Better Auth's, mixed
 * case, `AbCdE-12345`) keep their case and still match exactly.
 */
export function normaliseRecoveryCode(typed: string): string {
  const compact = typed.replace(/\s+/g, "");
  // Ours are 12 symbols (with or without dashes): read in capitals off paper, they are ours
  // lowercased. Better Auth's are 10 characters, so this never changes one of those.
  const ours = new RegExp(`^[${RECOVERY_ALPHABET}]{${GROUPS * GROUP_LENGTH}}$`);
  const symbols = compact.replaceAll("-", "").toLowerCase();
  if (ours.test(symbols)) return symbols.match(new RegExp(`.{${GROUP_LENGTH}}`, "g"))!.join("-");
  // Better Auth's earlier format: 10 characters, a dash after the fifth.
  if (/^[A-Za-z0-9]{10}$/.test(compact)) return `${compact.slice(0, 5)}-${compact.slice(5)}`;
  return compact;
}

/** The codes as a text file to keep (the account page's "Download"). */
export function recoveryCodesFile(codes: readonly string[], heading: string): string {
  return `${heading}\n\n${codes.join("\n")}\n`;
}
