import { readFile } from "node:fs/promises";
import { axeLightAndDark } from "./axe";
import {
  adminOfNewCompany,
  createPublishedGallery,
  readMail,
  sql,
  uniqueEmail,
  uploadPhotos,
} from "./auth-support";
import { expect, test } from "./fixtures";
import { setLocale, skipCookieBanner, waitForHydration } from "./public-helpers";
import { readZip } from "../support/zip-reader";

/**
 * Issue #36, "favourites survive a new device through the e-mail", through the real UI: on
 * device A a fan hearts two of three photos and asks for the link from "My favourites"; the
 * e-mail arrives in the outbox; device B (a fresh browser context, no cookie, no storage) opens
 * it and lands on "My favourites" with the same two, and downloads exactly them. The organiser's
 * analytics list the gallery's most-favourited photos, the fan counted once. Axe, light and dark,
 * on the link form, on device B's favourites view and on the analytics page.
 */
test("a fan's favourites reach another device through the e-mailed link", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { companyId } = await adminOfNewCompany(context, "Favourites Link Co");
  const { contentId } = await createPublishedGallery(companyId, "Link Night");
  const [company] = await sql<{ slug: string }>(`select slug from company where id = $1`, [companyId]);

  // The organiser's analytics before any favourite: the empty state.
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { name: "Most-favourited photos" })).toBeVisible();
  await expect(page.getByText(/No favourites yet/)).toBeVisible();

  await page.goto(`/admin/content/${contentId}`);
  await uploadPhotos(page, contentId, 3, 4200);

  // Device A: heart the first and the third photo, then ask for the link.
  const deviceA = await browser.newContext({ baseURL });
  await skipCookieBanner(deviceA);
  await setLocale(deviceA, baseURL!, "en");
  const a = await deviceA.newPage();
  await expect
    .poll(
      async () => {
        await a.goto(`/${company!.slug}/player/${contentId}`);
        return a.getByRole("list", { name: "Thumbnails" }).getByRole("button").count();
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  await waitForHydration(a);
  const heartA = a.getByRole("button", { name: "Favourite", exact: true });
  await heartA.click();
  await expect(heartA).toHaveAttribute("aria-pressed", "true");
  await a.getByRole("list", { name: "Thumbnails" }).getByRole("button").nth(2).click();
  await heartA.click();
  const onlyA = a.getByRole("button", { name: /My favourites/ });
  await expect(onlyA).toHaveText("My favourites (2)");
  await onlyA.click();
  const open = a.getByRole("button", { name: "Get my favourites on another device" });
  await open.click();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  const form = a.getByTestId("favourites-link-form");
  // Refused without consent, said next to the box.
  const email = uniqueEmail("fan-favourites");
  await form.getByRole("textbox", { name: "E-mail" }).fill(email);
  await form.getByRole("button", { name: "Send me the link" }).click();
  await expect(
    form.getByText("Please agree that your e-mail address is used to send you the link."),
  ).toBeVisible();
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Send me the link" }).click();
  await expect(form.getByRole("status")).toContainText(`Check the inbox of ${email}`);
  await axeLightAndDark(a);

  // The e-mail: the gallery's page, the token in the fragment, no address in the URL.
  const mail = await readMail(email, "Your favourites from");
  expect(mail.subject).toBe("Your favourites from Link Night gallery");
  const link = new URL(mail.link);
  expect(link.pathname).toBe(`/${company!.slug}/player/${contentId}`);
  expect(link.hash).toMatch(/^#favourites=[A-Za-z0-9._-]+$/);
  expect(mail.link).not.toContain(email);

  // Device B: a fresh browser opens the link and sees the same two favourites.
  const deviceB = await browser.newContext({ baseURL });
  await skipCookieBanner(deviceB);
  await setLocale(deviceB, baseURL!, "en");
  const b = await deviceB.newPage();
  await b.goto(`${link.pathname}${link.hash}`);
  await waitForHydration(b);
  const onlyB = b.getByRole("button", { name: /My favourites/ });
  await expect(onlyB).toHaveText("My favourites (2)");
  await expect(onlyB).toHaveAttribute("aria-pressed", "true");
  await expect(b.getByRole("list", { name: "Thumbnails" }).getByRole("button")).toHaveCount(2);
  // The token left the address bar.
  expect(new URL(b.url()).hash).toBe("");
  await axeLightAndDark(b);
  const download = b.waitForEvent("download");
  await b.getByRole("button", { name: "Download my favourites" }).click();
  const zip = readZip(await readFile((await (await download).path())!));
  expect(zip.map((entry) => entry.name).sort()).toEqual(["photo-1.jpg", "photo-3.jpg"]);

  // Opened again (or reloaded): still two, nothing doubled.
  await b.goto(`${link.pathname}${link.hash}`);
  await waitForHydration(b);
  await expect(b.getByRole("button", { name: /My favourites/ })).toHaveText("My favourites (2)");
  const [rows] = await sql<{ n: number }>(`select count(*)::int as n from favourite where "contentId" = $1`, [
    contentId,
  ]);
  expect(rows!.n).toBe(4);

  // The organiser: the gallery's most-favourited photos, the fan counted once on two devices.
  await page.goto("/admin/analytics");
  const section = page.getByTestId("analytics-favourites");
  await expect(section.getByRole("link", { name: "Link Night gallery" })).toBeVisible();
  await expect(section).toContainText("1 fan · 2 favourites");
  await axeLightAndDark(page);
  await deviceA.close();
  await deviceB.close();
});
