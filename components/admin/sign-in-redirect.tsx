"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { signInPath } from "@/lib/platform/auth/redirects";

/**
 * A signed-out visitor of /admin/… goes to /auth and comes back here afterwards. Layouts do
 * not know the URL on the server, so the browser (which does) makes the move.
 */
export function SignInRedirect() {
  const t = useTranslations("admin");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const target = signInPath(search ? `${pathname}?${search}` : pathname);
  useEffect(() => {
    router.replace(target);
  }, [router, target]);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <p role="status">
        <Link href={target} className="text-brand-600 underline">
          {t("redirecting")}
        </Link>
      </p>
    </main>
  );
}
