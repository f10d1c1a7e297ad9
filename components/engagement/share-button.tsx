"use client";

import { engagementClient } from "@/components/engagement/api";
import { useEngagement } from "@/components/engagement/engagement-provider";
import { ShareMenu } from "@/components/share/share-menu";

/** The player page's share control: the share menu, each share recorded with its channel. */
export function ShareButton() {
  const { target } = useEngagement();
  return (
    <ShareMenu
      url={target.url}
      title={target.title}
      onShare={(channel) => void engagementClient.share(target.contentId, channel)}
    />
  );
}
