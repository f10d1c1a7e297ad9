"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { fetchJson } from "@/lib/core/http/fetch-json";

/**
 * Footer "Login" (→ /auth), or "Admin" (→ /admin) when signed in (spec §2). Asked from the
 * browser (Better Auth's `GET /api/auth/get-session` answers `null` when signed out), so the
 * page itself stays the same for everyone and can be cached.
 */
export function AccountLink({ className }: { className?: string }) {
  const t = useTranslations("footer");
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void fetchJson<unknown>("/api/auth/get-session", {
      credentials: "same-origin",
      signal: controller.signal,
    }).then((result) => {
      if (result.ok) setSignedIn(Boolean(result.data && typeof result.data === "object"));
    });
    return () => controller.abort();
  }, []);

  return signedIn ? (
    <Link href="/admin" prefetch={false} className={className}>
      {t("admin")}
    </Link>
  ) : (
    <Link href="/auth" prefetch={false} className={className}>
      {t("login")}
    </Link>
  );
}
