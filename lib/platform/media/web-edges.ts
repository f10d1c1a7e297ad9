/**
 * The long edges (pixels) an organiser can pick for fans' web-size downloads (issue #36): from a
 * phone screen's full size to 4K. Shared by the admin form (client), the content schema and the
 * media worker, so it imports nothing.
 */
export const WEB_DOWNLOAD_EDGES = [1280, 1600, 2048, 2560, 3840] as const;

export type WebDownloadEdge = (typeof WEB_DOWNLOAD_EDGES)[number];

export const DEFAULT_WEB_DOWNLOAD_EDGE: WebDownloadEdge = 2048;
