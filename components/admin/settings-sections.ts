import {
  Activity,
  AtSign,
  Building2,
  Globe,
  Languages,
  Link2,
  Webhook,
  MonitorSmartphone,
  Palette,
  Scale,
  ShieldCheck,
  Stamp,
  Users,
  type LucideIcon,
} from "lucide-react";
import { can, type Permission } from "@/lib/platform/access/permissions";
import type { Role } from "@/lib/generated/prisma/enums";

export interface SettingsSection {
  href: string;
  key: string;
  Icon: LucideIcon;
  /** What opening the page takes: the page's own guard and lib functions ask the same. */
  needs: Permission;
}

/**
 * The settings page's sections (spec §6). Each names what opening it needs
 * (lib/platform/access/permissions.ts decides): a manager is not offered pages that would only
 * say "only administrators" (issue #18). Integrations is `settings.edit`, admins only, as
 * lib/features/webhooks/endpoints.ts asserts: webhooks send leads' personal data to third
 * parties. Texts of the dotted keys live in their own `settings.*` namespaces.
 */
export const settingsSections: readonly SettingsSection[] = [
  { href: "/admin/settings/company-data", key: "companyData", Icon: Building2, needs: "settings.edit" },
  { href: "/admin/settings/landing-page", key: "landingPage", Icon: Globe, needs: "settings.edit" },
  { href: "/admin/settings/branding", key: "branding.section", Icon: Palette, needs: "settings.edit" },
  { href: "/admin/settings/watermark", key: "watermark", Icon: Stamp, needs: "settings.edit" },
  { href: "/admin/settings/legal", key: "branding.legalSection", Icon: Scale, needs: "settings.edit" },
  { href: "/admin/settings/languages", key: "languages.section", Icon: Languages, needs: "settings.edit" },
  { href: "/admin/settings/address", key: "address", Icon: AtSign, needs: "settings.view" },
  { href: "/admin/settings/team", key: "team", Icon: Users, needs: "settings.view" },
  { href: "/admin/settings/sessions", key: "sessions", Icon: MonitorSmartphone, needs: "admin.enter" },
  { href: "/admin/settings/security", key: "security", Icon: ShieldCheck, needs: "settings.edit" },
  { href: "/admin/settings/domains", key: "domains", Icon: Link2, needs: "settings.edit" },
  { href: "/admin/settings/integrations", key: "integrations", Icon: Webhook, needs: "settings.edit" },
  { href: "/admin/status", key: "status", Icon: Activity, needs: "status.view" },
];

/** The sections offered to a role (or a membership's role). */
export function settingsSectionsFor(who: Role | { role: Role }): SettingsSection[] {
  return settingsSections.filter((section) => can(who, section.needs));
}
