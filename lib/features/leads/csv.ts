import { csvRow } from "@/lib/core/csv";

/** The leads export's columns (lib/core/csv.ts writes them), in order (English names: the file is read by tools as much as by people). */
export const LEAD_CSV_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "consent",
  "consent_date",
  "marketing_consent",
  "marketing_consent_date",
  "content",
  "event",
  "source",
  "locale",
  "created_at",
  "updated_at",
] as const;

export interface LeadCsvRecord {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  companyName: string | null;
  consent: boolean;
  consentAt: Date | null;
  /** Ticked "send me news" (issue #38), and when. */
  marketingConsent: boolean;
  marketingConsentAt: Date | null;
  contentTitle: string | null;
  eventName: string | null;
  /** The stored visit source (lib/platform/attribution/source.ts); null = direct. */
  source: string | null;
  /** Its readable label (lib/platform/attribution/labels.ts; `direct` for none). */
  sourceLabel: string;
  locale: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function leadCsvHeader(): string {
  return csvRow(LEAD_CSV_COLUMNS);
}

export function leadCsvRow(lead: LeadCsvRecord): string {
  return csvRow([
    lead.id,
    lead.name,
    lead.email,
    lead.phone,
    lead.companyName,
    lead.consent ? "yes" : "no",
    lead.consentAt,
    lead.marketingConsent ? "yes" : "no",
    lead.marketingConsentAt,
    lead.contentTitle,
    lead.eventName,
    lead.sourceLabel,
    lead.locale,
    lead.createdAt,
    lead.updatedAt,
  ]);
}

/** `leads-2026-11-22.csv`: the UTC day of the export. */
export function leadCsvFileName(now: Date): string {
  return `leads-${now.toISOString().slice(0, 10)}.csv`;
}
