import type { Metadata } from "next";
import {
  Activity,
  AtSign,
  Building2,
  ChevronRight,
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
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { can, type Permission } from "@/lib/platform/access/permissions";
import { Card } from "@/components/ui/card";

export async function generateMetadata({ params }: PageProps<"/[locale]/admin/settings">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "settings" });
  return { title: t("metaTitle") };
}

export default async function SettingsPage({ params }: PageProps<"/[locale]/admin/settings">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("settings.view");
  const t = await getTranslations("settings");
  // Each section names what opening it needs (lib/platform/access/permissions.ts decides): a manager is
  // not offered pages that would only say "only administrators" (issue #18). Texts of the
  // dotted keys live in their own `settings.*` namespaces.
  const all: { href: string; key: string; Icon: LucideIcon; needs: Permission }[] = [
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
  const sections = all.filter((section) => can(membership, section.needs));
  const title = (key: string) => (key.includes(".") ? t(`${key}.title`) : t(`sections.${key}`));
  const description = (key: string) =>
    key.includes(".") ? t(`${key}.description`) : t(`sections.${key}Description`);
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ul className="grid gap-4 md:grid-cols-2">
        {sections.map(({ href, key, Icon }) => (
          <li key={href} data-testid={`settings-${key}`}>
            <Card asChild className="flex items-center gap-4 hover:ring-brand-500">
              <Link href={href}>
                <Icon aria-hidden className="size-6 shrink-0 text-brand-600" />
                <span className="flex-1">
                  <span className="block font-semibold">{title(key)}</span>
                  <span className="block text-sm text-zinc-600 dark:text-zinc-400">{description(key)}</span>
                </span>
                <ChevronRight aria-hidden className="size-5 text-zinc-400" />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
