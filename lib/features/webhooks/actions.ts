"use server";

import { z } from "zod";
import { validatedByLib } from "@/lib/core/validation/common";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  setWebhookEndpointEnabled,
} from "@/lib/features/webhooks/endpoints";
import { adminAction } from "@/lib/platform/actions/admin-action";

/**
 * Settings → Integrations (admins). The endpoint input is validated by lib (its zod schema needs
 * Node modules and the server's WEBHOOKS_ALLOW_HTTP); the page re-reads the rows after each action.
 */
const revalidate = { paths: [["/[locale]/admin/settings/integrations", "page"]] } as const;
const id = z.string().min(1).max(64);

export const createWebhookEndpointAction = adminAction(
  {
    permission: "settings.edit",
    schema: z.tuple([validatedByLib<{ url: string; eventTypes: string[] }>()]),
    revalidate,
  },
  async ({ membership }, input) => createWebhookEndpoint(membership, input),
);

export const rotateWebhookSecretAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id]), revalidate },
  async ({ membership }, endpointId) => rotateWebhookSecret(membership, endpointId),
);

export const setWebhookEndpointEnabledAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id, z.boolean()]), revalidate },
  async ({ membership }, endpointId, enabled) => setWebhookEndpointEnabled(membership, endpointId, enabled),
);

export const deleteWebhookEndpointAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id]), revalidate },
  async ({ membership }, endpointId) => deleteWebhookEndpoint(membership, endpointId),
);

export const resendWebhookDeliveryAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id]), revalidate },
  async ({ membership }, deliveryId) => resendWebhookDelivery(membership, deliveryId),
);

export const sendWebhookTestEventAction = adminAction(
  { permission: "settings.edit", schema: z.tuple([id]), revalidate },
  async ({ membership }, endpointId) => sendWebhookTestEvent(membership, endpointId),
);
