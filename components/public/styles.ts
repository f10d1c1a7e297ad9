/**
 * The primary action colour of the public pages: orange-700 keeps white text above the
 * WCAG AA 4.5:1 contrast (brand-600 with white is 3.6:1). Passed to `<Button>` as an override.
 */
export const primaryAction = "bg-orange-700 hover:bg-orange-800 disabled:bg-orange-700/60";
