import type { AuditAction } from "@/lib/generated/prisma/enums";

/**
 * One audit row as a sentence people read (issue #18: not raw ids and JSON). The key is under
 * `status.events` in the messages: the row's `operation` when it names a known one, else its
 * action. Values are the few details worth reading (a host name, a slug, a role, a count, why
 * a session ended); ids and tokens stay in the raw details behind a disclosure.
 */
export const AUDIT_OPERATIONS = [
  "branding_updated",
  "company_created",
  "company_data_updated",
  "company_slug_changed",
  "custom_domain_added",
  "custom_domain_removed",
  "invitation_accepted",
  "invitation_revoked",
  "landing_page_updated",
  "legal_texts_updated",
  "logo_removed",
  "member_invited",
  "member_removed",
  "member_role_changed",
  "security_settings_updated",
  "set_plan",
  "source_locale_updated",
  "start_trial",
  "translation_saved",
  "create_checkout",
  "customer_portal",
  "comment_hidden",
  "comment_shown",
  "comment_deleted",
] as const;

/** Lead operations are named per table (`delete`, `list` … mean different things elsewhere). */
const LEAD_OPERATIONS = ["list", "delete", "export_csv", "export_person"] as const;

export const SESSION_END_REASONS = [
  "sign-out",
  "inactivity",
  "limit",
  "password-reset",
  "password-change",
  "revoked",
  "expired",
] as const;

export interface AuditSentence {
  key: string;
  values: Record<string, string | number>;
}

const has = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (list as readonly string[]).includes(value);

function record(details: unknown): Record<string, unknown> {
  return details && typeof details === "object" && !Array.isArray(details)
    ? (details as Record<string, unknown>)
    : {};
}

const text = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

export function describeAudit(row: {
  action: AuditAction;
  tableName: string;
  details: unknown;
}): AuditSentence {
  const d = record(row.details);
  const values: Record<string, string | number> = {
    hostname: text(d.hostname),
    from: text(d.from),
    to: text(d.to),
    slug: text(d.slug),
    role: text(d.role),
    plan: text(d.plan),
    locale: text(d.locale ?? d.sourceLocale),
    count: typeof d.count === "number" ? d.count : 0,
  };
  if (row.action === "session_ended") {
    return {
      key: "session_ended",
      // ICU select keys are identifiers ("sign-out" does not parse): the message says sign_out.
      values: {
        reason: has(SESSION_END_REASONS, d.cleanupReason) ? d.cleanupReason.replaceAll("-", "_") : "other",
      },
    };
  }
  if (row.action === "lead_data_access" && has(LEAD_OPERATIONS, d.operation)) {
    return { key: `lead_${d.operation}`, values };
  }
  if (row.action === "download_tracking") {
    return { key: d.newLead === true ? "download_with_lead" : "download_tracking", values };
  }
  if (has(AUDIT_OPERATIONS, d.operation)) return { key: d.operation, values };
  return { key: row.action, values };
}
