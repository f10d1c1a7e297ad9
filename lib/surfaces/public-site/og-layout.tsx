import { brandPalette, PAGE_BACKGROUND } from "@/lib/features/brand/colors";
import type { OgSubjectData } from "@/lib/surfaces/public-site/load-og-subject";

/**
 * The share image's drawing, per template (Satori: flex boxes, inline styles, the default
 * font — no font download, so the template shows through layout, case and spacing):
 * classic is dark with the photo on the right and a brand bar; editorial a light page with
 * a centred title between double rules; stage the brand colour edge to edge with a huge
 * uppercase title. Colours come from `brandPalette`, so text keeps AA contrast.
 */
export interface OgContent {
  subject: OgSubjectData;
  logo: string | null;
  photo: string | null;
  eyebrow: string;
  subtitle: string | null | undefined;
}

function Logo({ logo, size, fill }: { logo: string | null; size: number; fill: string }) {
  return logo ? (
    // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain <img>
    <img src={logo} width={size} height={size} alt="" style={{ borderRadius: size / 5 }} />
  ) : (
    <div style={{ display: "flex", width: size, height: size, borderRadius: size / 5, background: fill }} />
  );
}

function Signature({ subject, color, bar }: { subject: OgSubjectData; color: string; bar: string }) {
  return (
    <div style={{ display: "flex", alignItems: "center", gap: 12, fontSize: 24, color }}>
      <div style={{ display: "flex", width: 40, height: 6, borderRadius: 3, background: bar }} />
      {subject.brand.whiteLabel ? subject.companyName : "Afterglow"}
    </div>
  );
}

const titleSize = (title: string, big: number) => (title.length > 40 ? Math.round(big * 0.8) : big);

export function OgLayout({ subject, logo, photo, eyebrow, subtitle }: OgContent) {
  const palette = brandPalette(subject.brand);
  const title = subject.title.slice(0, 90);
  const sub = subtitle?.slice(0, 140);
  const showEyebrow = eyebrow !== subject.companyName;

  if (subject.brand.template === "editorial") {
    const paper = PAGE_BACKGROUND.light;
    return (
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "space-between",
          width: "100%",
          height: "100%",
          background: paper,
          color: "#18181b",
          padding: "48px 72px",
          textAlign: "center",
        }}
      >
        <div style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 14 }}>
          <Logo logo={logo} size={96} fill={palette.brand} />
          <div style={{ display: "flex", fontSize: 26, letterSpacing: 6, textTransform: "uppercase" }}>
            {subject.companyName}
          </div>
        </div>
        <div
          style={{
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            gap: 16,
            width: "100%",
            borderTop: "3px solid #18181b",
            borderBottom: "3px solid #18181b",
            padding: "26px 0",
          }}
        >
          {showEyebrow && (
            <div
              style={{
                display: "flex",
                fontSize: 24,
                letterSpacing: 5,
                textTransform: "uppercase",
                color: palette.brandText.light,
              }}
            >
              {eyebrow}
            </div>
          )}
          <div style={{ display: "flex", fontSize: titleSize(title, 62), fontWeight: 400, lineHeight: 1.1 }}>
            {title}
          </div>
          {sub && <div style={{ display: "flex", fontSize: 26, color: "#3f3f46" }}>{sub}</div>}
        </div>
        <Signature subject={subject} color="#52525b" bar={palette.brand} />
      </div>
    );
  }

  if (subject.brand.template === "stage") {
    return (
      <div
        style={{
          display: "flex",
          width: "100%",
          height: "100%",
          background: palette.brand,
          color: palette.onBrand,
        }}
      >
        <div
          style={{
            display: "flex",
            flexDirection: "column",
            justifyContent: "space-between",
            width: photo ? 700 : 1200,
            padding: 56,
          }}
        >
          <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
            <Logo logo={logo} size={72} fill={palette.onBrand} />
            <div
              style={{
                display: "flex",
                fontSize: 30,
                fontWeight: 700,
                textTransform: "uppercase",
                letterSpacing: 2,
              }}
            >
              {subject.companyName}
            </div>
          </div>
          <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
            {showEyebrow && (
              <div
                style={{
                  display: "flex",
                  fontSize: 26,
                  fontWeight: 700,
                  letterSpacing: 4,
                  textTransform: "uppercase",
                }}
              >
                {eyebrow}
              </div>
            )}
            <div
              style={{
                display: "flex",
                fontSize: titleSize(title, 84),
                fontWeight: 900,
                lineHeight: 0.95,
                textTransform: "uppercase",
                letterSpacing: -2,
              }}
            >
              {title}
            </div>
            {sub && <div style={{ display: "flex", fontSize: 28, fontWeight: 600 }}>{sub}</div>}
          </div>
          <Signature subject={subject} color={palette.onBrand} bar={palette.onBrand} />
        </div>
        {photo && (
          // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain <img>
          <img src={photo} width={500} height={630} alt="" style={{ objectFit: "cover" }} />
        )}
      </div>
    );
  }

  const accent = palette.brandText.dark;
  return (
    <div
      style={{
        display: "flex",
        width: "100%",
        height: "100%",
        background: PAGE_BACKGROUND.dark,
        color: "white",
      }}
    >
      <div
        style={{
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          width: photo ? 640 : 1200,
          padding: 56,
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
          <Logo logo={logo} size={80} fill={palette.brand} />
          <div style={{ display: "flex", fontSize: 30, color: "#d4d4d8" }}>{subject.companyName}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
          {showEyebrow && <div style={{ display: "flex", fontSize: 28, color: accent }}>{eyebrow}</div>}
          <div style={{ display: "flex", fontSize: titleSize(title, 64), fontWeight: 700, lineHeight: 1.1 }}>
            {title}
          </div>
          {sub && (
            <div style={{ display: "flex", fontSize: 28, color: "#d4d4d8", lineHeight: 1.3 }}>{sub}</div>
          )}
        </div>
        <Signature subject={subject} color="#a1a1aa" bar={palette.brand} />
      </div>
      {photo && (
        // eslint-disable-next-line @next/next/no-img-element -- Satori draws plain <img>
        <img src={photo} width={560} height={630} alt="" style={{ objectFit: "cover" }} />
      )}
    </div>
  );
}
