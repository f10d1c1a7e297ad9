import type { AuditEntry } from "@/lib/audit/record";
import type { MediaContext } from "@/lib/media/context";

/**
 * What the engagement functions need from outside, passed in so integration tests run them
 * on their own database and bucket. `db` signs nothing: downloads sign through `media`.
 */
export interface EngagementContext {
  media: MediaContext;
  /** `recordAudit` in the app; never throws. */
  audit: (entry: AuditEntry) => Promise<void>;
}
