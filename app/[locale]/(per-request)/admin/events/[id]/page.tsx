import { Plus } from "lucide-react";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { EditPageFrame, EditPageHeader } from "@/components/admin/edit-page-frame";
import { PublishControl } from "@/components/admin/publish-control";
import Link from "next/link";
import { StatusBadge } from "@/components/content/status-badge";
import { DeleteEventButton } from "@/components/events/delete-event-button";
import { EventForm } from "@/components/events/event-form";
import { QrCodesPanel } from "@/components/share/qr-codes-panel";
import { SponsorLogoPanel } from "@/components/watermarks/sponsor-logo-panel";
import { eventSponsor } from "@/lib/features/watermarks/queries";
import { Button } from "@/components/ui/button";
import { getEventForEdit } from "@/lib/features/events/queries";
import { timeZones } from "@/lib/features/events/time-zone";
import { tenantLinks } from "@/lib/platform/site/links";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import { loadFieldVersions } from "@/lib/features/translation/review";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("events");
  return { title: t("editTitle") };
}

export default async function EditEventPage({ params }: PageProps<"/[locale]/admin/events/[id]">) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const membership = await requireMembership("events.manage");
  const [event, t] = await Promise.all([
    getEventForEdit(membership.company.id, id),
    getTranslations("events"),
  ]);
  // After the event is found (a foreign or unknown id is a 404 before any translation is read).
  const translations = await loadFieldVersions(membership, "event", event.id);
  return (
    <EditPageFrame
      className="flex max-w-5xl flex-col gap-6"
      back={{ href: "/admin/events", label: t("backToList") }}
    >
      <EditPageHeader
        title={event.values.name}
        factsClassName="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400"
        facts={
          <>
            <StatusBadge tone={event.values.status}>{t(`status.${event.values.status}`)}</StatusBadge>
            <span data-testid="participants">
              {t("participantsShown", { count: Number(event.values.participantsCount) })}
            </span>
          </>
        }
        publicLink={{
          href: tenantLinks("path", membership.company.slug).event(event.values.slug),
          label: t("viewPublic"),
        }}
        actions={
          <div className="flex flex-wrap gap-2">
            <PublishControl
              target={{ kind: "event", id: event.id, status: event.values.status }}
              title={event.values.name}
            />
            <Button asChild variant="secondary">
              <Link href={`/admin/content/new?kind=photo_gallery&eventId=${event.id}`}>
                <Plus aria-hidden className="size-4" />
                {t("addGallery")}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link href={`/admin/content?eventId=${event.id}`}>
                {t("contentsLink", { count: event.contentCount })}
              </Link>
            </Button>
            <DeleteEventButton eventId={event.id} name={event.values.name} />
          </div>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[1fr_16rem]">
        <EventForm
          key={event.values.slug}
          eventId={event.id}
          initial={event.values}
          banner={event.banner}
          timeZones={timeZones()}
          translations={translations}
          pathPrefix={tenantLinks("path", membership.company.slug).event("")}
        />
        <aside className="flex flex-col gap-8">
          <QrCodesPanel membership={membership} item={{ kind: "event", id: event.id }} />
          <SponsorLogoPanel
            eventId={event.id}
            sponsor={await eventSponsor(membership.company.id, event.id)}
          />
        </aside>
      </div>
    </EditPageFrame>
  );
}
