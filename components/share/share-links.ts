import type { ShareChannel } from "@/lib/platform/attribution/source";

export type NetworkChannel = Extract<ShareChannel, "whatsapp" | "telegram" | "facebook" | "x" | "email">;
export const NETWORK_CHANNELS: readonly NetworkChannel[] = ["whatsapp", "telegram", "facebook", "x", "email"];

/** Our channel tag (lib/platform/attribution/parse.ts reads it where the visit lands). */
const CHANNEL_PARAM = "ch";

/** The page's address tagged with the channel it is shared through (`…?ch=whatsapp`). */
export function taggedUrl(url: string, channel: ShareChannel): string {
  try {
    const tagged = new URL(url);
    tagged.searchParams.set(CHANNEL_PARAM, channel);
    return tagged.toString();
  } catch {
    return url;
  }
}

/**
 * Share addresses of each network for a page: its own share dialog, pre-filled with `text`
 * (in the fan's language) and the page's address tagged with that network.
 */
export function shareHref(
  channel: NetworkChannel,
  page: { title: string; text: string; url: string },
): string {
  const url = taggedUrl(page.url, channel);
  const enc = encodeURIComponent;
  switch (channel) {
    case "whatsapp":
      return `https://wa.me/?text=${enc(`${page.text} ${url}`)}`;
    case "telegram":
      return `https://t.me/share/url?url=${enc(url)}&text=${enc(page.text)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`;
    case "x":
      return `https://x.com/intent/post?text=${enc(page.text)}&url=${enc(url)}`;
    case "email":
      return `mailto:?subject=${enc(page.title)}&body=${enc(`${page.text}\n${url}`)}`;
  }
}
