/** The pill buttons' shape: at least 44 px tall (touch targets), visible focus. */
export const pillShape =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60";

/** Their resting colours, light and dark (a pressed like has its own: classes are joined, not merged). */
export const pillColours =
  "border-zinc-300 bg-white text-zinc-900 hover:border-zinc-500 dark:border-zinc-700 dark:bg-ink-800 dark:text-zinc-100 dark:hover:border-zinc-500";

/** The public pages' pill buttons: the engagement bar's, and the share menu's trigger. */
export const pillButton = `${pillShape} ${pillColours}`;
