import { randomBytes } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "./axe";
import {
  adminOfNewCompany,
  createPublishedGallery,
  createUser,
  demoCompanyId,
  sql,
  startSession,
  uniqueEmail,
} from "./auth-support";
import { expect, test } from "./fixtures";
import { newFanContext, setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";

/**
 * Issue #17's attribution loop: a fan arrives through a WhatsApp-tagged link, another (a fresh
 * browser) through a labelled QR code's short link; each likes the acoustic night's set list
 * and leaves a lead for it. Each visit's source is stored on the engagement rows and the lead;
 * the organiser's CSV by source (ANALYTICS, issue #16/#17) and the leads CSV's source column
 * then show them. The QR code is new for this run, so its figures are exact.
 */
const EVENT_PATH = "/demo/evento/noite-acustica";
const PLAYER_PATH = "/player/seed-noite-acustica-alinhamento";
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const randomCode = () => [...randomBytes(10)].map((b) => ALPHABET[b & 31]).join("");

async function likeAndLeaveLead(page: Page, email: string): Promise<void> {
  await page.goto(PLAYER_PATH);
  await waitForHydration(page);
  const like = page.getByRole("button", { name: /^Like/ });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Download the file" });
  await dialog.getByLabel("Name", { exact: true }).fill("Attributed Fan");
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByRole("checkbox", { name: /privacy policy/ }).check();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await download;
}

const fan = (browser: Browser, baseURL: string) => newFanContext(browser, baseURL, { touch: false });

const sourceOfLead = async (email: string) =>
  (await sql<{ source: string | null }>(`select source from lead where email = $1`, [email]))[0]?.source;

test("visits through a WhatsApp link and a QR code are attributed to their source", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const companyId = await demoCompanyId();
  const [event] = await sql<{ id: string }>(`select id from event where slug = 'noite-acustica'`);
  const qrId = `e2eqr${randomBytes(6).toString("hex")}`;
  const qrLabel = `Entrance ${qrId.slice(-4)}`;
  const qrCode = randomCode();
  // The QR code as the organiser's panel creates it (the demo company is on Starter, and the
  // panel itself is covered by the integration tests; here the fan's side is what matters).
  await sql(
    `insert into short_link (id, code, "companyId", "eventId", label, "labelKey") values ($1, $2, $3, $4, $5, lower($5))`,
    [qrId, qrCode, companyId, event!.id, qrLabel],
  );
  const whatsappEmail = uniqueEmail("whatsapp-fan");
  const qrEmail = uniqueEmail("qr-fan");

  // ── Fan 1: the WhatsApp-tagged address a share produces; later pages are untagged.
  const one = await fan(browser, baseURL!);
  const page1 = await one.newPage();
  await page1.goto(`${EVENT_PATH}?ch=whatsapp`);
  await expect(page1.getByRole("heading", { level: 1 })).toBeVisible();
  await likeAndLeaveLead(page1, whatsappEmail);
  await one.close();

  // ── Fan 2: scans the QR code (its short link), lands on the event page.
  const two = await fan(browser, baseURL!);
  const page2 = await two.newPage();
  await page2.goto(`/s/${qrCode}`);
  await expect(page2).toHaveURL(new RegExp(`${EVENT_PATH}$`));
  await likeAndLeaveLead(page2, qrEmail);
  await two.close();

  // Each lead carries the source of the visit that produced it.
  await expect.poll(() => sourceOfLead(whatsappEmail)).toBe("ch:whatsapp");
  await expect.poll(() => sourceOfLead(qrEmail)).toBe(`qr:${qrId}`);
  const qrRows = await sql<{ type: string; n: string }>(
    `select type::text, count(*)::text as n from engagement_event where source = $1 group by type order by type`,
    [`qr:${qrId}`],
  );
  // The scan itself is counted at the redirect (once), apart from the visit's view.
  expect(Object.fromEntries(qrRows.map((r) => [r.type, Number(r.n)]))).toMatchObject({
    scan: 1,
    view: 1,
    like: 1,
    lead: 1,
  });

  // ── The organiser's reports: the CSV by source and the leads' source.
  const organiser = await browser.newContext({ baseURL });
  const managerEmail = uniqueEmail("attribution-manager");
  await createUser({ email: managerEmail, role: "manager", companyId });
  await startSession(organiser, managerEmail);
  const day = new Date().toISOString().slice(0, 10);
  const bySource = await organiser.request.get(`/api/admin/analytics.csv?by=source&from=${day}&to=${day}`);
  const csv = (await bySource.text()).replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trimEnd().split(/\r?\n/);
  expect(header).toBe("source,label,views,unique_visitors,likes,shares,downloads,leads");
  const rows = new Map(lines.map((line) => [line.split(",")[0]!, line.split(",")]));
  const qr = rows.get(`qr:${qrId}`);
  expect(qr).toBeDefined();
  expect(qr![1]).toBe(`QR · ${qrLabel}`);
  expect(qr!.slice(2).map(Number)).toEqual([1, 1, 1, 0, 1, 1]);
  const whatsapp = rows.get("ch:whatsapp");
  expect(whatsapp?.[1]).toBe("WhatsApp");
  expect(Number(whatsapp![2])).toBeGreaterThanOrEqual(1);
  expect(Number(whatsapp![7])).toBeGreaterThanOrEqual(1);

  for (const [email, label] of [
    [whatsappEmail, "WhatsApp"],
    [qrEmail, `QR · ${qrLabel}`],
  ] as const) {
    const leads = await organiser.request.get(`/api/admin/leads.csv?q=${encodeURIComponent(email)}`);
    const [leadHeader, leadLine] = (await leads.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(leadHeader!.split(",")).toContain("source");
    expect(leadLine).toContain(label);
  }
  await organiser.close();
});

test("the share menu works by keyboard, tags each network, and passes axe", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await skipCookieBanner(context);
  await setLocale(context, baseURL!, "en");
  const page = await context.newPage();
  await page.goto(PLAYER_PATH);
  await waitForHydration(page);
  const share = page.getByRole("button", { name: "Share", exact: true });
  await share.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  const items = menu.getByRole("menuitem");
  await expect(items).toHaveText(["Copy link", "WhatsApp", "Telegram", "Facebook", "X", "E-mail"]);
  for (const channel of ["whatsapp", "telegram", "facebook", "x", "email"]) {
    const href = decodeURIComponent(
      (await menu.locator(`[data-channel="${channel}"]`).getAttribute("href"))!,
    );
    expect(href).toContain(`${PLAYER_PATH}?ch=${channel}`);
  }
  expect(
    decodeURIComponent((await menu.locator('[data-channel="whatsapp"]').getAttribute("href"))!),
  ).toContain("photos and videos");
  // Opened by keyboard, the menu focuses its first item; arrows move through them.
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.nth(1)).toBeFocused();
  // End/Home jump; the arrows wrap around (the menu is our own since issue #16, not Radix's).
  await page.keyboard.press("End");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(items.first()).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(items.first()).toBeFocused();
  await expect(share).toHaveAttribute("aria-expanded", "true");
  expect(await axeViolations(page, '[role="menu"]')).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(share).toBeFocused();
  await expect(share).toHaveAttribute("aria-expanded", "false");
  // ArrowUp on the button opens the menu at its last item; Tab leaves and closes it.
  await page.keyboard.press("ArrowUp");
  await expect(items.last()).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(menu).toBeHidden();
  // A click outside closes it too.
  await share.click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(menu).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test("a QR code's scans are counted at the scan and shown in the organiser's QR panel", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A company of its own on Professional (QR codes are a Professional feature; the demo is Starter).
  const organiser = await browser.newContext({ baseURL });
  await skipCookieBanner(organiser);
  const { companyId } = await adminOfNewCompany(organiser, "QR Scans");
  await sql(`update company set plan = 'professional' where id = $1`, [companyId]);
  const { eventId, publicPath } = await createPublishedGallery(companyId, "Scan night");
  const qrId = `e2eqr${randomBytes(6).toString("hex")}`;
  const qrCode = randomCode();
  await sql(
    `insert into short_link (id, code, "companyId", "eventId", label, "labelKey") values ($1, $2, $3, $4, 'Poster', 'poster')`,
    [qrId, qrCode, companyId, eventId],
  );

  // One fan scans twice (the poster, then the flyer's copy of it) and opens the event; another once.
  const first = await fan(browser, baseURL!);
  const firstPage = await first.newPage();
  for (let i = 0; i < 2; i++) {
    await firstPage.goto(`/s/${qrCode}`);
    await expect(firstPage).toHaveURL(new RegExp(`${publicPath}$`));
  }
  await first.close();
  const second = await fan(browser, baseURL!);
  const secondPage = await second.newPage();
  await secondPage.goto(`/s/${qrCode}`);
  await expect(secondPage).toHaveURL(new RegExp(`${publicPath}$`));
  await second.close();

  const page = await organiser.newPage();
  await page.goto(`/admin/events/${eventId}`);
  const code = page.getByTestId("qr-code").filter({ hasText: "Poster" });
  await expect(code.getByTestId("qr-scans")).toHaveText("2 scans");
  await organiser.close();
});

