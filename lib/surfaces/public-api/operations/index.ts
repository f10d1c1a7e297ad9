import "server-only";
import type { ApiOperation } from "@/lib/surfaces/public-api/operation";
import { analyticsSummaryOperation } from "@/lib/surfaces/public-api/operations/analytics";
import {
  deleteCommentOperation,
  listCommentsOperation,
  updateCommentOperation,
} from "@/lib/surfaces/public-api/operations/comments";
import {
  listContentOperation,
  publishContentOperation,
  unpublishContentOperation,
} from "@/lib/surfaces/public-api/operations/content";
import { listEventsOperation } from "@/lib/surfaces/public-api/operations/events";
import { deleteLeadOperation, listLeadsOperation } from "@/lib/surfaces/public-api/operations/leads";
import {
  subscribeWebhookOperation,
  unsubscribeWebhookOperation,
} from "@/lib/surfaces/public-api/operations/webhooks";

/**
 * The operations of /api/v1 (issue #38), one module per resource. Each calls the same lib
 * function as the admin area, with the key maker's membership: the same company scope,
 * permissions and audit. The route files import their operation from its module; the OpenAPI
 * document (openapi.ts) is made from this list.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  listEventsOperation,
  listLeadsOperation,
  deleteLeadOperation,
  listContentOperation,
  publishContentOperation,
  unpublishContentOperation,
  listCommentsOperation,
  updateCommentOperation,
  deleteCommentOperation,
  analyticsSummaryOperation,
  subscribeWebhookOperation,
  unsubscribeWebhookOperation,
];
