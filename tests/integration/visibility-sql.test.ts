import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/core/db";
import { fanPool } from "@/lib/core/db-pool";
import type { ContentStatus, EventStatus } from "@/lib/generated/prisma/enums";
import { runLikeBatch } from "@/lib/features/engagement/like-statement";
import { isContentViewable, viewableContentWhere } from "@/lib/platform/site/visibility";
import { createContentRow, createTenant } from "./support/tenants";

/**
 * The visibility rule (lib/platform/site/visibility.ts) is written three ways: a check on loaded
 * rows, a Prisma filter, and SQL in the like statement (lib/features/engagement/like-statement.ts,
 * the one raw-SQL copy). One data set covers every case of the rule — each content status, with
 * no event, with one event of each status and visibility, and with every pair of those — and all
 * three must name the same contents.
 */
const CONTENT_STATUSES: ContentStatus[] = ["draft", "published", "archived"];
const EVENT_KINDS = (["draft", "published", "cancelled"] as EventStatus[]).flatMap((status) =>
  [true, false].map((isPublic) => ({ status, isPublic })),
);

/** Every set of linked events the rule tells apart: none, one of each kind, every pair. */
const LINKS: number[][] = [
  [],
  ...EVENT_KINDS.map((_, i) => [i]),
  ...EVENT_KINDS.flatMap((_, i) => EVENT_KINDS.slice(i + 1).map((__, k) => [i, i + 1 + k])),
];

let ids: string[] = [];

beforeAll(async () => {
  const tenant = await createTenant(db);
  const events: { id: string }[] = [];
  for (const [i, kind] of EVENT_KINDS.entries()) {
    events.push(
      await db.event.create({
        data: {
          companyId: tenant.id,
          name: `Event ${i}`,
          slug: `event-${i}`,
          startsAt: new Date("2026-07-18T19:00:00Z"),
          ...kind,
        },
      }),
    );
  }
  for (const status of CONTENT_STATUSES) {
    for (const link of LINKS) {
      const content = await createContentRow(db, tenant.id, {
        title: `${status} ${link.join("+")}`,
        eventIds: link.map((i) => events[i]!.id),
      });
      await db.content.update({ where: { id: content.id }, data: { status } });
      ids.push(content.id);
    }
  }
  ids = ids.sort();
});

describe("the visibility rule", () => {
  it("covers contents a fan may see and contents a fan may not", async () => {
    expect(ids).toHaveLength(CONTENT_STATUSES.length * LINKS.length);
    const rows = await db.content.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        status: true,
        events: { select: { event: { select: { status: true, isPublic: true } } } },
      },
    });
    const viewable = rows.filter(isContentViewable).length;
    expect(viewable).toBeGreaterThan(0);
    expect(viewable).toBeLessThan(ids.length);
  });

  it("names the same contents as a check on rows, as a Prisma filter and in the like statement's SQL", async () => {
    const rows = await db.content.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        status: true,
        events: { select: { event: { select: { status: true, isPublic: true } } } },
      },
    });
    const byRows = rows
      .filter(isContentViewable)
      .map((row) => row.id)
      .sort();

    const byPrisma = (
      await db.content.findMany({ where: { id: { in: ids }, ...viewableContentWhere }, select: { id: true } })
    )
      .map((row) => row.id)
      .sort();

    const visitorId = randomUUID();
    const outcomes = await runLikeBatch(
      fanPool(),
      ids.map((contentId) => ({ contentId, visitorId, mode: 1, source: null })),
    );
    const bySql = ids.filter((_, i) => outcomes[i] !== null).sort();

    expect(byPrisma).toEqual(byRows);
    expect(bySql).toEqual(byRows);
  });
});
