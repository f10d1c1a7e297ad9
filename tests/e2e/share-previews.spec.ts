import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import ogs from "open-graph-scraper";
import sharp from "sharp";

/**
 * Issue #17: what a link unfurler (open-graph-scraper, as link-preview services use) reads from
 * every public page type — title, description, locale and its alternates, and a 1200×630
 * JPEG of at most 200 KB (WhatsApp drops heavier previews) — in the page's language.
 * The pages are fetched as WhatsApp's crawler does (its user agent, no cookies, no script).
 */
const WHATSAPP = "WhatsApp/2.24.6.77 A";
const MAX_IMAGE_BYTES = 200 * 1024;
const OG_LOCALES = ["pt_PT", "en_GB", "es_ES", "fr_FR"];

/** A GET as the crawler sends it; `host` names a tenant host (Node cannot resolve *.localhost). */
function crawl(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "user-agent": WHATSAPP, ...headers } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

async function preview(url: string, language?: string, host?: string) {
  const response = await crawl(url, {
    ...(language ? { "accept-language": language } : {}),
    ...(host ? { host } : {}),
  });
  expect(response.status, url).toBe(200);
  const html = response.body;
  const scraped = await ogs({ html });
  expect(scraped.error, url).toBe(false);
  const alternates = [...html.matchAll(/<meta property="og:locale:alternate" content="([^"]+)"/g)].map(
    (m) => m[1],
  );
  return { ...scraped.result, alternates };
}

async function expectShareImage(request: APIRequestContext, url: string | undefined, page: string) {
  expect(url, `${page}: og:image`).toMatch(/^https?:\/\//);
  // The path on this server: a reused build's static pages name the origin it was built for.
  const { pathname, search } = new URL(url!);
  const response = await request.get(pathname + search, { headers: { "user-agent": WHATSAPP } });
  expect(response.status(), `${page}: ${url}`).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  const body = await response.body();
  expect(body.length, `${page}: image bytes`).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
  const meta = await sharp(body).metadata();
  expect([meta.format, meta.width, meta.height], page).toEqual(["jpeg", 1200, 630]);
}

const PAGES: { name: string; path: string; title: RegExp }[] = [
  { name: "home", path: "/", title: /Afterglow/ },
  { name: "privacy", path: "/privacy", title: /./ },
  { name: "terms", path: "/terms", title: /./ },
  { name: "cookies", path: "/cookies", title: /./ },
  { name: "landing", path: "/demo", title: /Demo Live/ },
  { name: "event", path: "/demo/evento/festival-de-verao", title: /^Festival de Verão 2026 · Demo Live$/ },
  {
    name: "player",
    path: "/demo/player/seed-festival-palco-principal",
    title: / · Demo Live$/,
  },
  { name: "tenant terms", path: "/demo/termos", title: / · Demo Live$/ },
  { name: "tenant privacy", path: "/demo/privacidade", title: / · Demo Live$/ },
];

test("every public page type unfurls with title, description, locale and a light JPEG", async ({
  request,
  baseURL,
}) => {
  for (const { name, path, title } of PAGES) {
    const result = await preview(new URL(path, baseURL).href);
    expect(result.ogTitle, name).toMatch(title);
    expect(result.ogDescription?.length ?? 0, `${name}: og:description`).toBeGreaterThan(10);
    expect(result.ogLocale, name).toBe("pt_PT");
    expect(result.alternates.sort(), name).toEqual(OG_LOCALES.filter((l) => l !== "pt_PT").sort());
    const [image] = result.ogImage ?? [];
    expect(
      { width: image?.width, height: image?.height, type: image?.type, alt: Boolean(image?.alt) },
      name,
    ).toEqual({ width: "1200", height: "630", type: "image/jpeg", alt: true });
    await expectShareImage(request, image?.url, name);
  }
});

test("a preview is in the reader's language, on the tenant's own host too", async ({ request, baseURL }) => {
  const home = await preview(new URL("/", baseURL).href, "en-GB,en;q=0.8");
  expect(home.ogLocale).toBe("en_GB");
  expect(home.ogTitle).toBe("Afterglow — phone-free events, memories for everyone");
  expect(home.ogImage?.[0]?.url).toMatch(/\/api\/og\/site\/home\/en\?v=/);

  const tenantHost = `demo.localhost:${new URL(baseURL!).port}`;
  const event = await preview(new URL("/evento/festival-de-verao", baseURL).href, "fr", tenantHost);
  expect(event.ogLocale).toBe("fr_FR");
  expect(event.alternates.sort()).toEqual(["en_GB", "es_ES", "pt_PT"]);
  expect(event.ogImage?.[0]?.url).toMatch(/\/api\/og\/event\/[^/]+\/fr\?v=/);
  await expectShareImage(request, event.ogImage?.[0]?.url, "event (fr)");
});
