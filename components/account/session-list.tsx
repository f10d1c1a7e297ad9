import { getFormatter, getTranslations } from "next-intl/server";
import { describeUserAgent, displayIp } from "@/lib/features/account/device";
import type { SessionSummary } from "@/lib/platform/auth/session-lifecycle";
import { Card } from "@/components/ui/card";

/**
 * Where this account is signed in (Settings → sessions and the account page): browser and
 * device read from the user agent (never the raw string), start, last activity, address (an
 * unspecified one reads "unknown"); the current one marked.
 */
export async function SessionList({ sessions }: { sessions: SessionSummary[] }) {
  const [t, format] = await Promise.all([getTranslations("session"), getFormatter()]);
  const when = (date: Date) => format.dateTime(date, { dateStyle: "medium", timeStyle: "short" });
  return (
    <ul className="flex flex-col gap-3" data-testid="session-list" data-count={sessions.length}>
      {sessions.map((s) => {
        const device = describeUserAgent(s.userAgent);
        const title = [device.browser, device.os].filter(Boolean).join(" · ") || t("unknownBrowser");
        return (
          <Card asChild key={s.id} padding="sm" className="text-sm">
            <li>
              <p className="font-medium break-words" data-testid="session-device">
                {title}
                {s.current && (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 dark:bg-brand-600/20 dark:text-brand-400">
                    {t("current")}
                  </span>
                )}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-zinc-600 dark:text-zinc-400">
                <dt>{t("device")}</dt>
                <dd>{t(`deviceTypes.${device.type}`)}</dd>
                <dt>{t("started")}</dt>
                <dd>{when(s.createdAt)}</dd>
                <dt>{t("lastActive")}</dt>
                <dd>{when(s.lastActiveAt)}</dd>
                <dt>{t("ip")}</dt>
                <dd>{displayIp(s.ipAddress) ?? t("unknown")}</dd>
              </dl>
            </li>
          </Card>
        );
      })}
    </ul>
  );
}
