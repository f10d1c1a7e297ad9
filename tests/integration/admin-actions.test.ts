import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthHarness, type AuthHarness } from "./support/auth-harness";
import { createContentRow, createTenant, gatedSingle, type Tenant } from "./support/tenants";
import { revalidateTag } from "./support/next-mocks";

// The one admin-action wrapper (`lib/platform/actions/admin-action.ts`) through the content and events
// actions, called as Next calls them: the caller comes from the session cookie, never from
// the arguments; the caller is checked before the arguments; the result is the one ActionResult.

let h: AuthHarness;
let content: typeof import("@/lib/features/content/actions");
let events: typeof import("@/lib/features/events/actions");
let a: Tenant;
let b: Tenant;
let mine: string;
let theirs: string;

beforeAll(async () => {
  h = await startAuthHarness();
  content = await import("@/lib/features/content/actions");
  events = await import("@/lib/features/events/actions");
  [a, b] = [await createTenant(h.prisma, { users: h }), await createTenant(h.prisma, { users: h })];
  mine = (await createContentRow(h.prisma, a.id, { title: "Mine", ...gatedSingle })).id;
  theirs = (await createContentRow(h.prisma, b.id, { title: "Theirs", ...gatedSingle })).id;
});
afterAll(async () => {
  await h?.close();
});

const statusOf = async (id: string) =>
  (await h.prisma.content.findUniqueOrThrow({ where: { id }, select: { status: true } })).status;

describe("adminAction", () => {
  it("answers a signed-out caller unauthorized, before looking at the arguments", async () => {
    expect(await content.setContentStatusAction(mine, "nonsense" as never)).toEqual({
      ok: false,
      code: "unauthorized",
      message: "auth.errors.signInRequired",
      values: {},
      fieldErrors: {},
    });
  });

  it("refuses the user role with the permission's message and changes nothing", async () => {
    await h.actAs(a.emails.user);
    expect(await content.setContentStatusAction(mine, "draft")).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "content.errors.forbidden",
    });
    expect(await statusOf(mine)).toBe("published");
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it("validates the arguments with the action's schema", async () => {
    await h.actAs(a.emails.manager);
    expect(await content.setContentStatusAction(mine, "nonsense" as never)).toMatchObject({
      ok: false,
      code: "validation",
      message: "validation.invalidForm",
    });
    expect(await events.checkSlugAction(42 as never, null)).toMatchObject({ ok: false, code: "validation" });
    expect(await statusOf(mine)).toBe("published");
  });

  it("refuses an id sent as an object, which Prisma would read as a filter over every row (regression)", async () => {
    await h.actAs(a.emails.admin);
    const other = await createContentRow(h.prisma, a.id, { title: "Other", ...gatedSingle });
    const filter = { not: "" } as never;
    expect(await content.updateContentAction(filter, { title: "Hijacked", kind: "single" })).toMatchObject({
      ok: false,
      code: "validation",
    });
    expect(await content.deleteContentAction(filter)).toMatchObject({ ok: false, code: "validation" });
    const titles = await h.prisma.content.findMany({ where: { companyId: a.id }, select: { title: true } });
    expect(titles.map((t) => t.title)).not.toContain("Hijacked");
    expect(await statusOf(other.id)).toBe("published");
  });

  it("answers an id no record can have (a NUL byte) as not found, not as a database error (regression)", async () => {
    await h.actAs(a.emails.admin);
    for (const id of ["\u0000", `${mine}\u0000`, "x".repeat(500)]) {
      expect(await content.deleteContentAction(id)).toMatchObject({ ok: false, code: "not_found" });
      expect(await content.setContentStatusAction(id, "draft")).toMatchObject({
        ok: false,
        code: "not_found",
      });
    }
    expect(await statusOf(mine)).toBe("published");
  });

  it("acts for a manager, scoped to the company, and expires the public pages that changed", async () => {
    await h.actAs(a.emails.manager);
    expect(await content.setContentStatusAction(mine, "draft")).toEqual({ ok: true, data: undefined });
    expect(await statusOf(mine)).toBe("draft");
    const tags = revalidateTag.mock.calls.map(([tag]) => tag as string);
    expect(tags).toContain(`company:${a.id}`);
    expect(tags).toContain(`content:${mine}`);

    revalidateTag.mockClear();
    expect(await content.setContentStatusAction(theirs, "draft")).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await statusOf(theirs)).toBe("published");
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it("returns the action's data", async () => {
    await h.actAs(a.emails.admin);
    expect(await events.checkSlugAction("a-free-slug", null)).toMatchObject({
      ok: true,
      data: { available: true },
    });
  });
});
