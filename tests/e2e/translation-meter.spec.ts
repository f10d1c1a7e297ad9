import { randomUUID } from "node:crypto";
import { sourceHash } from "@/lib/features/translation/fields";
import { allowanceResetsAt, usageMonthKey } from "@/lib/features/translation/allowance";
import { adminOfNewCompany, createPublishedGallery, sql } from "./auth-support";
import { axeLightAndDark } from "./axe";
import { expect, test } from "./fixtures";

/**
 * The monthly automatic-translation meter on Settings → Languages (issue #34, row 14): used
 * of the allowance, a named progress bar, the reset date, and — used up — why texts wait and
 * the way to a larger plan. The month's usage is written straight into `translation_usage`.
 */

/** Starter's allowance (`PLANS.starter.translationCharsPerMonth`; the plan table reads the env). */
const STARTER = 30_000;

const setUsage = (companyId: string, characters: number) =>
  sql(
    `insert into translation_usage ("companyId", month, characters, "updatedAt") values ($1, $2::date, $3, now())`,
    [companyId, usageMonthKey(new Date()), characters],
  );

const resetDate = () =>
  new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }).format(allowanceResetsAt(new Date()));

test("shows this month's characters against the plan's allowance and when it starts again", async ({
  page,
  context,
}) => {
  const { companyId } = await adminOfNewCompany(context, "Meter Co");
  await setUsage(companyId, STARTER / 4);
  await page.goto("/admin/settings/languages");
  const meter = page.getByRole("region", { name: "Automatic translation this month" });
  await expect(meter.getByTestId("translation-meter-used")).toHaveText(
    `${(STARTER / 4).toLocaleString("en")} of ${STARTER.toLocaleString("en")} characters used`,
  );
  const bar = meter.getByRole("progressbar", { name: "Translation characters used this month" });
  await expect(bar).toHaveAttribute("aria-valuenow", "25");
  await expect(meter).toContainText(`The allowance starts again on ${resetDate()}.`);
  await expect(meter.getByTestId("translation-meter-exhausted")).toHaveCount(0);
  await axeLightAndDark(page);
});

test("used up: says texts wait until the reset, links to a larger plan, and the version shows why", async ({
  page,
  context,
}) => {
  const { companyId } = await adminOfNewCompany(context, "Meter Full Co");
  await setUsage(companyId, STARTER);
  const { eventId } = await createPublishedGallery(companyId, "Meter Night");
  const source = "Uma noite de música ao vivo.";
  await sql(`update event set description = $1 where id = $2`, [source, eventId]);
  await sql(
    `insert into text_translation (id, "companyId", entity, "entityId", field, locale, origin, state, "sourceHash", error, "updatedAt")
     values ($1, $2, 'event', $3, 'description', 'en', 'automatic', 'pending', $4, 'translation.errors.allowanceExhausted', now())`,
    [randomUUID(), companyId, eventId, sourceHash(source, "pt")],
  );

  await page.goto("/admin/settings/languages");
  const meter = page.getByRole("region", { name: "Automatic translation this month" });
  await expect(
    meter.getByRole("progressbar", { name: "Translation characters used this month" }),
  ).toHaveAttribute("aria-valuenow", "100");
  const exhausted = meter.getByTestId("translation-meter-exhausted");
  await expect(exhausted).toContainText(
    `This month's allowance is used up: new and changed texts are not translated automatically until ${resetDate()}.`,
  );
  await expect(exhausted).toContainText("1 text is waiting for the allowance.");
  const upgrade = exhausted.getByRole("link", { name: "Upgrade your plan for a larger allowance" });
  await expect(upgrade).toHaveAttribute("href", /\/admin\/subscription$/);
  await axeLightAndDark(page);

  // Next to the field: the version says it waits for the allowance, and can be typed by hand.
  await page.goto(`/admin/events/${eventId}`);
  await page
    .getByTestId("translations-description")
    .getByRole("button", { name: /^Translations/ })
    .click();
  const english = page.getByRole("group", { name: "English" });
  await expect(english.getByTestId("version-status")).toHaveText("Waiting for allowance");
  await expect(english).toContainText("this month's automatic-translation allowance is used up");
  await axeLightAndDark(page);
});
