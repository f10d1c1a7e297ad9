/** Class names the home's sections share. */
export const sectionTitle = "text-3xl font-bold tracking-tight sm:text-4xl";
export const muted = "text-zinc-600 dark:text-zinc-400";
