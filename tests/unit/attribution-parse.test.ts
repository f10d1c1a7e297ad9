import { describe, expect, it } from "vitest";
import {
  landingSource,
  referrerHost,
  SOURCE_MAX_AGE_SECONDS,
  sourceCookie,
} from "@/lib/platform/attribution/parse";
import { decodeSource } from "@/lib/platform/attribution/source";

const OWN = new Set(["afterglow.events", "demo.afterglow.events", "fotos.example.pt"]);
const isOwnHost = (host: string) => OWN.has(host);
const source = (query: string, referer: string | null = null) =>
  landingSource({ searchParams: new URLSearchParams(query), referer, isOwnHost });

describe("landing source", () => {
  it("reads our channel tag, case-insensitively, only for known channels", () => {
    expect(source("ch=whatsapp")).toBe("ch:whatsapp");
    expect(source("ch=WhatsApp")).toBe("ch:whatsapp");
    expect(source("ch=%20telegram%20")).toBe("ch:telegram");
    expect(source("ch=copy-link")).toBe("ch:copy-link");
    expect(source("ch=myspace")).toBeNull();
    expect(source("ch=qr")).toBeNull();
  });

  it("reads utm_source, lowercased, spaces as dashes, capped at 60 characters", () => {
    expect(source("utm_source=Newsletter")).toBe("utm:newsletter");
    expect(source("utm_source=Spring+Promo")).toBe("utm:spring-promo");
    expect(source(`utm_source=${"a".repeat(200)}`)).toBe(`utm:${"a".repeat(60)}`);
  });

  it("reads a foreign referrer's host, never one of ours", () => {
    expect(source("", "https://l.instagram.com/?u=x")).toBe("ref:l.instagram.com");
    expect(source("", "https://www.Facebook.com/somewhere")).toBe("ref:facebook.com");
    expect(source("", "http://news.example.org:8080/a")).toBe("ref:news.example.org");
    expect(source("", "https://demo.afterglow.events/evento/x")).toBeNull();
    expect(source("", "https://fotos.example.pt/")).toBeNull();
    expect(source("", "https://afterglow.events/demo")).toBeNull();
  });

  it("ranks channel tag over utm_source over referrer", () => {
    expect(source("ch=whatsapp&utm_source=newsletter", "https://t.co/x")).toBe("ch:whatsapp");
    expect(source("ch=nope&utm_source=newsletter", "https://t.co/x")).toBe("utm:newsletter");
    expect(source("utm_source=%00%01", "https://t.co/x")).toBe("ref:t.co");
    expect(source("other=1", "https://t.co/x")).toBe("ref:t.co");
  });

  it("never yields a QR source from a URL a fan can type", () => {
    expect(source("ch=qr:abcdefgh12")).toBeNull();
    expect(source("utm_source=qr:abcdefgh12")).toBeNull();
    expect(source("qr=abcdefgh12")).toBeNull();
  });

  it("turns hostile input into null (a direct visit)", () => {
    for (const [query, referer] of [
      ["utm_source=<script>alert(1)</script>", null],
      ["utm_source=%E2%80%AEevil", null],
      ["utm_source=a;b=c", null],
      [`ch=${"w".repeat(5000)}`, null],
      ["", "javascript:alert(1)"],
      ["", "data:text/html,hi"],
      ["", "not a url"],
      ["", "https://[::1]/"],
      ["", `https://${"a".repeat(300)}.com/`],
      ["", `https://example.com/${"x".repeat(5000)}`],
      ["", "https://exa mple.com/"],
    ] as const) {
      const value = source(query, referer);
      expect(value, `${query} ${referer}`).toBeNull();
    }
  });

  it("only ever yields values of the stored format", () => {
    for (const value of [
      source("ch=x"),
      source("utm_source=Mail.Chimp_2026"),
      source("", "https://xn--bcher-kva.example/"),
    ]) {
      expect(value).not.toBeNull();
      expect(decodeSource(value)).not.toBeNull();
    }
  });

  it("reads the referrer's host from http(s) only", () => {
    expect(referrerHost("https://Example.COM./a")).toBe("example.com");
    expect(referrerHost("ftp://example.com/")).toBeNull();
    expect(referrerHost(null)).toBeNull();
  });

  it("keeps the source for 30 days in an HttpOnly, Lax cookie, Secure on https", () => {
    expect(sourceCookie("ch:x", true)).toMatchObject({
      name: "ag_src",
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      path: "/",
      maxAge: SOURCE_MAX_AGE_SECONDS,
    });
    expect(sourceCookie("ch:x", false).secure).toBe(false);
  });
});