test("after a downgrade the organiser still manages the QR codes already printed, and creates no new one", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const organiser = await browser.newContext({ baseURL });
  await skipCookieBanner(organiser);
  const { companyId } = await adminOfNewCompany(organiser, "QR Downgrade");
  const { eventId, publicPath } = await createPublishedGallery(companyId, "Poster night");
  const qrCode = randomCode();
  // Made on Professional, then the plan dropped back to Starter (new companies start there).
  await sql(
    `insert into short_link (id, code, "companyId", "eventId", label, "labelKey") values ($1, $2, $3, $4, 'Poster', 'poster')`,
    [`e2eqr${randomBytes(6).toString("hex")}`, qrCode, companyId, eventId],
  );

  const scan = await fan(browser, baseURL!);
  const scanPage = await scan.newPage();
  await scanPage.goto(`/s/${qrCode}`);
  await expect(scanPage).toHaveURL(new RegExp(`${publicPath}$`));
  await scan.close();

  const page = await organiser.newPage();
  await page.goto(`/admin/events/${eventId}`);
  await waitForHydration(page);
  const panel = page.getByTestId("qr-codes");
  await expect(panel.getByText("Your plan no longer includes new QR codes.", { exact: false })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Create QR code" })).toHaveCount(0);
  const code = page.getByTestId("qr-code").filter({ hasText: "Poster" });
  await expect(code.getByTestId("qr-scans")).toHaveText("1 scan");
  await expect(code.getByRole("link", { name: "SVG" })).toHaveAttribute("href", /format=svg&download=1$/);
  expect(await axeViolations(page)).toEqual([]);

  await code.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog").or(page.getByRole("dialog"));
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("QR code deleted.")).toBeVisible();
  await expect(page.getByTestId("qr-code")).toHaveCount(0);
  // With nothing left to manage, the panel is the plain pointer to the plans.
  await expect(page.getByTestId("qr-locked")).toContainText(
    "Labelled QR codes come with the Professional plan",
  );
  await organiser.close();
});
