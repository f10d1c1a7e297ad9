import type { KeyValueStore, SavedUpload } from "@/components/uploads/engine/types";

export const STORAGE_KEY = "afterglow.uploads.v1";
/** Saved uploads older than this are forgotten (the server sweeps them after a day). */
const SAVED_TTL_MS = 20 * 3600_000;

/**
 * The multipart uploads a reload may resume, keyed by file fingerprint, in localStorage (or
 * nowhere when storage is missing: uploading still works, resuming after a reload does not).
 */
export class SavedUploads {
  constructor(private readonly storage: KeyValueStore | null) {}

  read(): Record<string, SavedUpload> {
    if (!this.storage) return {};
    try {
      const all = JSON.parse(this.storage.getItem(STORAGE_KEY) ?? "{}") as Record<string, SavedUpload>;
      const fresh = Object.entries(all).filter(([, s]) => Date.now() - s.savedAt < SAVED_TTL_MS);
      return Object.fromEntries(fresh);
    } catch {
      return {};
    }
  }

  private write(all: Record<string, SavedUpload>): void {
    if (!this.storage) return;
    try {
      if (Object.keys(all).length === 0) this.storage.removeItem(STORAGE_KEY);
      else this.storage.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      // storage full or disabled: resuming after a reload is lost, uploading is not
    }
  }

  save(fp: string, saved: SavedUpload): void {
    this.write({ ...this.read(), [fp]: saved });
  }

  recordPart(fp: string, partNumber: number, etag: string): void {
    const all = this.read();
    const saved = all[fp];
    if (!saved) return;
    saved.parts[String(partNumber)] = etag;
    saved.savedAt = Date.now();
    this.write(all);
  }

  forget(fp: string): void {
    const all = this.read();
    if (!(fp in all)) return;
    delete all[fp];
    this.write(all);
  }
}
