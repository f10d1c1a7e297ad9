import { describe, expect, it } from "vitest";
import { CSV_BOM, csvField, csvRow } from "@/lib/core/csv";
import {
  LEAD_CSV_COLUMNS,
  leadCsvFileName,
  leadCsvHeader,
  leadCsvRow,
  type LeadCsvRecord,
} from "@/lib/features/leads/csv";

describe("csvField (RFC 4180)", () => {
  it("leaves plain text alone", () => {
    expect(csvField("Ana Silva")).toBe("Ana Silva");
    expect(csvField("")).toBe("");
  });

  it("quotes a field with a comma", () => {
    expect(csvField("Silva, Ana")).toBe('"Silva, Ana"');
  });

  it("quotes a field with quotes and doubles them", () => {
    expect(csvField('Ana "the fan" Silva')).toBe('"Ana ""the fan"" Silva"');
    expect(csvField('"')).toBe('""""');
  });

  it("quotes a field with LF, CR or CRLF", () => {
    expect(csvField("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvField("a\rb")).toBe('"a\rb"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("keeps unicode as is", () => {
    expect(csvField("João Ñandú 🎸 €")).toBe("João Ñandú 🎸 €");
    expect(csvField("Zoë, «Café»")).toBe('"Zoë, «Café»"');
  });

  it("writes null and undefined as empty fields", () => {
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("writes dates as ISO 8601 and numbers/booleans as text", () => {
    expect(csvField(new Date("2026-11-22T10:15:00.123Z"))).toBe("2026-11-22T10:15:00.123Z");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(true)).toBe("true");
  });
});

describe("csvField (formula injection)", () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ["+55 11 99999-0000", "'+55 11 99999-0000"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
  ])("prefixes %j with a single quote", (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it("prefixes a leading CR and still quotes the field", () => {
    expect(csvField("\r=1")).toBe(`"'\r=1"`);
  });

  it("neutralises =cmd with a comma inside (prefix, then quotes)", () => {
    expect(csvField("=1,2")).toBe(`"'=1,2"`);
  });

  it("leaves such characters alone when they are not first", () => {
    expect(csvField("a=b")).toBe("a=b");
    expect(csvField("ana@example.com")).toBe("ana@example.com");
  });
});

describe("csvRow and the lead file", () => {
  it("joins fields with commas and ends the record with CRLF", () => {
    expect(csvRow(["a", "b,c", null, 'd"'])).toBe('a,"b,c",,"d"""\r\n');
  });

  it("has a header with every column", () => {
    expect(leadCsvHeader()).toBe(LEAD_CSV_COLUMNS.join(",") + "\r\n");
    expect(LEAD_CSV_COLUMNS).toEqual([
      "id",
      "name",
      "email",
      "phone",
      "company",
      "consent",
      "consent_date",
      "marketing_consent",
      "marketing_consent_date",
      "content",
      "event",
      "source",
      "locale",
      "created_at",
      "updated_at",
    ]);
  });

  it("writes a lead with every field, escaped", () => {
    const lead: LeadCsvRecord = {
      id: "lead1",
      name: 'Silva, Ana "Aninha"\nSecond line',
      email: "ana@example.com",
      phone: "+351 912 345 678",
      companyName: null,
      consent: true,
      consentAt: new Date("2026-11-20T09:00:00Z"),
      marketingConsent: true,
      marketingConsentAt: new Date("2026-11-20T09:00:00Z"),
      contentTitle: "Fotos, backstage",
      eventName: "Noite Acústica",
      source: "ch:whatsapp",
      sourceLabel: "WhatsApp",
      locale: "pt",
      createdAt: new Date("2026-11-20T09:00:00Z"),
      updatedAt: new Date("2026-11-21T10:30:00Z"),
    };
    expect(leadCsvRow(lead)).toBe(
      'lead1,"Silva, Ana ""Aninha""\nSecond line",ana@example.com,\'+351 912 345 678,,yes,' +
        '2026-11-20T09:00:00.000Z,yes,2026-11-20T09:00:00.000Z,"Fotos, backstage",Noite Acústica,WhatsApp,pt,' +
        "2026-11-20T09:00:00.000Z,2026-11-21T10:30:00.000Z\r\n",
    );
    expect(
      leadCsvRow({
        ...lead,
        consent: false,
        consentAt: null,
        marketingConsent: false,
        marketingConsentAt: null,
        phone: null,
      }),
    ).toContain(",,,no,,no,,");
  });

  it("starts with a UTF-8 byte-order mark and names the file by UTC day", () => {
    expect(new TextEncoder().encode(CSV_BOM)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(leadCsvFileName(new Date("2026-11-22T23:59:59Z"))).toBe("leads-2026-11-22.csv");
  });
});
