import { describe, expect, it } from "vitest";
import {
  AA_TEXT,
  brandPalette,
  contrastRatio,
  DEFAULT_BRAND,
  PAGE_BACKGROUND,
} from "@/lib/features/brand/colors";
import {
  BRAND_VARIABLES,
  brandStyleSheet,
  brandVariables,
  hoverShade,
} from "@/lib/features/brand/css-variables";
import {
  DEFAULT_TEMPLATE,
  TEMPLATE_STYLES,
  TEMPLATES,
  templateOf,
  templateStyle,
} from "@/lib/features/brand/templates";
import { publicBrand } from "@/lib/surfaces/public-site/mappers";

describe("templates", () => {
  it("maps unknown or empty stored values to classic", () => {
    for (const id of TEMPLATES) expect(templateOf(id)).toBe(id);
    for (const bad of ["", null, undefined, "Classic", "stage ", "<script>", "__proto__", "toString"]) {
      expect(templateOf(bad)).toBe(DEFAULT_TEMPLATE);
    }
  });

  it("gives each template its own layout and typography, not only a colour", () => {
    expect(Object.keys(TEMPLATE_STYLES).sort()).toEqual([...TEMPLATES].sort());
    const [classic, editorial, stage] = TEMPLATES.map(templateStyle);
    expect(new Set([classic!.layout, editorial!.layout, stage!.layout]).size).toBe(3);
    expect(classic!.font).toBe("font-sans");
    expect(editorial!.font).toBe("font-serif");
    expect(editorial!.label).toContain("small-caps");
    expect(editorial!.list).toContain("flex-col");
    expect(stage!.title).toMatch(/uppercase/);
    expect(stage!.title).toMatch(/font-condensed/);
    expect(stage!.list).toContain("gap-px");
    for (const key of ["title", "heading", "label", "list"] as const) {
      expect(new Set(TEMPLATES.map((t) => TEMPLATE_STYLES[t][key])).size).toBe(3);
    }
  });
});

describe("brand colours on the public pages", () => {
  it("defines every variable, each an AA pair where text meets a surface", () => {
    for (const picks of [{}, { brandColor: "#ffd400", accentColor: "#0a7cff" }, { brandColor: "#101010" }]) {
      const palette = brandPalette(picks);
      const vars = brandVariables(palette);
      expect(Object.keys(vars).sort()).toEqual([...BRAND_VARIABLES].sort());
      expect(contrastRatio(vars["--tenant-on-brand"], vars["--tenant-brand"])).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
      expect(contrastRatio(vars["--tenant-on-brand"], vars["--tenant-brand-hover"])).toBeGreaterThanOrEqual(
        contrastRatio(vars["--tenant-on-brand"], vars["--tenant-brand"]),
      );
      expect(contrastRatio(vars["--tenant-ink-light"], PAGE_BACKGROUND.light)).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
      expect(contrastRatio(vars["--tenant-ink-dark"], PAGE_BACKGROUND.dark)).toBeGreaterThanOrEqual(AA_TEXT);
      expect(contrastRatio(vars["--tenant-on-accent"], vars["--tenant-accent"])).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
    }
  });

  it("keeps the platform's primary action for a company without colours", () => {
    const vars = brandVariables(brandPalette({}));
    expect(vars["--tenant-brand"]).toBe(DEFAULT_BRAND);
    expect(vars["--tenant-on-brand"]).toBe("#ffffff");
  });

  it("darkens the hover under white text and lightens it under black text", () => {
    expect(hoverShade("#c2410c", "#ffffff")).not.toBe("#c2410c");
    expect(contrastRatio(hoverShade("#ffd400", "#000000"), "#000000")).toBeGreaterThan(
      contrastRatio("#ffd400", "#000000"),
    );
  });

  it("writes a style sheet of hex values only", () => {
    const css = brandStyleSheet(
      brandPalette({ brandColor: "red;}body{display:none", accentColor: "#0A7CFF" }),
    );
    expect(css).toMatch(/^:root:root\{(--tenant-[a-z-]+:#[0-9a-f]{6};?)+\}$/);
    expect(css).toContain("--tenant-accent:#0a7cff");
    expect(css).toContain(`--tenant-brand:${DEFAULT_BRAND}`);
  });
});

describe("the plan decides the brand the pages show", () => {
  const row = {
    brandColor: "#FFD400",
    accentColor: "#0a7cff",
    colorScheme: "dark" as const,
    template: "editorial",
    subscription: null,
  };
  const now = new Date("2026-11-24T12:00:00Z");

  it("shows the picks from Professional up, white label on Enterprise only", () => {
    expect(publicBrand({ ...row, plan: "professional" }, now)).toEqual({
      brandColor: "#ffd400",
      accentColor: "#0a7cff",
      colorScheme: "dark",
      template: "editorial",
      whiteLabel: false,
    });
    expect(publicBrand({ ...row, plan: "premium" }, now).template).toBe("editorial");
    expect(publicBrand({ ...row, plan: "enterprise" }, now).whiteLabel).toBe(true);
  });

  it("shows the defaults on Starter and Basic, and after a trial ends", () => {
    const defaults = {
      brandColor: null,
      accentColor: null,
      colorScheme: "system",
      template: "classic",
      whiteLabel: false,
    };
    expect(publicBrand({ ...row, plan: "starter" }, now)).toEqual(defaults);
    expect(publicBrand({ ...row, plan: "basic" }, now)).toEqual(defaults);
    const trial = (end: string) => ({ trialActive: true, trialEnd: new Date(end) });
    expect(
      publicBrand({ ...row, plan: "starter", subscription: trial("2026-11-25T00:00:00Z") }, now).template,
    ).toBe("editorial");
    expect(
      publicBrand({ ...row, plan: "starter", subscription: trial("2026-11-24T11:00:00Z") }, now),
    ).toEqual(defaults);
  });
});
