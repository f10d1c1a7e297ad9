/**
 * Shared set-up of the leads and comment-moderation integration tests (not a test file):
 * companies with a member of each role, content, events and leads written straight to the
 * database of an auth harness.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { AuditAction, Role } from "@/lib/generated/prisma/enums";
import type { Membership } from "@/lib/tenancy/membership";
import type { AuthHarness } from "./auth-harness";

export interface Tenant {
  id: string;
  slug: string;
  /** E-mail of the member with that role (signs in with the harness password). */
  emails: Record<Role, string>;
  /** The membership the guard would resolve for that member. */
  as(role: Role): Membership;
}

export async function createTenant(h: AuthHarness): Promise<Tenant> {
  const slug = `co-${randomBytes(4).toString("hex")}`;
  const id = await h.createCompany(slug);
  const company = await h.prisma.company.findUniqueOrThrow({ where: { id } });
  const roles: Role[] = ["admin", "manager", "user"];
  const emails = Object.fromEntries(roles.map((r) => [r, `${r}@${slug}.test`])) as Record<Role, string>;
  const userIds = {} as Record<Role, string>;
  for (const role of roles) {
    userIds[role] = await h.createUser({ email: emails[role], name: `${role} ${slug}`, role, companyId: id });
  }
  return {
    id,
    slug,
    emails,
    as: (role) => ({
      userId: userIds[role],
      email: emails[role],
      displayName: `${role} ${slug}`,
      role,
      company: { id, name: company.name, slug, plan: company.plan, logoKey: null },
    }),
  };
}

export async function createEvent(h: AuthHarness, companyId: string, name: string) {
  return h.prisma.event.create({
    data: {
      companyId,
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomBytes(3).toString("hex")}`,
      startsAt: new Date("2026-07-18T19:00:00Z"),
      status: "published",
    },
  });
}

export async function createContent(
  h: AuthHarness,
  companyId: string,
  title: string,
  eventIds: string[] = [],
) {
  return h.prisma.content.create({
    data: {
      companyId,
      title,
      kind: "single",
      status: "published",
      requiresLead: true,
      events: { create: eventIds.map((eventId, position) => ({ eventId, position })) },
    },
  });
}

export async function createLead(
  h: AuthHarness,
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
  return h.prisma.lead.create({
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
export async function auditRows(h: AuthHarness, companyId: string, action: AuditAction = "lead_data_access") {
  return h.prisma.sessionAudit.findMany({ where: { companyId, action }, orderBy: { createdAt: "asc" } });
}

/** Reads a response body to the end as bytes. */
export async function bytesOf(response: Response): Promise<Uint8Array> {
  const buffer = new Uint8Array(await response.arrayBuffer());
  expect(buffer.length).toBeGreaterThan(0);
  return buffer;
}
