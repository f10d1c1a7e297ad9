"use client";

import { useSyncExternalStore } from "react";
import { resolveLocale } from "@/lib/core/i18n/config";
import { topLevelErrorText } from "@/lib/core/i18n/top-level-error";

const noop = () => () => undefined;

function cookieLocale(): string | undefined {
  return document.cookie.match(/(?:^|;\s*)NEXT_LOCALE=([^;]+)/)?.[1];
}

// The root layout itself failed, so no provider or message bundle is available here: the
// visitor's language comes from the NEXT_LOCALE cookie (Portuguese by default).
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  const locale = useSyncExternalStore(
    noop,
    () => resolveLocale(cookieLocale()),
    () => "pt" as const,
  );
  const text = topLevelErrorText[locale];
  return (
    <html lang={locale}>
      <body
        style={{
          fontFamily: "system-ui, sans-serif",
          display: "grid",
          placeItems: "center",
          minHeight: "100dvh",
          margin: 0,
          background: "#0b0b12",
          color: "#f4f4f5",
        }}
      >
        <main style={{ textAlign: "center", maxWidth: 480, padding: 24 }}>
          <h1>{text.title}</h1>
          <p>{text.message}</p>
          <button
            type="button"
            onClick={() => (reset(), window.location.reload())}
            style={{
              marginTop: 16,
              padding: "10px 20px",
              borderRadius: 9999,
              border: 0,
              background: "#c2410c",
              color: "white",
              fontSize: 16,
              cursor: "pointer",
            }}
          >
            {text.reload}
          </button>
        </main>
      </body>
    </html>
  );
}
