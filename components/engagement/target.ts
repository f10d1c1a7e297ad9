/** What the player page tells its engagement controls about the content (plain data: it crosses to the client). */
export interface EngagementTarget {
  contentId: string;
  companyId: string;
  title: string;
  /** Canonical URL of the player page, for sharing. */
  url: string;
  requiresLead: boolean;
  /** Whether the content has a file to download (every ready media does). */
  downloadable: boolean;
  /** A photo gallery with photos: offers "Download all" (a ZIP of the originals). */
  downloadAll?: boolean;
  /** The company's privacy page, linked from the lead form's consent. */
  privacyUrl: string;
}
