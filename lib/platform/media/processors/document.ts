import type { MediaProcessor } from "@/lib/platform/media/processors/types";

/** Documents are served as uploaded: nothing to render. */
export const processDocument: MediaProcessor = async () => ({ data: {}, variants: [], written: [] });
