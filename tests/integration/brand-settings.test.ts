import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeLogo, updateBranding, updateLegalTexts } from "@/lib/features/brand/update-branding";
import { sweepMedia } from "@/lib/surfaces/workers/sweep";
import { processMedia } from "@/lib/platform/media/process-media";
import { lookupLogo, mediaResponse } from "@/lib/surfaces/public-site/media-access";
import { resolveLogoKey } from "@/lib/surfaces/public-site/resolve-media-object";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { mediaTestEnv, rejection, uploadFile, type MediaTestEnv } from "./support/media";
import { auditRows, createTenant, type Tenant } from "./support/tenants";

// Settings → Branding and Legal texts in lib/ (issue #14): the `company-logo` upload target
// through the real pipeline, the plan gate, tenancy, the logo's public rendition.

let env: MediaTestEnv;
let pro: Tenant;
let starter: Tenant;
let photo: Buffer;

beforeAll(async () => {
  env = await mediaTestEnv();
  pro = await createTenant(env.db, { plan: "professional" });
  starter = await createTenant(env.db, { plan: "starter" });
  // A JPEG carrying GPS in its EXIF, as a phone's camera writes it.
  photo = await sharp(await generatePhoto({ seed: 7, theme: "festival", width: 400, height: 400 }))
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 9/1 0/1" } })
    .jpeg()
    .toBuffer();
});
afterAll(() => env?.close());

async function uploadLogo(company: Tenant, role: "admin" | "manager" = "admin") {
  const { created } = await uploadFile(company.as(role), {
    fileName: "logo.jpg",
    contentType: "image/jpeg",
    bytes: photo,
    target: { type: "company-logo" },
  });
  return created.id;
}

const company = (t: Tenant) => env.db.company.findUniqueOrThrow({ where: { id: t.id } });

describe("logo upload (target company-logo)", () => {
  it("uploads through the pipeline, becomes the logo when saved, and fans get an EXIF-free rendition", async () => {
    const mediaId = await uploadLogo(starter);
    const media = await env.db.mediaFile.findUniqueOrThrow({ where: { id: mediaId } });
    expect(media).toMatchObject({
      companyId: starter.id,
      contentId: null,
      kind: "photo",
      state: "processing",
    });
    expect((await company(starter)).logoKey).toBeNull(); // not before the form is saved

    // The logo is every plan's basic identity: a Starter admin may save it.
    await updateBranding(starter.as("admin"), { logoMediaId: mediaId });
    expect((await company(starter)).logoKey).toBe(media.storageKey);
    // Not verified and processed yet: nothing is served.
    expect(await resolveLogoKey(starter.id)).toBeNull();

    await processMedia(mediaId);
    const served = await resolveLogoKey(starter.id);
    expect(served).toMatch(/\.webp$/);
    expect(served).not.toBe(media.storageKey);
    const bytes = Buffer.from(await env.store.getBytes(served!));
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    // The original did carry EXIF (so the assertion above can fail).
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    // Fans get those bytes from the page's own origin (the header of every tenant page), not a
    // redirect and a second connection to the store; a conditional request gets 304.
    const answer = await mediaResponse(await lookupLogo(starter.id));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = answer.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = new Request("http://localhost/", { headers: { "if-none-match": etag } });
    expect((await mediaResponse(await lookupLogo(starter.id), again)).status).toBe(304);

    expect(await auditRows(env.db, starter.id, "admin_privileged_action")).toContainEqual(
      expect.objectContaining({ details: expect.objectContaining({ operation: "branding_updated" }) }),
    );
  });

  it("refuses a file that is not an image with the upload's own message, and a manager", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const notImage = await rejection(
      uploadFile(pro.as("admin"), {
        fileName: "logo.pdf",
        contentType: "application/pdf",
        bytes: pdf,
        target: { type: "company-logo" },
      }),
    );
    expect(notImage).toMatchObject({ code: "validation", messageKey: "settings.branding.logo.mustBeImage" });
    expect(await rejection(uploadLogo(pro, "manager"))).toMatchObject({ code: "forbidden" });
  });

  it("replacing the logo deletes the old one; the sweep keeps the logo in use", async () => {
    const first = await uploadLogo(pro);
    await updateBranding(pro.as("admin"), { logoMediaId: first });
    const second = await uploadLogo(pro);
    await updateBranding(pro.as("admin"), { logoMediaId: second });
    expect(await env.db.mediaFile.findUnique({ where: { id: first } })).toBeNull();
    const secondRow = await env.db.mediaFile.findUniqueOrThrow({ where: { id: second } });
    expect((await company(pro)).logoKey).toBe(secondRow.storageKey);

    await sweepMedia({
      now: new Date(Date.now() + 2 * 24 * 3600_000),
      giveUpProcessingMs: 7 * 24 * 3600_000,
    });
    expect(await env.db.mediaFile.findUnique({ where: { id: second } })).not.toBeNull();
  });

  it("an admin cannot take another company's upload as their logo", async () => {
    const theirs = await uploadLogo(pro);
    const before = await company(starter);
    const refused = await rejection(updateBranding(starter.as("admin"), { logoMediaId: theirs }));
    expect(refused).toMatchObject({ code: "validation", messageKey: "settings.branding.logo.invalid" });
    expect(await company(starter)).toEqual(before);
    expect(await env.db.mediaFile.findUnique({ where: { id: theirs } })).not.toBeNull();
  });

  it("removes the logo and its files", async () => {
    const mediaId = await uploadLogo(pro);
    await updateBranding(pro.as("admin"), { logoMediaId: mediaId });
    const key = (await company(pro)).logoKey!;
    await removeLogo(pro.as("admin"));
    expect((await company(pro)).logoKey).toBeNull();
    expect(await env.db.mediaFile.findUnique({ where: { id: mediaId } })).toBeNull();
    expect(await env.store.size(key)).toBeNull();
    expect(await rejection(removeLogo(pro.as("manager")))).toMatchObject({ code: "forbidden" });
  });
});

