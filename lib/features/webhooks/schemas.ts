import { isIP } from "node:net";
import { z } from "zod";
import { isPublicAddress } from "@/lib/core/http/outbound";
import { webhookEventTypeSchema } from "@/lib/features/webhooks/events";

/**
 * An endpoint's URL as an organiser types it: https on its own port 443 (http, and any port,
 * only where WEBHOOKS_ALLOW_HTTP says so), no user name or password in it, and not an IP literal outside the public Internet. The
 * address a name resolves to is checked at every attempt (lib/core/http/outbound.ts): a name
 * can point anywhere later, so this is early feedback, not the guard.
 */
export function endpointUrlSchema(allowHttp: boolean) {
  return z
    .string()
    .trim()
    .max(2000, "admin.webhooks.errors.url")
    .pipe(z.url({ error: "admin.webhooks.errors.url" }))
    .refine((value) => {
      // Refinements run after a failed `z.url()` too: an unreadable value is simply refused.
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      if (url.protocol !== "https:" && !(allowHttp && url.protocol === "http:")) return false;
      if (url.username || url.password) return false;
      // The scheme's own port only (`URL` drops a default one): the delivery refuses others.
      if (url.port !== "" && !allowHttp) return false;
      const host = url.hostname.replace(/^\[|\]$/g, "");
      return !isIP(host) || isPublicAddress(host);
    }, "admin.webhooks.errors.url");
}

export function endpointInputSchema(allowHttp: boolean) {
  return z.object({
    url: endpointUrlSchema(allowHttp),
    eventTypes: z
      .array(webhookEventTypeSchema, { error: "admin.webhooks.errors.events" })
      .min(1, "admin.webhooks.errors.events")
      .transform((types) => [...new Set(types)]),
  });
}

export const endpointIdSchema = z.string().trim().min(1).max(64);
