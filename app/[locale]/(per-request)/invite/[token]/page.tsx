import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AcceptInvitationButton } from "@/components/auth/accept-invitation-button";
import { AuthShell } from "@/components/auth/auth-shell";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { Button } from "@/components/ui/button";
import { getCurrentSession } from "@/lib/platform/auth/session";
import { findInvitation } from "@/lib/features/team/accept-invitation";

export async function generateMetadata({ params }: PageProps<"/[locale]/invite/[token]">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "team.invite" });
  return { title: t("metaTitle"), robots: { index: false }, referrer: "no-referrer" };
}

/** An invitation link: accept it signed in with the invited address, or sign in / sign up first. */
export default async function InvitePage({ params }: PageProps<"/[locale]/invite/[token]">) {
  const { locale, token } = await params;
  setRequestLocale(locale);
  const t = await getTranslations("team");
  const invitation = await findInvitation(token);

  if (!invitation || invitation.status !== "valid") {
    const title =
      invitation?.status === "accepted"
        ? t("invite.acceptedTitle")
        : invitation?.status === "expired"
          ? t("invite.expiredTitle")
          : t("invite.invalidTitle");
    const message = invitation?.status === "expired" ? t("invitationExpired") : t("invitationInvalid");
    return (
      <AuthShell title={title}>
        <p role="alert">{message}</p>
      </AuthShell>
    );
  }

  const session = await getCurrentSession();
  const role = t(`roles.${invitation.role}`);
  const here = `/invite/${token}`;
  const query = (mode?: string) =>
    `/auth?${new URLSearchParams({ ...(mode ? { mode } : {}), next: here, email: invitation.email }).toString()}`;

  return (
    <AuthShell
      title={t("invite.title", { company: invitation.companyName })}
      description={t("invite.body", { company: invitation.companyName, role })}
    >
      <p className="mb-6 text-sm text-zinc-500">{t("invite.forEmail", { email: invitation.email })}</p>
      {!session ? (
        <div className="flex flex-col gap-3">
          <p>{t("invite.signInToAccept", { email: invitation.email })}</p>
          <Button asChild>
            <Link href={query()}>{t("invite.signIn")}</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link href={query("signup")}>{t("invite.signUp")}</Link>
          </Button>
        </div>
      ) : session.user.email.toLowerCase() !== invitation.email ? (
        <div className="flex flex-col gap-3">
          <p role="alert">
            {t("invite.wrongAccount", { current: session.user.email, email: invitation.email })}
          </p>
          <SignOutButton>{t("invite.signOut")}</SignOutButton>
        </div>
      ) : (
        <AcceptInvitationButton token={token} />
      )}
    </AuthShell>
  );
}
