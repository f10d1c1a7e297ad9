import { AudioLines, Camera, FileText, Video } from "lucide-react";

/** The icon of a content's media kind, on its card and on its player page. */
export const kindIcon = { photo: Camera, video: Video, audio: AudioLines, document: FileText } as const;
