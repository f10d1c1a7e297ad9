import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { isPublicAddress } from "@/lib/core/http/outbound";
import {
  commentPayload,
  contentPublishedPayload,
  leadDeletedPayload,
  leadPayload,
  webhookBody,
  WEBHOOK_EVENT_TYPES,
} from "@/lib/features/webhooks/events";
import {
  DISABLE_AFTER_MS,
  MAX_ATTEMPTS,
  nextAttemptAt,
  RETRY_DELAYS_SECONDS,
  shouldDisable,
} from "@/lib/features/webhooks/schedule";
import { endpointInputSchema } from "@/lib/features/webhooks/schemas";
import { decryptWebhookSecret, encryptWebhookSecret, newWebhookSecret } from "@/lib/features/webhooks/secret";
import { signedHeaders } from "@/lib/features/webhooks/deliver";

const t0 = new Date("2026-11-29T12:00:00.000Z");
const HOUR = 3600_000;

describe("retry schedule", () => {
  it("retries 5 s, 1 min, 5 min … and gives up after about three days", () => {
    const noJitter = () => 0;
    expect(nextAttemptAt(1, t0, noJitter)!.getTime() - t0.getTime()).toBe(5_000);
    expect(nextAttemptAt(2, t0, noJitter)!.getTime() - t0.getTime()).toBe(60_000);
    expect(nextAttemptAt(3, t0, noJitter)!.getTime() - t0.getTime()).toBe(300_000);
    expect(nextAttemptAt(MAX_ATTEMPTS, t0, noJitter)).toBeNull();
    expect(MAX_ATTEMPTS).toBe(11);
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) * 1000;
    expect(total).toBeGreaterThan(66 * HOUR);
    expect(total).toBeLessThan(78 * HOUR);
    // Delays never shrink.
    for (let i = 1; i < RETRY_DELAYS_SECONDS.length; i++) {
      expect(RETRY_DELAYS_SECONDS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_SECONDS[i - 1]!);
    }
  });

  it("adds at most 10 % of jitter", () => {
    const max = nextAttemptAt(4, t0, () => 0.999_999)!.getTime() - t0.getTime();
    expect(max).toBeGreaterThan(30 * 60_000);
    expect(max).toBeLessThanOrEqual(33 * 60_000);
  });

  it("turns an endpoint off only after three days of failures and enough attempts", () => {
    const since = new Date(t0.getTime() - DISABLE_AFTER_MS);
    expect(shouldDisable({ consecutiveFailures: 10, failingSince: since }, t0)).toBe(true);
    expect(shouldDisable({ consecutiveFailures: 9, failingSince: since }, t0)).toBe(false);
    expect(shouldDisable({ consecutiveFailures: 500, failingSince: new Date(t0.getTime() - HOUR) }, t0)).toBe(
      false,
    );
    expect(shouldDisable({ consecutiveFailures: 0, failingSince: null }, t0)).toBe(false);
  });
});

describe("payload shapes", () => {
  it("a lead is an explicit public shape, dates as ISO strings", () => {
    const body = webhookBody(
      "lead.created",
      leadPayload({
        id: "l1",
        name: "Ana",
        email: "ana@example.com",
        phone: null,
        companyName: "Acme",
        consent: true,
        marketingConsent: false,
        locale: "pt",
        source: "qr:abc",
        contentId: "c1",
        eventId: null,
        createdAt: t0,
      }),
      t0,
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      type: "lead.created",
      timestamp: "2026-11-29T12:00:00.000Z",
      data: {
        id: "l1",
        name: "Ana",
        email: "ana@example.com",
        phone: null,
        company: "Acme",
        consent: true,
        marketingConsent: false,
        locale: "pt",
        source: "qr:abc",
        contentId: "c1",
        eventId: null,
        createdAt: "2026-11-29T12:00:00.000Z",
      },
    });
  });

  it("the other events", () => {
    expect(leadDeletedPayload("l1", t0)).toEqual({ id: "l1", deletedAt: "2026-11-29T12:00:00.000Z" });
    expect(
      Object.keys(
        commentPayload({
          id: "k",
          contentId: "c",
          authorName: null,
          rating: 5,
          text: "Great",
          createdAt: t0,
        }),
      ),
    ).toEqual(["id", "contentId", "authorName", "rating", "text", "createdAt"]);
    expect(
      contentPublishedPayload({
        id: "c",
        title: "Night",
        kind: "photo_gallery",
        visibility: "public",
        publishedAt: t0,
        url: "https://x/y",
      }),
    ).toMatchObject({ publishedAt: "2026-11-29T12:00:00.000Z", url: "https://x/y" });
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      "lead.created",
      "lead.deleted",
      "comment.created",
      "content.published",
      "event.published",
      "download.created",
    ]);
    // Every event the settings page offers has its label in the four languages.
    for (const locale of ["pt", "en", "es", "fr"]) {
      const labels = (
        JSON.parse(readFileSync(`messages/${locale}.json`, "utf8")) as {
          settings: { integrations: { events: Record<string, string> } };
        }
      ).settings.integrations.events;
      for (const type of WEBHOOK_EVENT_TYPES)
        expect(labels[type.replace(".", "_")], `${locale} ${type}`).toBeTruthy();
    }
  });
});

describe("addresses", () => {
  it.each([
    "127.0.0.1",
    "127.5.5.5",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fd00::1",
    "fc00::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:7f00:1",
    "64:ff9b::a00:1",
    "2002:a00:1::1",
    "not an ip",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (a) => {
      expect(isPublicAddress(a)).toBe(true);
    },
  );
});

describe("endpoint input", () => {
  const schema = endpointInputSchema(false);
  it("takes an https URL and at least one known event", () => {
    expect(
      schema.parse({ url: " https://hooks.example.com/in ", eventTypes: ["lead.created", "lead.created"] }),
    ).toEqual({
      url: "https://hooks.example.com/in",
      eventTypes: ["lead.created"],
    });
  });
  it.each([
    "http://hooks.example.com/in",
    "https://127.0.0.1/in",
    "https://[::1]/in",
    "https://10.1.2.3/in",
    "https://user:pass@hooks.example.com/in",
    "ftp://hooks.example.com",
    "not a url",
  ])("refuses %s", (url) => {
    expect(schema.safeParse({ url, eventTypes: ["lead.created"] }).success).toBe(false);
  });
  it("refuses no events or an unknown one; http only when allowed", () => {
    expect(schema.safeParse({ url: "https://a.example.com", eventTypes: [] }).success).toBe(false);
    expect(schema.safeParse({ url: "https://a.example.com", eventTypes: ["lead.updated"] }).success).toBe(
      false,
    );
    expect(
      endpointInputSchema(true).safeParse({ url: "http://a.example.com", eventTypes: ["lead.created"] })
        .success,
    ).toBe(true);
  });
});

describe("secrets and signatures", () => {
  it("a whsec_ secret survives encryption, bound to its endpoint", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = encryptWebhookSecret(secret, "ep1");
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptWebhookSecret(stored, "ep1")).toBe(secret);
    expect(() => decryptWebhookSecret(stored, "ep2")).toThrow();
  });

  it("the headers verify with the standardwebhooks library", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ type: "webhook.test", timestamp: t0.toISOString(), data: {} });
    const headers = signedHeaders(secret, "msg_1", body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: "webhook.test" });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });
});
