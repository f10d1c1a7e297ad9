import { adminOfNewCompany, createCompany, createUser, startSession, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import { slugify } from "@/lib/platform/site/slug";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { loadVideoFixture } from "@/scripts/lib/demo-video";

/**
 * Issue #5's end-to-end flow: an organiser creates an event, drops 20 photos and a video
 * into a new gallery, watches the uploads reach 100 %, publishes, and the photos appear on
 * the public event page with responsive `srcset`s.
 */

test("create an event, drop 20 photos and a video into a gallery, publish, see them on the public page", async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(420_000);
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseURL! }]);
  const photos = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => ({
      name: `stage-${String(i + 1).padStart(2, "0")}.jpg`,
      mimeType: "image/jpeg",
      buffer: await generatePhoto({ seed: 5000 + i, theme: "festival", width: 1400, height: 933 }),
    })),
  );
  const video = { name: "aftermovie.mp4", mimeType: "video/mp4", buffer: (await loadVideoFixture()).mp4 };

  // A company of its own (Starter plan): the demo tenant's pages are asserted by other specs
  // running in parallel, and admin accounts keep at most 2 sessions.
  const email = uniqueEmail("gallery-admin");
  const companyId = await createCompany("Gallery Night Co");
  await createUser({ email, role: "admin", companyId });
  await startSession(context, email);

  // 1. The event.
  const name = `Gallery Night ${Date.now()}`;
  const slug = slugify(name);
  await page.goto("/admin/events/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await expect(page.getByLabel("URL", { exact: true })).toHaveValue(slug);
  await page.getByLabel("Date", { exact: true }).fill("2026-12-12");
  await page.getByLabel("Time", { exact: true }).fill("21:30");
  await page.getByLabel("Location", { exact: true }).fill("Coliseu do Porto");
  await expect(page.getByLabel(/^Public/)).toBeChecked();
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(page).toHaveURL(/\/admin\/events\/(?!new)[^/?]+$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Published with the control shared with contents (issue #18).
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: fans can see it now")).toBeVisible();
  await expect(page.getByTestId("publish-control")).toHaveAttribute("data-status", "published");

  // 2. A photo gallery for it, with 21 files dropped before saving: a photo gallery takes photos
  // only (issue #18), so the video is refused there and then, the 20 photos wait for the save.
  await page.getByRole("link", { name: "Add a gallery" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/new/);
  await page.getByLabel("Title", { exact: true }).fill(`${name} — photos`);
  await expect(page.getByRole("checkbox", { name: new RegExp(name) })).toBeChecked();
  await page.locator('input[type="file"]').setInputFiles([...photos, video]);
  await expect(page.getByText("“aftermovie.mp4” was not uploaded")).toBeVisible();
  await expect(page.getByText("20 files upload once the content is created")).toBeVisible();
  await page.getByRole("button", { name: "Create and upload" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/(?!new)[^/?]+$/, { timeout: 30_000 });

  // 3. Progress: per file and overall, up to 100 %.
  const overall = page.getByRole("progressbar", { name: "Overall progress" });
  await expect(overall).toBeVisible();
  await expect(page.getByTestId("overall-progress")).toHaveText("100%", { timeout: 180_000 });
  await expect(overall).toHaveAttribute("aria-valuenow", "100");
  await expect(page.locator('[data-testid="upload-item"][data-status="done"]')).toHaveCount(20);

  // 4. Processing: every file becomes ready (renditions, poster).
  await expect(page.locator('[data-testid="media-item"]')).toHaveCount(20, { timeout: 60_000 });
  await expect(page.locator('[data-testid="media-item"][data-state="ready"]')).toHaveCount(20, {
    timeout: 240_000,
  });

  // 5. Publish.
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Published: fans can see it now")).toBeVisible();

  // 6. The public event page shows the photos, each with renditions of several widths.
  // Under the company: an event made now has no company-less address (lib/features/events/global-slug.ts).
  await page.goto(`/e2e-${companyId.slice(0, 8)}/evento/${slug}`);
  const pictures = page.locator("picture:has(source[type='image/webp'])");
  await expect.poll(() => pictures.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
  // Renditions below the fold load as the fan scrolls (50 px before they enter the view):
  // bring each picture into view and wait until its sources are set.
  const shown = await pictures.count();
  for (let i = 0; i < shown; i += 1) {
    const picture = pictures.nth(i);
    await picture.locator("img").scrollIntoViewIfNeeded();
    await expect(picture.locator("source[type='image/webp']")).toHaveAttribute("srcset", /\d+w/);
  }
  const responsive = page.locator("picture source[type='image/webp'][srcset]");
  await expect.poll(() => responsive.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
  const srcsets = await responsive.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("srcset") ?? ""));
  const widths = (srcset: string) => new Set([...srcset.matchAll(/\s(\d+)w(?:,|$)/g)].map((m) => m[1]));
  expect(srcsets.filter((s) => widths(s).size >= 2).length).toBeGreaterThanOrEqual(20);
});

test("a title pasted past its limit is counted, refused with the field's error, and kept", async ({
  page,
  context,
}) => {
  await adminOfNewCompany(context, "Long Titles Co");
  await page.goto("/admin/content/new");
  const title = page.getByLabel("Title", { exact: true });
  // Close to the limit the count appears; nothing is cut, as maxLength did silently.
  await title.fill("a".repeat(185));
  await expect(page.getByText("185 of 200 characters")).toBeVisible();
  const long = `${"Nova Noite ao Vivo ".repeat(11)}`; // 209 characters
  await title.fill(long);
  await expect(title).toHaveValue(long);
  await expect(page.getByText("209 characters: at most 200. Shorten it to save.")).toBeVisible();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(title).toHaveAccessibleDescription(/Text is too long/);
  await expect(page).toHaveURL(/\/admin\/content\/new/);
  await expect(title).toHaveValue(long);
  await expect(title).toHaveAttribute("aria-invalid", "true");
});
