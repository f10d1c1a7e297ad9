import { describe, expect, it, vi } from "vitest";
import { db as prisma } from "@/lib/core/db";
import { AppError } from "@/lib/core/errors";
import {
  deliverSubmission,
  storeSubmission,
  type StoredSubmission,
} from "@/lib/features/marketing/submit-form";

async function stored(
  form: "interest" | "newsletter" | "contact",
  input: unknown,
): Promise<StoredSubmission> {
  const outcome = await storeSubmission(form, input, "en");
  if ("spam" in outcome) throw new Error("unexpected spam");
  return outcome.stored;
}

describe("marketing forms", () => {
  it("stores before anything else; a failing e-mail and forward lose nothing", async () => {
    const s = await stored("interest", { email: " Fan@Example.com " });
    const failingFetch = vi.fn(async () => new Response("down", { status: 503 }));
    const result = await deliverSubmission(s, {
      operatorEmail: "ops@afterglow.test",
      forwardUrl: "https://forms.example/f/1",
      sendMail: async () => {
        throw new Error("smtp down");
      },
      fetch: failingFetch as unknown as typeof fetch,
    });
    expect(result).toEqual({ notified: false, forwarded: false });
    const row = await prisma.marketingSubmission.findUniqueOrThrow({ where: { id: s.id } });
    expect(row).toMatchObject({
      type: "interest",
      email: "fan@example.com",
      formType: "interest",
      locale: "en",
    });
    expect(row.notifiedAt).toBeNull();
    expect(row.forwardedAt).toBeNull();
  });

  it("e-mails the operator and forwards in the form service's format, recording each step", async () => {
    const s = await stored("newsletter", { email: "news@example.com" });
    const sent: unknown[] = [];
    const calls: { url: string; init: RequestInit }[] = [];
    const result = await deliverSubmission(s, {
      operatorEmail: "ops@afterglow.test",
      forwardUrl: "https://forms.example/f/2",
      sendMail: async (m) => void sent.push(m),
      fetch: (async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response("{}", { status: 200 });
      }) as unknown as typeof fetch,
    });
    expect(result).toEqual({ notified: true, forwarded: true });
    expect(sent).toEqual([
      expect.objectContaining({ to: "ops@afterglow.test", replyTo: "news@example.com" }),
    ]);
    const body = calls[0]!.init.body as FormData;
    expect([body.get("email"), body.get("form_type"), body.get("subject")]).toEqual([
      "news@example.com",
      "newsletter",
      "New newsletter subscription",
    ]);
    const row = await prisma.marketingSubmission.findUniqueOrThrow({ where: { id: s.id } });
    expect(row.notifiedAt).not.toBeNull();
    expect(row.forwardedAt).not.toBeNull();
  });

  it("forwards contact messages as JSON, sanitised", async () => {
    const outcome = await storeSubmission(
      "contact",
      { name: "Rui <script>x()</script>", email: "rui@example.com", message: '<img src=x onerror="y()">Olá' },
      "pt",
    );
    if ("spam" in outcome) throw new Error("unexpected spam");
    expect(outcome.result.sanitized).toBe(true);
    const calls: RequestInit[] = [];
    await deliverSubmission(outcome.stored, {
      operatorEmail: "ops@afterglow.test",
      forwardUrl: "https://forms.example/f/3",
      sendMail: async () => undefined,
      fetch: (async (_url: string, init: RequestInit) => {
        calls.push(init);
        return new Response("{}", { status: 200 });
      }) as unknown as typeof fetch,
    });
    expect(JSON.parse(calls[0]!.body as string)).toEqual({
      name: "Rui",
      email: "rui@example.com",
      message: "<img src=x>Olá",
      subject: "New contact message",
    });
  });

  it("rejects invalid input with field keys, and stores nothing from the honeypot", async () => {
    const error = await storeSubmission(
      "contact",
      { name: "", email: "x", message: "m".repeat(1001) },
      "pt",
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors).toEqual({
      name: "validation.inputEmpty",
      email: "validation.emailInvalid",
      message: "forms.messageTooLong",
    });
    const before = await prisma.marketingSubmission.count();
    expect(await storeSubmission("interest", { email: "bot@example.com", website: "spam" }, "pt")).toEqual({
      spam: true,
    });
    expect(await prisma.marketingSubmission.count()).toBe(before);
  });
});
