import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResendConfirmationForm } from "@/components/auth/resend-confirmation-form";
import { Button } from "@/components/ui/button";
import { afterSignInPath } from "@/lib/platform/tenancy/destination";
import { LINK_USED_ERROR } from "@/lib/platform/auth/links";
import { safeNextPath } from "@/lib/platform/auth/redirects";
import { firstParam } from "@/lib/platform/auth/search-params";
import { getCurrentSession } from "@/lib/platform/auth/session";
import Link from "next/link";

export async function generateMetadata({
  params,
}: PageProps<"/[locale]/email-confirmation">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "auth.confirmation" });
  return { title: t("metaTitle"), robots: { index: false } };
}

type State = "success" | "expired" | "invalid" | "used" | "pending";

/**
 * Where the confirmation link lands (Better Auth verifies the token, signs the user in and
 * redirects here, with `?error=…` when the link is expired, invalid or already used).
 */
export default async function EmailConfirmationPage({
  params,
  searchParams,
}: PageProps<"/[locale]/email-confirmation">) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const error = firstParam(query.error);
  const next = safeNextPath(firstParam(query.next), "");
  const session = await getCurrentSession();

  const state: State =
    error === "TOKEN_EXPIRED"
      ? "expired"
      : error === LINK_USED_ERROR
        ? "used"
        : error
          ? "invalid"
          : session
            ? "success"
            : "pending";

  const t = await getTranslations("auth.confirmation");
  const callbackURL = next ? `/email-confirmation?next=${encodeURIComponent(next)}` : "/email-confirmation";
  const signIn = next ? `/auth?next=${encodeURIComponent(next)}` : "/auth";

  return (
    <AuthShell title={t(`${state}Title`)}>
      <div role={state === "success" ? "status" : state === "pending" ? undefined : "alert"}>
        <p className="text-zinc-700 dark:text-zinc-300">{t(`${state}Body`)}</p>
      </div>
      {state === "success" && (
        <Button asChild className="mt-6 w-full">
          <Link href={await afterSignInPath(next || null)}>{t("continue")}</Link>
        </Button>
      )}
      {state === "used" && (
        <Button asChild className="mt-6 w-full">
          <Link href={session ? await afterSignInPath(next || null) : signIn}>
            {session ? t("continue") : t("signIn")}
          </Link>
        </Button>
      )}
      {(state === "expired" || state === "invalid" || state === "pending") && (
        <ResendConfirmationForm callbackURL={callbackURL} />
      )}
    </AuthShell>
  );
}
