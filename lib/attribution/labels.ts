import { decodeSource } from "@/lib/attribution/source";

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
  instagram: "Instagram",
};

/**
 * A readable label per stored source (keyed by the stored value, `direct` for null), for the
 * analytics table, its CSV and the leads list. QR codes are labelled generically here;
 * the QR module looks up each code's own label (SHARE replaces that branch).
 */
export async function sourceLabels(
  _companyId: string,
  sources: readonly (string | null)[],
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const stored of sources) {
    const key = stored ?? DIRECT_SOURCE;
    if (labels.has(key)) continue;
    const source = decodeSource(stored);
    if (!source) labels.set(key, DIRECT_SOURCE);
    else if (source.kind === "channel") labels.set(key, CHANNEL_NAMES[source.value] ?? source.value);
    else if (source.kind === "qr") labels.set(key, "QR");
    else if (source.kind === "utm") labels.set(key, `utm: ${source.value}`);
    else labels.set(key, source.value);
  }
  return labels;
}
