import { Download } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";

/**
 * The QR code of the event's public URL, with PNG and SVG downloads; on a plan without QR
 * codes (Starter), a pointer to the subscription page instead (the route refuses them too).
 */
export async function EventQr({
  eventId,
  publicUrl,
  locked = false,
}: {
  eventId: string;
  publicUrl: string;
  locked?: boolean;
}) {
  const t = await getTranslations("events");
  const base = `/api/admin/events/${eventId}/qr`;
  if (locked) {
    return (
      <section
        aria-labelledby="qr-heading"
        data-testid="qr-locked"
        className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
      >
        <h2 id="qr-heading" className="font-semibold">
          {t("qr.title")}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("qr.locked")}</p>
        <Link
          href="/admin/subscription"
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400"
        >
          {t("qr.upgrade")}
        </Link>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="qr-heading"
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
    >
      <h2 id="qr-heading" className="font-semibold">
        {t("qr.title")}
      </h2>
      {/* eslint-disable-next-line @next/next/no-img-element -- an authenticated API image */}
      <img
        src={`${base}?format=svg`}
        alt={t("qr.alt", { url: publicUrl })}
        className="size-40 rounded-lg bg-white p-2"
      />
      <p className="text-xs break-all text-zinc-600 dark:text-zinc-400">{publicUrl}</p>
      <div className="flex gap-2">
        <Button asChild variant="secondary" size="sm">
          <a href={`${base}?format=png&download=1`} download>
            <Download aria-hidden className="size-4" />
            {t("qr.png")}
          </a>
        </Button>
        <Button asChild variant="secondary" size="sm">
          <a href={`${base}?format=svg&download=1`} download>
            <Download aria-hidden className="size-4" />
            {t("qr.svg")}
          </a>
        </Button>
      </div>
    </section>
  );
}
