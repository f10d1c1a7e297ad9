/** The demo seed's downloadable PDF: a one-page document written by hand (no PDF library). */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
}

export interface PdfDocument {
  title: string;
  subtitle?: string;
  lines: readonly PdfLine[];
  /** Header band colour as r, g, b in 0..1. */
  band?: readonly [number, number, number];
}

// WinAnsi matches Latin-1 except 0x80–0x9F, where it puts typographic punctuation.
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
};

/** A PDF literal string in WinAnsi, which covers Portuguese, Spanish and French; other characters become "?". */
function pdfString(text: string): string {
  const bytes = [...text].map((c) => {
    const code = c.codePointAt(0) ?? 0x3f;
    const mapped = WIN_ANSI_EXTRA[c] ?? (code <= 0xff && (code < 0x80 || code > 0x9f) ? code : 0x3f);
    const ch = String.fromCharCode(mapped);
    return ch === "\\" || ch === "(" || ch === ")" ? `\\${ch}` : ch;
  });
  return `(${bytes.join("")})`;
}

/**
 * A one-page A4 PDF 1.4 written by hand: a coloured header band with the title, then
 * lines of text in Helvetica (one of the 14 standard fonts every reader has, so nothing
 * is embedded). Byte offsets for the cross-reference table are computed on the Latin-1
 * bytes, which is what the file holds.
 */
export function buildPdf(doc: PdfDocument): Buffer {
  const [r, g, b] = doc.band ?? [0.1, 0.05, 0.18];
  const ops: string[] = [
    `${r} ${g} ${b} rg 0 742 595 100 re f`,
    `BT 1 1 1 rg /F2 26 Tf 56 790 Td ${pdfString(doc.title)} Tj ET`,
  ];
  if (doc.subtitle) ops.push(`BT 1 1 1 rg /F1 12 Tf 56 764 Td ${pdfString(doc.subtitle)} Tj ET`);
  let y = 700;
  for (const line of doc.lines) {
    const size = line.size ?? 12;
    y -= (line.gap ?? 0) + size * 1.5;
    ops.push(
      `BT 0.12 0.12 0.14 rg /${line.bold ? "F2" : "F1"} ${size} Tf 56 ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`,
    );
  }
  const content = ops.join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title ${pdfString(doc.title)} /Producer (Afterglow demo seed) >>`,
  ];
  // The second line's high bytes tell transfer tools the file is binary.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}
