/** The engagement bar's pill buttons: at least 44 px tall (touch targets), visible focus, dark mode. */
export const pillButton =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 transition-colors hover:border-zinc-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100 dark:hover:border-zinc-500";
