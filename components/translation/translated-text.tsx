"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useState, type ReactNode } from "react";
import { isLocale } from "@/lib/core/i18n/config";
import type { ShownText } from "@/lib/surfaces/public-site/types";

/**
 * The organiser's texts on a public page (issue #15): a version in the page's language, and
 * for an engine's version a note that swaps every text of its scope back to the original.
 * Both texts are in the cached HTML (the original `hidden`), so the swap needs no request and
 * no inline script (the public CSP is hash-based); without JavaScript the version stays.
 */
const Scope = createContext<{ original: boolean; toggle: () => void }>({
  original: false,
  toggle: () => undefined,
});

/** One entity's texts (an event's name and description, …) share one note and one toggle. */
export function TranslationScope({ children }: { children: ReactNode }) {
  const [original, setOriginal] = useState(false);
  return (
    <Scope.Provider value={{ original, toggle: () => setOriginal((value) => !value) }}>
      {children}
    </Scope.Provider>
  );
}

type Tag = "h1" | "h2" | "p" | "span" | "figcaption";

/** A text in its shown language (`lang`); an automatic version carries its original, hidden. */
export function TranslatedText({
  shown,
  as: Element = "p",
  className,
}: {
  shown: ShownText;
  as?: Tag;
  className?: string;
}) {
  const { original } = useContext(Scope);
  if (!shown.automatic) {
    return (
      <Element lang={shown.lang} className={className}>
        {shown.text}
      </Element>
    );
  }
  return (
    <>
      <Element lang={shown.lang} data-translated="automatic" hidden={original} className={className}>
        {shown.text}
      </Element>
      <Element lang={shown.originalLang} data-original="" hidden={!original} className={className}>
        {shown.original}
      </Element>
    </>
  );
}

/** "Translated automatically · Show original" ↔ "Original (Português) · Show translation". */
export function TranslationNote({ originalLang, className }: { originalLang: string; className?: string }) {
  const t = useTranslations("translated");
  const languages = useTranslations("language");
  const { original, toggle } = useContext(Scope);
  return (
    <p className={className ?? "text-sm text-zinc-600 dark:text-zinc-400"}>
      <span aria-live="polite">
        {original
          ? t("original", { language: isLocale(originalLang) ? languages(originalLang) : originalLang })
          : t("automatic")}
      </span>
      <span aria-hidden> · </span>
      <button
        type="button"
        onClick={toggle}
        className="font-medium underline underline-offset-2 hover:no-underline"
      >
        {original ? t("showTranslation") : t("showOriginal")}
      </button>
    </p>
  );
}
