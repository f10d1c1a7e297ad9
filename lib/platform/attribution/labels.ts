import { decodeSource } from "@/lib/platform/attribution/source";
import { db } from "@/lib/core/db";

/** The key `sourceLabels` uses for a direct visit (a null source). */
export const DIRECT_SOURCE = "direct";

const CHANNEL_NAMES: Record<string, string> = {
  whatsapp: "WhatsApp",
  telegram: "Telegram",
  facebook: "Facebook",
  x: "X",
  email: "E-mail",
  "copy-link": "Link",
  native: "Share",
  "short-link": "Short link",
  instagram: "Instagram",
};

/**
 * A readable label per stored source (keyed by the stored value, `direct` for null), for the
 * analytics table, its CSV and the leads list. A QR code reads "QR · {its label}", looked up
 * among the company's own codes only (a deleted or foreign code reads plain "QR").
 */
export async function sourceLabels(
  companyId: string,
  sources: readonly (string | null)[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const qrLabels = await qrCodeLabels(companyId, sources);
  for (const stored of sources) {
    const key = stored ?? DIRECT_SOURCE;
    if (labels.has(key)) continue;
    const source = decodeSource(stored);
    if (!source) labels.set(key, DIRECT_SOURCE);
    else if (source.kind === "channel") labels.set(key, CHANNEL_NAMES[source.value] ?? source.value);
    else if (source.kind === "qr")
      labels.set(key, qrLabels.has(source.value) ? `QR · ${qrLabels.get(source.value)}` : "QR");
    else if (source.kind === "utm") labels.set(key, `utm: ${source.value}`);
    else labels.set(key, source.value);
  }
  return labels;
}

async function qrCodeLabels(
  companyId: string,
  sources: readonly (string | null)[],
): Promise<Map<string, string>> {
  const ids = [...new Set(sources.map(decodeSource).flatMap((s) => (s?.kind === "qr" ? [s.value] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db.shortLink.findMany({
    where: { companyId, id: { in: ids }, label: { not: null } },
    select: { id: true, label: true },
  });
  return new Map(rows.map((row) => [row.id, row.label!]));
}
