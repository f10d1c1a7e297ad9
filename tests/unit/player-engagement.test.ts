import { leadSchema } from "@/lib/features/engagement/schemas";
import { describe, expect, it } from "vitest";
import {
  emptyLead,
  leadPayload,
  NAME_AND_EMAIL_REQUIRED,
  problemsFromServer,
  validateLead,
} from "@/components/engagement/lead-form";
import { newRequestId } from "@/components/engagement/request-id";
import { shareHref, taggedUrl } from "@/components/share/share-links";
import { WatchTimeCounter } from "@/components/engagement/watch-time";

/** Positions of a media element playing from `from` for `seconds`, one `timeupdate` each 250 ms. */
function play(counter: WatchTimeCounter, from: number, seconds: number): number[] {
  const reports: number[] = [];
  for (let t = from; t <= from + seconds + 1e-9; t += 0.25) {
    const due = counter.tick(t);
    if (due) reports.push(due);
  }
  return reports;
}

describe("watch time", () => {
  it("reports 10 s for every 10 s played", () => {
    const counter = new WatchTimeCounter();
    expect(play(counter, 0, 25)).toEqual([10, 10]);
    expect(counter.flush()).toBe(5);
    expect(counter.flush()).toBe(0);
  });

  it("does not count a seek forward or back, nor time while paused", () => {
    const counter = new WatchTimeCounter();
    play(counter, 0, 4);
    expect(counter.tick(60)).toBe(0); // seek forward
    expect(counter.tick(2)).toBe(0); // seek back
    counter.stop(); // paused at 2 …
    expect(counter.tick(2)).toBe(0); // … resumed later at the same position
    play(counter, 2, 3);
    expect(counter.flush()).toBe(7);
  });

  it("keeps the fraction of a second for the next report", () => {
    const counter = new WatchTimeCounter();
    play(counter, 0, 2.5);
    expect(counter.flush()).toBe(2);
    counter.stop();
    play(counter, 10, 0.5);
    expect(counter.flush()).toBe(1);
  });
});

describe("lead form", () => {
  const valid = { ...emptyLead, name: "Ana Sousa", email: "ana@example.com", consent: true };

  it("asks for name and e-mail first, marking the empty ones", () => {
    expect(validateLead(emptyLead)).toEqual({
      formError: NAME_AND_EMAIL_REQUIRED,
      fieldErrors: { name: "", email: "" },
    });
    expect(validateLead({ ...valid, email: "  " }).fieldErrors).toEqual({ email: "" });
  });

  it("checks the e-mail, the name's length and the consent", () => {
    expect(validateLead(valid)).toEqual({ formError: null, fieldErrors: {} });
    expect(validateLead({ ...valid, email: "ana@" }).fieldErrors).toEqual({
      email: "validation.emailInvalid",
    });
    expect(validateLead({ ...valid, name: " A " }).fieldErrors).toEqual({
      name: "engagement.errors.nameLength",
    });
    expect(validateLead({ ...valid, name: "A".repeat(101) }).fieldErrors.name).toBe(
      "engagement.errors.nameLength",
    );
    expect(validateLead({ ...valid, consent: false }).fieldErrors).toEqual({
      consent: "engagement.errors.consentRequired",
    });
  });

  it("reads the server's field keys with or without the lead. prefix", () => {
    expect(problemsFromServer({ "lead.email": "validation.emailInvalid" }, "validation.invalidForm")).toEqual(
      {
        formError: null,
        fieldErrors: { email: "validation.emailInvalid" },
      },
    );
    expect(problemsFromServer({ name: NAME_AND_EMAIL_REQUIRED }, null)).toEqual({
      formError: NAME_AND_EMAIL_REQUIRED,
      fieldErrors: { name: "" },
    });
  });

  it("sends trimmed values and leaves empty optional fields out", () => {
    expect(leadPayload({ ...valid, name: " Ana Sousa ", phone: " ", company: " Acme " })).toEqual({
      name: "Ana Sousa",
      email: "ana@example.com",
      company: "Acme",
      consent: true,
    });
  });

  it("the news box starts unticked, is sent only when ticked, and the server takes nothing but a boolean", () => {
    expect(emptyLead.marketingConsent).toBe(false);
    expect(leadPayload(valid)).not.toHaveProperty("marketingConsent");
    expect(leadPayload({ ...valid, marketingConsent: true })).toMatchObject({ marketingConsent: true });
    expect(validateLead({ ...valid, marketingConsent: true })).toEqual({ formError: null, fieldErrors: {} });
    expect(leadSchema.safeParse({ ...leadPayload(valid), marketingConsent: "yes" }).success).toBe(false);
    expect(leadSchema.parse(leadPayload(valid)).marketingConsent).toBeUndefined();
  });
});

describe("share links", () => {
  const page = {
    title: "Noite & Dia",
    text: "Fotos de Noite & Dia",
    url: "https://demo.example/player/c1?x=1",
  };
  const tagged = (channel: string) => encodeURIComponent(`https://demo.example/player/c1?x=1&ch=${channel}`);

  it("pre-fills each network's share dialog with the text and the page tagged with that network", () => {
    expect(shareHref("whatsapp", page)).toBe(
      `https://wa.me/?text=${encodeURIComponent("Fotos de Noite & Dia")}%20${tagged("whatsapp")}`,
    );
    expect(shareHref("telegram", page)).toBe(
      `https://t.me/share/url?url=${tagged("telegram")}&text=Fotos%20de%20Noite%20%26%20Dia`,
    );
    expect(shareHref("facebook", page)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${tagged("facebook")}`,
    );
    expect(shareHref("x", page)).toBe(
      `https://x.com/intent/post?text=Fotos%20de%20Noite%20%26%20Dia&url=${tagged("x")}`,
    );
    expect(shareHref("email", page)).toMatch(
      /^mailto:\?subject=Noite%20%26%20Dia&body=Fotos%20de%20Noite%20%26%20Dia%0Ahttps/,
    );
    expect(shareHref("email", page)).toContain(tagged("email"));
  });

  it("tags an address with its channel, replacing an earlier tag", () => {
    expect(taggedUrl("https://a.example/s/abcdefgh12?ch=x", "whatsapp")).toBe(
      "https://a.example/s/abcdefgh12?ch=whatsapp",
    );
    expect(taggedUrl("not a url", "x")).toBe("not a url");
  });
});

describe("request ids", () => {
  it("are v4 UUIDs, also without crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newRequestId()).toMatch(uuid);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      const a = newRequestId();
      expect(a).toMatch(uuid);
      expect(newRequestId()).not.toBe(a);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
