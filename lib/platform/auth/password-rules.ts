import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIALS } from "@/lib/core/validation/rules";

/**
 * The password rules of spec §5, shared by the live checklist in the form, the zod
 * schemas and the Better Auth hook that makes the API refuse weak passwords. Zod-free: the
 * sign-in pages' forms import it (their schema `newPassword` is in lib/platform/auth/schemas.ts).
 * Each rule's message is an i18n key under `auth.password`; `{min}` is the minimum length.
 */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordRuleId = "minLength" | "lowercase" | "uppercase" | "number" | "special";

const specials = new Set(PASSWORD_SPECIALS);

export const passwordRules: readonly { id: PasswordRuleId; message: string; test: (p: string) => boolean }[] =
  [
    { id: "minLength", message: "auth.password.minLength", test: (p) => p.length >= PASSWORD_MIN_LENGTH },
    { id: "lowercase", message: "auth.password.lowercase", test: (p) => /\p{Ll}/u.test(p) },
    { id: "uppercase", message: "auth.password.uppercase", test: (p) => /\p{Lu}/u.test(p) },
    { id: "number", message: "auth.password.number", test: (p) => /\d/.test(p) },
    { id: "special", message: "auth.password.special", test: (p) => [...p].some((c) => specials.has(c)) },
  ];

/** Message keys of the rules `password` breaks, in the order of the spec. */
export function passwordProblems(password: string): string[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.message);
}

/** Values for the placeholders of the rule messages. */
export const passwordMessageValues = { min: PASSWORD_MIN_LENGTH } as const;
