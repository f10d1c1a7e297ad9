import type { Locale } from "@/lib/core/i18n/config";

/**
 * The texts of the top-level error screen, which shows when the root layout itself failed,
 * so no message bundle is loaded (spec §8: "Algo deu errado" / reload). Kept equal to
 * `errors.topLevelTitle`, `errors.topLevelMessage` and `common.reload` in messages/*.json by
 * a unit test; copied here so the screen needs no 4 × full catalogue in the browser.
 */
export const topLevelErrorText: Record<Locale, { title: string; message: string; reload: string }> = {
  pt: {
    title: "Algo deu errado",
    message: "Ocorreu um erro inesperado na interface. Tente atualizar a página.",
    reload: "Recarregar página",
  },
  en: {
    title: "Something went wrong",
    message: "An unexpected error occurred in the interface. Try reloading the page.",
    reload: "Reload page",
  },
  es: {
    title: "Algo salió mal",
    message: "Se produjo un error inesperado en la interfaz. Intenta recargar la página.",
    reload: "Recargar página",
  },
  fr: {
    title: "Une erreur est survenue",
    message: "Une erreur inattendue s’est produite dans l’interface. Essayez de recharger la page.",
    reload: "Recharger la page",
  },
};
