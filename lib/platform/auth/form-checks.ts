import { PASSWORD_MAX_LENGTH, passwordProblems } from "@/lib/platform/auth/password-rules";
import { EMAIL_PATTERN, sanitize } from "@/lib/core/validation/rules";

/**
 * The auth forms' checks in the browser, without zod: zod's classic API was 32 KB of the
 * sign-in page's JavaScript, and zod/mini still 24 KB as the build bundles it (issue #16). Each
 * gives what lib/platform/auth/schemas.ts gives on the server (the normalised data, or each field's first
 * i18n key as `fieldErrorsOf` reports it); tests/unit/auth-form-checks.test.ts holds them equal.
 * The server checks again with the schemas: these only spare a round trip and keep the messages.
 */
export type FormCheck<T> = { ok: true; data: T } | { ok: false; fieldErrors: Record<string, string> };

type Field = { value: string; error?: string };

/** `email` of lib/core/validation/common.ts: trimmed, lower-cased, required, zod's e-mail pattern. */
function emailField(raw: string): Field {
  const value = raw.trim().toLowerCase();
  if (!value) return { value, error: "validation.required" };
  return { value, error: EMAIL_PATTERN.test(value) ? undefined : "validation.emailInvalid" };
}

/** `displayName` of lib/core/validation/common.ts: sanitised, trimmed, 1 to 100 characters. */
function displayNameField(raw: string): Field {
  const value = sanitize(raw).value.trim();
  if (!value) return { value, error: "validation.required" };
  return { value, error: value.length > 100 ? "validation.tooLong" : undefined };
}

/** `newPassword` of lib/platform/auth/schemas.ts: at most PASSWORD_MAX_LENGTH, then the spec's rules in order. */
function newPasswordField(value: string): Field {
  if (value.length > PASSWORD_MAX_LENGTH) return { value, error: "auth.password.tooLong" };
  return { value, error: passwordProblems(value)[0] };
}

function checked<K extends string>(fields: Record<K, Field>): FormCheck<Record<K, string>> {
  const entries = Object.entries(fields) as [K, Field][];
  const fieldErrors: Record<string, string> = {};
  for (const [name, field] of entries) if (field.error) fieldErrors[name] = field.error;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return {
    ok: true,
    data: Object.fromEntries(entries.map(([name, field]) => [name, field.value])) as Record<K, string>,
  };
}

/** signInSchema */
export function checkSignIn(input: { email: string; password: string }) {
  return checked({
    email: emailField(input.email),
    password: { value: input.password, error: input.password ? undefined : "validation.required" },
  });
}

/** signUpSchema */
export function checkSignUp(input: { displayName: string; email: string; password: string }) {
  return checked({
    displayName: displayNameField(input.displayName),
    email: emailField(input.email),
    password: newPasswordField(input.password),
  });
}

/** emailOnlySchema */
export function checkEmailOnly(input: { email: string }) {
  return checked({ email: emailField(input.email) });
}

/** resetPasswordSchema (a token zod refuses names no key: the form's generic message). */
export function checkResetPassword(input: { password: string; token: string }) {
  return checked({
    password: newPasswordField(input.password),
    token: { value: input.token, error: input.token ? undefined : "validation.invalidForm" },
  });
}
