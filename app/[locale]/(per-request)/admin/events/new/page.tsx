import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { EditPageFrame } from "@/components/admin/edit-page-frame";
import { EventForm } from "@/components/events/event-form";
import { timeZones } from "@/lib/features/events/time-zone";
import { tenantLinks } from "@/lib/platform/site/links";
import { requireMembership } from "@/lib/platform/tenancy/guard";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events");
  return { title: t("newTitle") };
}

export default async function NewEventPage({ params }: PageProps<"/[locale]/admin/events/new">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("events.manage");
  const t = await getTranslations("events");
  return (
    <EditPageFrame
      className="flex max-w-4xl flex-col gap-6"
      back={{ href: "/admin/events", label: t("backToList") }}
    >
      <h1 className="text-2xl font-semibold">{t("newTitle")}</h1>
      <EventForm
        eventId={null}
        banner={null}
        timeZones={timeZones()}
        translations={null}
        pathPrefix={tenantLinks("path", membership.company.slug).event("")}
        initial={{
          name: "",
          slug: "",
          description: "",
          date: "",
          time: "21:00",
          timeZone: "Europe/Lisbon",
          location: "",
          maxParticipants: "",
          participantsCount: "0",
          isFree: true,
          price: "",
          currency: "EUR",
          status: "draft",
          isPublic: true,
          visibility: "public",
          accessPassword: "",
          hasPassword: false,
        }}
      />
    </EditPageFrame>
  );
}
