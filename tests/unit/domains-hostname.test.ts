import { describe, expect, it } from "vitest";
import {
  customDomainRecords,
  customHostnameSchema,
  isApexDomain,
  parseCustomHostname,
  subdomainHostname,
} from "@/lib/features/domains/hostname";

const context = { rootDomain: "afterglow.events", previewDomains: ["vercel.app", "netlify.app"] };
const parse = (input: string) => parseCustomHostname(input, context);

describe("custom domain names", () => {
  it.each([
    ["photos.example.com", "photos.example.com"],
    ["  Photos.Example.COM. ", "photos.example.com"],
    ["example.com", "example.com"],
    ["a-b.c-d.example.co.uk", "a-b.c-d.example.co.uk"],
    ["fotos.são-joão.pt", "fotos.xn--so-joo-3tae.pt"],
    [`${"a".repeat(63)}.example.com`, `${"a".repeat(63)}.example.com`],
  ])("accepts %j as %j", (input, hostname) => {
    expect(parse(input)).toEqual({ ok: true, hostname });
  });

  it.each([
    ["", "hostnameRequired"],
    ["   ", "hostnameRequired"],
    ["https://photos.example.com", "hostnameOnly"],
    ["photos.example.com/path", "hostnameOnly"],
    ["photos.example.com:8443", "hostnameOnly"],
    ["user@photos.example.com", "hostnameOnly"],
    ["photos example.com", "hostnameOnly"],
    ["[::1]", "hostnameOnly"],
    ["2001:db8::1", "hostnameOnly"],
    ["localhost", "hostnameInvalid"],
    ["com", "hostnameInvalid"],
    ["-bad.example.com", "hostnameInvalid"],
    ["bad-.example.com", "hostnameInvalid"],
    ["under_score.example.com", "hostnameInvalid"],
    ["double..dot.com", "hostnameInvalid"],
    [`${"a".repeat(64)}.example.com`, "hostnameInvalid"],
    [`${Array.from({ length: 50 }, () => "abcd").join(".")}.example.com`, "hostnameInvalid"],
    ["printer.local", "hostnameInvalid"],
    ["app.internal", "hostnameInvalid"],
    ["tenant.localhost", "hostnameInvalid"],
    ["127.0.0.1", "hostnameIp"],
    ["10.1", "hostnameIp"],
    ["afterglow.events", "hostnameOwn"],
    ["www.afterglow.events", "hostnameOwn"],
    ["demo.afterglow.events", "hostnameOwn"],
    ["my-app.vercel.app", "hostnamePreview"],
    ["netlify.app", "hostnamePreview"],
  ])("refuses %j (%s)", (input, error) => {
    expect(parse(input)).toEqual({ ok: false, error });
  });

  it("a 253-character name is the longest accepted", () => {
    const label = "a".repeat(63);
    const longest = `${label}.${label}.${label}.${"b".repeat(57)}.com`;
    expect(longest).toHaveLength(253);
    expect(parse(longest).ok).toBe(true);
    expect(parse(`c${longest}`).ok).toBe(false);
  });

  it("the app's own domain is refused also when APP_URL has www", () => {
    expect(
      parseCustomHostname("demo.afterglow.events", { ...context, rootDomain: "www.afterglow.events" }),
    ).toEqual({
      ok: false,
      error: "hostnameOwn",
    });
  });

  it("the zod schema gives the i18n key as its message", () => {
    const result = customHostnameSchema(context).safeParse("https://x.com");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("settings.domains.errors.hostnameOnly");
    expect(customHostnameSchema(context).parse("X.COM")).toBe("x.com");
  });
});

describe("record instructions", () => {
  const app = { host: "afterglow.events", publicIpv4: "203.0.113.10" };
  it("a subdomain gets a CNAME to the app's host and the ownership TXT", () => {
    expect(customDomainRecords("photos.example.com", "tok123", app)).toEqual([
      { type: "CNAME", name: "photos.example.com", value: "afterglow.events" },
      { type: "TXT", name: "_afterglow.photos.example.com", value: "afterglow-verify=tok123" },
    ]);
  });
  it("an apex domain gets an A record to the app's IPv4, or none configured", () => {
    expect(customDomainRecords("example.com", "t", app)[0]).toEqual({
      type: "A",
      name: "example.com",
      value: "203.0.113.10",
    });
    expect(customDomainRecords("example.co.uk", "t", { ...app, publicIpv4: null })[0]).toEqual({
      type: "A",
      name: "example.co.uk",
      value: null,
    });
  });
  it("apex detection", () => {
    expect(isApexDomain("example.com")).toBe(true);
    expect(isApexDomain("example.com.br")).toBe(true);
    expect(isApexDomain("photos.example.com")).toBe(false);
    expect(isApexDomain("photos.example.co.uk")).toBe(false);
  });
  it("the subdomain record's name", () => {
    expect(subdomainHostname("demo", "afterglow.events")).toBe("demo.afterglow.events");
    expect(subdomainHostname("demo", "www.afterglow.events")).toBe("demo.afterglow.events");
  });
});
