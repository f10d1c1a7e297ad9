import type { ShareChannel } from "@/components/player/engagement/api";

export type NetworkChannel = Extract<ShareChannel, "whatsapp" | "facebook" | "x" | "email">;
export const NETWORK_CHANNELS: readonly NetworkChannel[] = ["whatsapp", "facebook", "x", "email"];

/** Share addresses of each network for a page: its own share dialog, pre-filled. */
export function shareHref(channel: NetworkChannel, page: { title: string; url: string }): string {
  const url = encodeURIComponent(page.url);
  const title = encodeURIComponent(page.title);
  switch (channel) {
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${page.title} ${page.url}`)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case "x":
      return `https://x.com/intent/post?text=${title}&url=${url}`;
    case "email":
      return `mailto:?subject=${title}&body=${encodeURIComponent(`${page.title}\n${page.url}`)}`;
  }
}
