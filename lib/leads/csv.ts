/**
 * CSV writing for the leads export (pure: no database, unit-tested).
 *
 * - RFC 4180: fields are separated by commas, records end with CRLF; a field that holds a
 *   comma, a double quote, CR or LF is wrapped in double quotes and its quotes are doubled.
 * - Formula injection (CSV injection): a spreadsheet runs a cell that starts with `=`, `+`,
 *   `-`, `@`, TAB or CR as a formula, and lead fields are typed by anonymous fans. Such a
 *   field gets a leading single quote (`'=cmd` → `'=cmd`), OWASP's advice: the value stays
 *   readable and no spreadsheet evaluates it. The cost: a phone number written `+55 …`
 *   shows as `'+55 …` in a text editor (spreadsheets hide the quote).
 * - The file starts with a UTF-8 byte-order mark, so Excel reads accents as UTF-8.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_EOL = "\r\n";

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

/** One field, neutralised and escaped. null/undefined are empty fields. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : typeof value === "string" ? value : String(value);
  // Only free text is neutralised: numbers and dates we format ourselves are safe.
  if (typeof value === "string" && formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(",") + CSV_EOL;
}

/** The export's columns, in order (English names: the file is read by tools as much as by people). */
export const LEAD_CSV_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "company",
  "consent",
  "consent_date",
  "content",
  "event",
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
  contentTitle: string | null;
  eventName: string | null;
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
    lead.contentTitle,
    lead.eventName,
    lead.locale,
    lead.createdAt,
    lead.updatedAt,
  ]);
}

/** `leads-2026-11-22.csv`: the UTC day of the export. */
export function leadCsvFileName(now: Date): string {
  return `leads-${now.toISOString().slice(0, 10)}.csv`;
}