describe("colours, light/dark behaviour and template", () => {
  it("saves them for a company whose plan includes custom branding", async () => {
    await updateBranding(pro.as("admin"), {
      brandColor: "#FFD166",
      accentColor: "",
      colorScheme: "dark",
      template: "stage",
    });
    expect(await company(pro)).toMatchObject({
      brandColor: "#ffd166",
      accentColor: null,
      colorScheme: "dark",
      template: "stage",
    });
  });

  it("refuses them on Starter with the plan gate's error, even from a forged form, changing nothing", async () => {
    const before = await company(starter);
    for (const forged of [{ brandColor: "#112233" }, { template: "editorial" }, { colorScheme: "light" }]) {
      const refused = await rejection(updateBranding(starter.as("admin"), forged));
      expect(refused).toMatchObject({
        code: "forbidden",
        messageKey: "plans.errors.feature",
        values: expect.objectContaining({ feature: "customBranding", required: "professional" }),
      });
    }
    expect(await company(starter)).toEqual(before);
  });

  it("refuses an invalid colour with a field error; a manager may not change branding", async () => {
    const before = await company(pro);
    const invalid = await rejection(updateBranding(pro.as("admin"), { brandColor: "orange" }));
    expect(invalid).toMatchObject({ code: "validation" });
    expect(await rejection(updateBranding(pro.as("manager"), { brandColor: "#000000" }))).toMatchObject({
      code: "forbidden",
    });
    expect(await company(pro)).toEqual(before);
  });
});

describe("legal texts", () => {
  it("stores each company's own texts as typed; empty is the platform's", async () => {
    await updateLegalTexts(starter.as("admin"), {
      termsText: "# Termos\n\nTexto **nosso**.",
      privacyText: "",
    });
    expect(await company(starter)).toMatchObject({
      termsText: "# Termos\n\nTexto **nosso**.",
      privacyText: null,
    });
    expect((await company(pro)).termsText).toBeNull();
    const long = await rejection(
      updateLegalTexts(starter.as("admin"), { termsText: "x".repeat(20_001), privacyText: "" }),
    );
    expect(long).toMatchObject({ code: "validation" });
    expect(
      await rejection(updateLegalTexts(starter.as("manager"), { termsText: "", privacyText: "" })),
    ).toMatchObject({
      code: "forbidden",
    });
    expect((await company(starter)).termsText).toBe("# Termos\n\nTexto **nosso**.");
  });
});
