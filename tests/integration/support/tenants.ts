/**
 * The one set of tenant factories of the integration tests (not a test file): a company with
 * its plan and a member of each role, its events, contents and leads, written straight to a
 * database (the file's own `db`, or an auth harness's `h.prisma` — the same database).
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@/lib/core/db-client";
import type { AuditAction, PlanTier, Role } from "@/lib/generated/prisma/enums";
import type { Membership } from "@/lib/platform/tenancy/membership";
import type { AuthHarness } from "./auth-harness";

const ROLES: Role[] = ["admin", "manager", "user"];

export interface Tenant {
  id: string;
  slug: string;
  plan: PlanTier;
  /** E-mail of the member with that role (signs in with the harness password if `users` was given). */
  emails: Record<Role, string>;
  /** The membership the guard would resolve for that member. */
  as(role: Role): Membership;
}

/**
 * A company (`Company <slug>`, slug `co-<random>` and plan `starter` unless told) with a
 * member of each role.
 * With `users` (an auth harness), each member is a real user with a profile who can sign in;
 * without, the memberships name users that do not exist, for tests that call `lib/`
 * functions with a membership directly.
 */
export async function createTenant(
  db: PrismaClient,
  options: { slug?: string; plan?: PlanTier; users?: AuthHarness } = {},
): Promise<Tenant> {
  const plan = options.plan ?? "starter";
  const slug = options.slug ?? `co-${randomBytes(4).toString("hex")}`;
  const company = await db.company.create({ data: { name: `Company ${slug}`, slug, plan } });
  const emails = Object.fromEntries(ROLES.map((r) => [r, `${r}@${slug}.test`])) as Record<Role, string>;
  const userIds = Object.fromEntries(ROLES.map((r) => [r, `user-${r}-${slug}`])) as Record<Role, string>;
  if (options.users) {
    for (const role of ROLES) {
      userIds[role] = await options.users.createUser({
        email: emails[role],
        name: `${role} ${slug}`,
        role,
        companyId: company.id,
      });
    }
  }
  return {
    id: company.id,
    slug,
    plan,
    emails,
    as: (role) => ({
      userId: userIds[role],
      email: emails[role],
      displayName: `${role} ${slug}`,
      role,
      company: { id: company.id, name: company.name, slug, plan, logoKey: null },
    }),
  };
}

/** A published event of the company (a unique slug from its name). */
export async function createEventRow(db: PrismaClient, companyId: string, name = "Show") {
  return db.event.create({
    data: {
      companyId,
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}`,
      startsAt: new Date("2026-07-18T19:00:00Z"),
      status: "published",
    },
  });
}

/** A content of the company (a draft photo gallery titled "Gallery" unless told), linked to `eventIds` in order. */
export async function createContentRow(
  db: PrismaClient,
  companyId: string,
  options: {
    title?: string;
    eventIds?: string[];
    kind?: "single" | "photo_gallery" | "video_gallery";
    status?: "draft" | "published";
    requiresLead?: boolean;
  } = {},
) {
  return db.content.create({
    data: {
      companyId,
      title: options.title ?? "Gallery",
      // A video gallery takes every file type (a photo gallery only photos: lib/features/content/kind-rules.ts),
      // so tests may upload any file to a content made here.
      kind: options.kind ?? "video_gallery",
      status: options.status ?? "draft",
      ...(options.requiresLead === undefined ? {} : { requiresLead: options.requiresLead }),
      events: { create: (options.eventIds ?? []).map((eventId, position) => ({ eventId, position })) },
    },
  });
}

/** Options for `createContentRow`: a published single behind the lead form (the leads and comments tests' content). */
export const gatedSingle = { kind: "single", status: "published", requiresLead: true } as const;

/** A new `gatedSingle` of the company as the fans' API hands it on (`EngagedContent`: no event). */
export async function gatedEngagedContent(db: PrismaClient, companyId: string) {
  const row = await createContentRow(db, companyId, gatedSingle);
  return { id: row.id, companyId, kind: row.kind, requiresLead: true, coverMediaId: null, eventId: null };
}

/** A consenting lead (locale `pt`), created now unless told. */
export async function createLeadRow(
  db: PrismaClient,
  data: {
    companyId: string;
    name: string;
    email: string;
    contentId?: string | null;
    eventId?: string | null;
    phone?: string | null;
    companyName?: string | null;
    createdAt?: Date;
  },
) {
  return db.lead.create({
    data: {
      consent: true,
      consentAt: data.createdAt ?? new Date(),
      locale: "pt",
      ...data,
      updatedAt: data.createdAt ?? new Date(),
    },
  });
}

/** The audit rows of a company for one action, oldest first. */
export async function auditRows(
  db: PrismaClient,
  companyId: string,
  action: AuditAction = "lead_data_access",
) {
  return db.sessionAudit.findMany({ where: { companyId, action }, orderBy: { createdAt: "asc" } });
}
