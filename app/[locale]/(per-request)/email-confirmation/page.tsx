import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/auth/auth-shell";
import { ResendConfirmationForm } from "@/components/auth/resend-confirmation-form";
import { Button } from "@/components/ui/button";
import { afterSignInPath } from "@/lib/platform/tenancy/destination";
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

type State = "success" | "unusable" | "pending";

/**
 * Where the confirmation link lands (Better Auth verifies the token, signs the user in and
 * redirects here). A link that confirms nothing — expired, already used, replaced, forged —
 * comes back with one `?error=` (auth.ts) and one message: telling them apart would tell anyone
 * holding a made-up link whether an address has an account.
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

  const state: State = error ? "unusable" : session ? "success" : "pending";

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
      {state === "unusable" && (
        <Button asChild className="mt-6 w-full">
          <Link href={session ? await afterSignInPath(next || null) : signIn}>
            {session ? t("continue") : t("signIn")}
          </Link>
        </Button>
      )}
      {(state === "unusable" || state === "pending") && <ResendConfirmationForm callbackURL={callbackURL} />}
    </AuthShell>
  );
}
