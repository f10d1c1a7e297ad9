import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createCompany, createUser, demoCompanyId, startSession, sql, uniqueEmail } from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #6's analytics end to end: a fan views, likes and downloads a photo through the real
 * player; the company's admin then finds those numbers on the Analytics page (totals, chart,
 * top content, the tables by content, by event and by source, the content list's counters), changes
 * the period with the form and downloads the CSV. The company is this test's own, so its
 * totals are exactly what the fan did.
 */

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A published photo in an event of a fresh company; returns ids and names. */
async function seedPhoto() {
  const suffix = randomUUID().slice(0, 8);
  const companyId = await createCompany("Analytics Co");
  const eventId = randomUUID();
  const eventName = `Analytics Night ${suffix}`;
  const contentId = `e2e-analytics-${suffix}`;
  const title = `Encore photo ${suffix}`;
  await sql(
    `insert into event (id, "companyId", slug, name, "startsAt", status, "isPublic", "updatedAt")
     values ($1, $2, $3, $4, now(), 'published', true, now())`,
    [eventId, companyId, `e2e-analytics-${suffix}`, eventName],
  );
  await sql(
    `insert into content (id, "companyId", title, kind, status, "publishedAt", "updatedAt")
     values ($1, $2, $3, 'single', 'published', now(), now())`,
    [contentId, companyId, title],
  );
  await sql(`insert into content_event ("contentId", "eventId", position) values ($1, $2, 0)`, [
    contentId,
    eventId,
  ]);
  // A real file to download without an upload: one of the demo photos' stored WebP variants
  // (an object no media row uses as its original) becomes this photo's original.
  const [variant] = await sql<{
    key: string;
    bytes: number;
    width: number;
    height: number;
    variants: unknown;
  }>(
    `select v->>'key' as key, (v->>'bytes')::int as bytes, m.width, m.height, m.variants
       from media_file m cross join lateral jsonb_array_elements(m.variants) v
      where m."companyId" = $1 and m.kind = 'photo' and m.state = 'ready' and v->>'format' = 'webp'
        and not exists (select 1 from media_file o where o."storageKey" = v->>'key')
      order by m.id, (v->>'width')::int limit 1`,
    [await demoCompanyId()],
  );
  if (!variant) throw new Error("the demo seed has no photo variant to reuse");
  await sql(
    `insert into media_file (id, "companyId", "contentId", kind, "storageKey", "originalName", "mimeType",
       "sizeBytes", width, height, state, variants, position, "updatedAt")
     values ($1, $2, $3, 'photo', $4, 'encore.webp', 'image/webp', $5, $6, $7, 'ready', $8, 0, now())`,
    [
      randomUUID(),
      companyId,
      contentId,
      variant.key,
      variant.bytes,
      variant.width,
      variant.height,
      JSON.stringify(variant.variants),
    ],
  );
  return { companyId, contentId, title, eventName };
}

async function engagementRows(contentId: string, type: string): Promise<number> {
  const rows = await sql<{ n: number }>(
    `select count(*)::int as n from engagement_event where "contentId" = $1 and type = $2::"EngagementType"`,
    [contentId, type],
  );
  return rows[0]?.n ?? 0;
}

