import { getTranslations } from "next-intl/server";
import { StatusView } from "@/components/public/status-view";

/** 404 pages of the public site, each with its own message (spec §8) and a way home. */
export async function NotFoundView({ kind }: { kind: "page" | "company" | "event" | "content" }) {
  const t = await getTranslations();
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
