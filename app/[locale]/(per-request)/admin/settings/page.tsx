import type { Metadata } from "next";
import { ChevronRight } from "lucide-react";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PageHeader } from "@/components/admin/page-header";
import { settingsSectionsFor } from "@/components/admin/settings-sections";
import { requireMembership } from "@/lib/platform/tenancy/guard";
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
  // Only the sections this role may open (components/admin/settings-sections.ts).
  const sections = settingsSectionsFor(membership);
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
