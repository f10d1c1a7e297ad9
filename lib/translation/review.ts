import "server-only";
import type { Membership } from "@/lib/tenancy/membership";
import type { TranslatableEntityName } from "@/lib/translation/fields";
import type { FieldVersions } from "@/lib/translation/review-types";

/**
 * The versions of every translatable field of one company, event or content item of the
 * member's company, for the admin review. CONTRACT for the parallel work of issue #15: the
 * engine work implements it (scoped by `membership.company.id`); the admin UI calls it.
 */
export async function loadFieldVersions(
  membership: Membership,
  entity: TranslatableEntityName,
  entityId: string,
): Promise<FieldVersions[]> {
  void membership;
  void entity;
  void entityId;
  return [];
}
