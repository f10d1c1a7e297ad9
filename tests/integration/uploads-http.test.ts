import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "@/lib/generated/prisma/enums";
import { uploadHandlers } from "@/lib/features/uploads/http";
import { generatePhoto } from "@/scripts/lib/demo-media";
import { buildPdf } from "@/scripts/lib/demo-pdf";
import { mediaTestEnv, putBytes, type MediaTestEnv } from "./support/media";
import { createTenant, createContentRow, type Tenant } from "./support/tenants";

let env: MediaTestEnv;
let demo: Tenant;
let other: Tenant;
let contentId: string;
const revalidated: unknown[] = [];
let api: ReturnType<typeof uploadHandlers>;

beforeAll(async () => {
  env = await mediaTestEnv();
  demo = await createTenant(env.db);
  other = await createTenant(env.db);
  contentId = (await createContentRow(env.db, demo.id)).id;
  api = uploadHandlers((changed) => revalidated.push(changed));
});
afterAll(() => env?.close());

const json = (body: unknown) =>
  new Request("http://app.test/api/uploads", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const as = (company: Tenant, role: Role, id = "") => ({
  membership: company.as(role),
  params: Promise.resolve({ id }),
});

describe("POST /api/uploads", () => {
  it("answers 201 with a presigned PUT for a manager", async () => {
    // Next.js passes no params to a route without a dynamic segment.
    const res = await api.create(
      json({ fileName: "a.jpg", contentType: "image/jpeg", size: 1000, contentId }),
      {
        membership: demo.as("manager"),
        params: undefined,
      },
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { strategy: string; url: string; headers: Record<string, string> };
    expect(body.strategy).toBe("single");
    expect(body.url).toContain("X-Amz-Signature=");
    expect(body.headers).toEqual({ "Content-Type": "image/jpeg" });
  });

  it("answers 403 to a member with the user role", async () => {
    const res = await api.create(
      json({ fileName: "a.jpg", contentType: "image/jpeg", size: 1000, contentId }),
      as(demo, "user"),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden", messageKey: "content.errors.forbidden" });
  });

  it("answers 422 with the rule's message and its values", async () => {
    const exe = await api.create(
      json({ fileName: "setup.exe", contentType: "application/octet-stream", size: 10, contentId }),
      as(demo, "admin"),
    );
    expect(exe.status).toBe(422);
    expect(await exe.json()).toMatchObject({
      code: "validation",
      messageKey: "uploads.errors.blockedExtension",
    });
    const big = await api.create(
      json({ fileName: "a.mp4", contentType: "video/mp4", size: 500 * 1024 * 1024, contentId }),
      as(demo, "admin"),
    );
    expect(await big.json()).toMatchObject({
      messageKey: "uploads.errors.fileTooLargeForPlan",
      // The request has no NEXT_LOCALE cookie: Portuguese, with the value interpolated.
      message: "O ficheiro deve ter menos de 200 MB",
      values: { limit: "200 MB" },
    });
    const garbage = await api.create(
      new Request("http://app.test/api/uploads", { method: "POST", body: "not json" }),
      as(demo, "admin"),
    );
    expect(garbage.status).toBe(422);
    expect(((await garbage.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toHaveProperty(
      "fileName",
    );
  });

  it("answers 404 for another company's content", async () => {
    const res = await api.create(
      json({ fileName: "a.jpg", contentType: "image/jpeg", size: 1000, contentId }),
      as(other, "admin"),
    );
    expect(res.status).toBe(404);
  });
});

describe("the rest of the flow over HTTP", () => {
  it("uploads, completes, reports status and refreshes public pages for a document", async () => {
    const pdf = buildPdf({ title: "Kit", lines: [] });
    const created = (await (
      await api.create(
        json({ fileName: "kit.pdf", contentType: "application/pdf", size: pdf.length, contentId }),
        as(demo, "admin"),
      )
    ).json()) as { id: string; url: string; headers: Record<string, string> };
    await putBytes(created.url, pdf, created.headers);

    const status = await api.status(new Request("http://app.test"), as(demo, "admin", created.id));
    expect(await status.json()).toMatchObject({ id: created.id, state: "uploading", strategy: "single" });

    const done = await api.complete(json({}), as(demo, "admin", created.id));
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: created.id, state: "ready", kind: "document" });
    expect(revalidated).toContainEqual({ companyId: demo.id, contentIds: [contentId], eventIds: [] });

    const theirs = await api.status(new Request("http://app.test"), as(other, "admin", created.id));
    expect(theirs.status).toBe(404);
  });

  it("cancels an upload with DELETE (204)", async () => {
    const photo = await generatePhoto({ seed: 61, theme: "acoustic", width: 400, height: 300 });
    const created = (await (
      await api.create(
        json({ fileName: "p.jpg", contentType: "image/jpeg", size: photo.length, contentId }),
        as(demo, "admin"),
      )
    ).json()) as { id: string };
    const res = await api.abort(
      new Request("http://app.test", { method: "DELETE" }),
      as(demo, "admin", created.id),
    );
    expect(res.status).toBe(204);
    expect(await env.db.mediaFile.findUnique({ where: { id: created.id } })).toBeNull();
  });
});
