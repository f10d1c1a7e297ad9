import { describe, expect, it } from "vitest";
import { passwordMessageValues, passwordProblems } from "@/lib/platform/auth/password-rules";
import { newPassword, signUpSchema } from "@/lib/platform/auth/schemas";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import pt from "@/messages/pt.json";

type Catalogue = typeof en;
const render = (catalogue: Catalogue, key: string) => {
  const text = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
  return String(text).replace("{min}", String(passwordMessageValues.min));
};

describe("password rules (spec §5)", () => {
  it.each([
    ["Ab!1xyz", "Password must be at least 8 characters long"],
    ["ABCDEF!1", "Password must contain at least one lowercase letter"],
    ["abcdef!1", "Password must contain at least one uppercase letter"],
    ["Abcdefg!", "Password must contain at least one number"],
    ["Abcdefg1", "Password must contain at least one special character"],
  ])("%s breaks exactly one rule: %s", (password, message) => {
    const problems = passwordProblems(password);
    expect(problems).toHaveLength(1);
    expect(render(en, problems[0]!)).toBe(message);
  });

  it("accepts a password that meets every rule", () => {
    expect(passwordProblems("Demo!Pass2026")).toEqual([]);
    expect(newPassword.safeParse("Demo!Pass2026").success).toBe(true);
  });

  it("counts only the spec's special characters", () => {
    for (const special of `!@#$%^&*(),.?":{}|<>`) expect(passwordProblems(`Abcdefg1${special}`)).toEqual([]);
    expect(passwordProblems("Abcdefg1-")).toEqual(["auth.password.special"]);
    expect(passwordProblems("Abcdefg1 ")).toEqual(["auth.password.special"]);
  });

  it("lists every broken rule, in the spec's order", () => {
    expect(passwordProblems("")).toEqual([
      "auth.password.minLength",
      "auth.password.lowercase",
      "auth.password.uppercase",
      "auth.password.number",
      "auth.password.special",
    ]);
  });

  it("has each message in pt, es and fr", () => {
    for (const catalogue of [pt, es, fr] as Catalogue[]) {
      for (const key of passwordProblems("")) {
        const text = render(catalogue, key);
        expect(text).not.toBe(render(en, key));
        expect(text.length).toBeGreaterThan(10);
      }
    }
    expect(render(pt as Catalogue, "auth.password.minLength")).toBe(
      "A palavra-passe deve ter pelo menos 8 caracteres",
    );
  });

  it("sign-up trims the display name and strips script tags", () => {
    const parsed = signUpSchema.parse({
      displayName: "  <script>alert(1)</script> Maria  ",
      email: " Maria@Example.COM ",
      password: "Demo!Pass2026",
    });
    expect(parsed).toEqual({ displayName: "Maria", email: "maria@example.com", password: "Demo!Pass2026" });
  });
});