test("a fan's view, like and download show in Analytics, by content and by event, and in the CSV", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { companyId, contentId, title, eventName } = await seedPhoto();

  // ── The fan: opens the player, likes the photo and downloads it.
  const fan = await browser.newContext({ baseURL });
  await skipCookieBanner(fan);
  await setLocale(fan, baseURL!, "en");
  const player = await fan.newPage();
  await player.goto(`/player/${contentId}`);
  await waitForHydration(player);
  await expect.poll(() => engagementRows(contentId, "view")).toBe(1);
  const like = player.getByRole("button", { name: /^Like/ });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  const download = player.waitForEvent("download");
  await player.getByRole("button", { name: "Download", exact: true }).click();
  expect((await download).suggestedFilename()).toBe("encore.webp");
  await expect.poll(() => engagementRows(contentId, "download")).toBe(1);
  await expect.poll(() => engagementRows(contentId, "like")).toBe(1);
  await fan.close();

  // ── The admin: Analytics from the sidebar.
  const organiser = await browser.newContext({ baseURL });
  await skipCookieBanner(organiser);
  await setLocale(organiser, baseURL!, "en");
  const email = uniqueEmail("analytics-admin");
  await createUser({ email, role: "admin", companyId });
  await startSession(organiser, email);
  const page = await organiser.newPage();
  await page.goto("/admin");
  await page.getByRole("link", { name: "Analytics" }).first().click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();

  // The last 30 days by default, and the fan's engagement in the totals.
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "Last 7 days" })).not.toHaveAttribute("aria-current");
  await expect(page.getByTestId("total-views")).toHaveText("1");
  await expect(page.getByTestId("total-uniqueVisitors")).toHaveText("1");
  await expect(page.getByTestId("total-likes")).toHaveText("1");
  await expect(page.getByTestId("total-downloads")).toHaveText("1");
  await expect(page.getByTestId("total-leads")).toHaveText("0");
  await expect(page.getByTestId("media-images")).toHaveText("1");
  await expect(page.getByTestId("media-videos")).toHaveText("0");

  // The chart is one image with a summary; its numbers are in a table behind "Show the numbers".
  await expect(page.getByRole("img", { name: /Views: 1 in total/ })).toBeVisible();
  await page.getByText("Show the numbers").click();
  await expect(page.getByRole("region", { name: "Show the numbers" }).getByRole("row")).toHaveCount(31);

  // Top content links to the content; the table by content has its row.
  await expect(page.getByTestId("analytics-top-content").getByRole("link", { name: title })).toHaveAttribute(
    "href",
    `/admin/content/${contentId}`,
  );
  const rows = page.getByTestId("analytics-row");
  await expect(page.getByRole("heading", { level: 2, name: "By content" })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("rowheader")).toHaveText(title);
  await expect(rows.first()).toContainText("Single content");

  // The CSV of what is shown: a download, text/csv, the header row and the content.
  const csvLink = page.getByRole("link", { name: "Download CSV" });
  const href = (await csvLink.getAttribute("href"))!;
  expect(href).toMatch(
    /^\/api\/admin\/analytics\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&by=content$/,
  );
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
  const [csvDownload] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
  const csv = (await readFile((await csvDownload.path())!, "utf8")).replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split(/\r?\n/);
  expect(lines[0]).toMatch(/^content_id,content,.*views/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`${contentId},${title},`);

  // By event: the event's row sums its content.
  await page.getByLabel("Breakdown", { exact: true }).selectOption("event");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]by=event/);
  await expect(page.getByRole("heading", { level: 2, name: "By event" })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole("rowheader")).toHaveText(eventName);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", /by=event$/);

  // By source: the fan opened the player directly, so one row, "Direct", with its figures;
  // the CSV by source has the contract's header and that row.
  await page.getByLabel("Breakdown", { exact: true }).selectOption("source");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]by=source/);
  await expect(page.getByRole("heading", { level: 2, name: "By source" })).toBeVisible();
  const sourceRows = page.getByTestId("analytics-source-row");
  await expect(sourceRows).toHaveCount(1);
  await expect(sourceRows.first().getByRole("rowheader")).toHaveText("Direct");
  await expect(sourceRows.first().getByRole("cell")).toHaveText(["100%", "1", "1", "1", "0", "1", "0"]);
  const sourceCsvHref = (await page.getByRole("link", { name: "Download CSV" }).getAttribute("href"))!;
  expect(sourceCsvHref).toMatch(/by=source$/);
  const sourceCsv = (await (await page.request.get(sourceCsvHref)).text()).replace(/^\uFEFF/, "");
  expect(sourceCsv.trimEnd().split(/\r?\n/)).toEqual([
    "source,label,views,unique_visitors,likes,shares,downloads,leads",
    "direct,direct,1,1,1,0,1,0",
  ]);
  await page.getByLabel("Breakdown", { exact: true }).selectOption("event");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]by=event/);

  // Another period through the form: the last 7 days is that quick period. The server reads
  // its own clock: a run that crosses 00:00 UTC between typing and checking types again.
  await expect(async () => {
    const [from, to] = [daysAgo(6), today()];
    await page.getByLabel("From (UTC)", { exact: true }).fill(from);
    await page.getByLabel("To (UTC)", { exact: true }).fill(to);
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}&by=event`));
    await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "true", {
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("analytics-period")).toContainText("7 days");
  await expect(page.getByTestId("total-likes")).toHaveText("1");

  // A period without engagement: zeros and a note; a start after the end: an error.
  await page.getByLabel("From (UTC)", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To (UTC)", { exact: true }).fill("2020-01-31");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No engagement in this period yet.", { exact: false })).toBeVisible();
  await expect(page.getByTestId("total-views")).toHaveText("0");
  await page.goto("/admin/analytics?from=2020-02-01&to=2020-01-01");
  await expect(
    page.getByRole("alert").filter({ hasText: "The start date is after the end date." }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "true");
  // The form keeps what was typed and points at the error.
  const from = page.getByLabel("From (UTC)", { exact: true });
  await expect(from).toHaveValue("2020-02-01");
  await expect(from).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("To (UTC)", { exact: true })).toHaveValue("2020-01-01");

  // The content list counts the same engagement (all time).
  await page.goto("/admin/content");
  const counters = page.getByRole("row", { name: new RegExp(title) }).getByTestId("content-engagement");
  for (const text of ["1 view", "1 like", "1 download", "0 leads"])
    await expect(counters).toContainText(text);
  await organiser.close();
});
