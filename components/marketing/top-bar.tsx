"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { AfterglowLogo } from "@/components/marketing/afterglow-logo";
import { LanguageSwitcher } from "@/components/preferences/language-switcher";
import { ThemeSwitcher } from "@/components/preferences/theme-switcher";
import { Button } from "@/components/ui/button";
import { cx } from "@/lib/core/join-classes";

// Loaded on first open: the dialog's code is not part of the home page's first load.
const ContactDialog = dynamic(
  () => import("@/components/marketing/contact-dialog").then((m) => m.ContactDialog),
  { ssr: false },
);

/**
 * The home's fixed top bar (spec §2): Start free (sign-up, issue #18), Contact Us, language and
 * theme; the logo appears once
 * the hero (`#hero`) has scrolled out of view.
 */
export function TopBar() {
  const t = useTranslations();
  const [pastHero, setPastHero] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [contactLoaded, setContactLoaded] = useState(false);

  useEffect(() => {
    const hero = document.getElementById("hero");
    if (!hero || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      ([entry]) => setPastHero(entry ? !entry.isIntersecting : false),
      // Past the hero once less than the bar's height of it is left on screen.
      { rootMargin: "-64px 0px 0px 0px" },
    );
    observer.observe(hero);
    return () => observer.disconnect();
  }, []);

  return (
    <header
      className={cx(
        "fixed inset-x-0 top-0 z-30 transition-colors",
        pastHero
          ? "border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-ink-900/90"
          : "bg-transparent text-white",
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a
          href="#hero"
          data-testid="top-bar-logo"
          aria-hidden={!pastHero}
          tabIndex={pastHero ? 0 : -1}
          className={cx(
            "touch-target inline-flex items-center transition-opacity duration-300",
            pastHero ? "opacity-100" : "pointer-events-none opacity-0",
          )}
        >
          <AfterglowLogo label={t("common.appName")} />
        </a>
        <div className="flex items-center gap-2">
          <LanguageSwitcher
            className={cx(
              !pastHero && "[&_option]:text-zinc-900 [&_select]:border-white/40 [&_select]:text-white",
            )}
          />
          <ThemeSwitcher className="hidden sm:inline-flex" overlay={!pastHero} />
          <Button
            size="sm"
            variant={pastHero ? "ghost" : "overlay"}
            className="whitespace-nowrap"
            onClick={() => {
              setContactLoaded(true);
              setContactOpen(true);
            }}
          >
            {t("contact.title")}
          </Button>
          <Button asChild size="sm" variant="brand" className="whitespace-nowrap">
            <Link href="/auth?mode=signup" prefetch={false} data-testid="top-bar-start-free">
              {t("common.startFree")}
            </Link>
          </Button>
        </div>
      </div>
      {contactLoaded && <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />}
    </header>
  );
}
