import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { EditPageFrame } from "@/components/admin/edit-page-frame";
import { ContentForm } from "@/components/content/content-form";
import { CONTENT_KINDS } from "@/lib/features/content/schemas";
import { DEFAULT_WEB_DOWNLOAD_EDGE } from "@/lib/platform/media/web-edges";
import { eventOptions } from "@/lib/features/events/queries";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("content");
  return { title: t("newTitle") };
}

export default async function NewContentPage({
  params,
  searchParams,
}: PageProps<"/[locale]/admin/content/new">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("content.manage");
  const { kind: requested, eventId } = await searchParams;
  const kind = CONTENT_KINDS.find((k) => k === requested) ?? "photo_gallery";
  const [events, t] = await Promise.all([eventOptions(membership.company.id), getTranslations("content")]);
  const preselected = typeof eventId === "string" && events.some((e) => e.id === eventId) ? [eventId] : [];

  return (
    <EditPageFrame
      className="flex max-w-4xl flex-col gap-6"
      back={{ href: "/admin/content", label: t("backToList") }}
    >
      <h1 className="text-2xl font-semibold">{t(`newHeading.${kind}`)}</h1>
      <ContentForm
        contentId={null}
        events={events}
        translations={null}
        initial={{
          title: "",
          description: "",
          category: "",
          tags: "",
          kind,
          status: "draft",
          eventIds: preselected,
          requiresLead: false,
          keepPhotoMetadata: false,
          downloadRule: "original",
          webDownloadEdge: DEFAULT_WEB_DOWNLOAD_EDGE,
          visibility: "public",
          accessPassword: "",
          hasPassword: false,
          expiresAt: null,
        }}
      />
    </EditPageFrame>
  );
}
