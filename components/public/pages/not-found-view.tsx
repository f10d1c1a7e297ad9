"use client";

import { useTranslations } from "next-intl";
import { StatusView } from "@/components/public/status-view";

/**
 * 404 pages of the public site, each with its own message (spec §8) and a way home.
 * A client component on purpose: Next renders nested not-found boundaries outside the
 * page's render, where next-intl's server APIs cannot see the locale set by the layout and
 * would read `headers()`, making every page under them dynamic. The messages it needs
 * (`errors`, `common`) are sent to the browser anyway.
 */
export function NotFoundView({ kind }: { kind: "page" | "company" | "event" | "content" }) {
  const t = useTranslations();
  const titles = {
    page: "errors.notFoundTitle",
    company: "errors.companyNotFound",
    event: "errors.eventNotFound",
    content: "errors.contentNotFound",
  } as const;
  const messages = {
    page: "errors.notFoundMessage",
    company: "errors.companyNotFoundMessage",
    event: "errors.eventNotFoundMessage",
    content: "errors.contentNotFoundMessage",
  } as const;
  return (
    <main id="main">
      <StatusView
        code="404"
        title={t(titles[kind])}
        message={t(messages[kind])}
        action={{ href: "/", label: t("common.goHome") }}
      />
    </main>
  );
}
