"use client";

// The root layout itself failed, so no provider or message bundle is available here:
// the spec's Portuguese text is the default, with English beneath it.
export default function GlobalError({ reset }: { error: Error; reset: () => void }) {
  return (
    <html lang="pt">
      <body
        style={{
          fontFamily: "system-ui, sans-serif",
          display: "grid",
          placeItems: "center",
          minHeight: "100dvh",
        }}
      >
        <main style={{ textAlign: "center", maxWidth: 480, padding: 24 }}>
          <h1>Algo deu errado</h1>
          <p>Ocorreu um erro inesperado na interface. Tente atualizar a página.</p>
          <p lang="en" style={{ color: "#666" }}>
            Something went wrong. Try reloading the page.
          </p>
          <button type="button" onClick={() => (reset(), window.location.reload())}>
            Recarregar / Reload
          </button>
        </main>
      </body>
    </html>
  );
}
