/**
 * CSV writing for the exports (leads, analytics): pure, no database, unit-tested.
 *
 * - RFC 4180: fields are separated by commas, records end with CRLF; a field that holds a
 *   comma, a double quote, CR or LF is wrapped in double quotes and its quotes are doubled.
 * - Formula injection (CSV injection): a spreadsheet runs a cell that starts with `=`, `+`,
 *   `-`, `@`, TAB or CR as a formula, and fields such as lead names and content titles are typed by people. Such a
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

/** The answer of a CSV download: an attachment, never cached or sniffed as anything else. */
export function csvResponse(body: BodyInit, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
