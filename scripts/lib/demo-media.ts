/**
 * Generators for the demo seed's media: concert photos and logos here; a synthesised WAV in
 * demo-audio.ts, a short MP4 with its poster frame in demo-video.ts, a small PDF in demo-pdf.ts. Everything is produced locally from a numeric
 * seed (no network, no binary assets besides the video fallback), and the same seed gives
 * the same bytes, so a re-run of the seed finds its objects already stored.
 */
import sharp from "sharp";
import { PALETTES, THEMES } from "./demo-photo-themes";

// ───────────────────────────── randomness and colour ─────────────────────────────

export type Rng = () => number;

/** mulberry32: a tiny deterministic PRNG; `Math.random` would change the bytes on every run. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** Linear mix of two #rrggbb colours. */
function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  const out = [0, 1, 2].map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const f1 = (n: number) => n.toFixed(1);

// ───────────────────────────── photos ─────────────────────────────

export type PhotoTheme = "festival" | "acoustic" | "club" | "backstage";

export interface PhotoOptions {
  seed: number;
  theme: PhotoTheme;
  width?: number;
  height?: number;
}

const SILHOUETTE = "#050307";

/** A performer seen from the crowd, anchored at the feet; `h` is the standing height. */
function performer(x: number, baseY: number, h: number, seated: boolean, rng: Rng): string {
  const parts: string[] = [];
  if (seated) {
    const seatY = baseY - h * 0.33;
    parts.push(
      `<rect x="${f1(x - h * 0.09)}" y="${f1(seatY)}" width="${f1(h * 0.018)}" height="${f1(h * 0.33)}"/>`,
      `<rect x="${f1(x + h * 0.07)}" y="${f1(seatY)}" width="${f1(h * 0.018)}" height="${f1(h * 0.33)}"/>`,
      `<circle cx="${f1(x)}" cy="${f1(seatY - h * 0.42)}" r="${f1(h * 0.07)}"/>`,
      `<path d="M${f1(x - h * 0.13)},${f1(seatY - h * 0.32)} L${f1(x + h * 0.13)},${f1(seatY - h * 0.32)} L${f1(x + h * 0.1)},${f1(seatY)} L${f1(x - h * 0.1)},${f1(seatY)} Z"/>`,
      // Guitar across the lap: body, then neck towards the upper left.
      `<ellipse cx="${f1(x + h * 0.04)}" cy="${f1(seatY - h * 0.06)}" rx="${f1(h * 0.16)}" ry="${f1(h * 0.11)}" transform="rotate(-18 ${f1(x)} ${f1(seatY)})"/>`,
      `<rect x="${f1(x - h * 0.42)}" y="${f1(seatY - h * 0.2)}" width="${f1(h * 0.36)}" height="${f1(h * 0.03)}" transform="rotate(-22 ${f1(x)} ${f1(seatY)})"/>`,
      `<path d="M${f1(x - h * 0.1)},${f1(seatY)} L${f1(x + h * 0.22)},${f1(seatY - h * 0.02)} L${f1(x + h * 0.22)},${f1(baseY)} L${f1(x + h * 0.16)},${f1(baseY)} L${f1(x + h * 0.16)},${f1(seatY + h * 0.06)} L${f1(x - h * 0.1)},${f1(seatY + h * 0.07)} Z"/>`,
    );
  } else {
    const shoulderY = baseY - h * 0.8;
    const hipY = baseY - h * 0.46;
    parts.push(
      `<circle cx="${f1(x)}" cy="${f1(baseY - h * 0.915)}" r="${f1(h * 0.075)}"/>`,
      `<path d="M${f1(x - h * 0.13)},${f1(shoulderY)} Q${f1(x)},${f1(shoulderY - h * 0.05)} ${f1(x + h * 0.13)},${f1(shoulderY)} L${f1(x + h * 0.09)},${f1(hipY)} L${f1(x - h * 0.09)},${f1(hipY)} Z"/>`,
      `<path d="M${f1(x - h * 0.09)},${f1(hipY)} L${f1(x + h * 0.09)},${f1(hipY)} L${f1(x + h * 0.11)},${f1(baseY)} L${f1(x + h * 0.04)},${f1(baseY)} L${f1(x)},${f1(hipY + h * 0.12)} L${f1(x - h * 0.04)},${f1(baseY)} L${f1(x - h * 0.11)},${f1(baseY)} Z"/>`,
    );
    const pose = rng();
    const armW = h * 0.045;
    if (pose < 0.4) {
      // One arm raised to the crowd.
      parts.push(
        `<rect x="${f1(x + h * 0.1)}" y="${f1(shoulderY - h * 0.36)}" width="${f1(armW)}" height="${f1(h * 0.38)}" rx="${f1(armW / 2)}" transform="rotate(18 ${f1(x + h * 0.12)} ${f1(shoulderY)})"/>`,
      );
    } else if (pose < 0.75) {
      // Guitar slung across the body.
      parts.push(
        `<ellipse cx="${f1(x + h * 0.03)}" cy="${f1(hipY - h * 0.02)}" rx="${f1(h * 0.13)}" ry="${f1(h * 0.09)}" transform="rotate(-25 ${f1(x)} ${f1(hipY)})"/>`,
        `<rect x="${f1(x - h * 0.4)}" y="${f1(hipY - h * 0.2)}" width="${f1(h * 0.34)}" height="${f1(h * 0.025)}" transform="rotate(-28 ${f1(x)} ${f1(hipY)})"/>`,
      );
    }
    // Microphone stand in front; its own stroke, so the rim-light pass leaves it thin.
    parts.push(
      `<path d="M${f1(x + h * 0.16)},${f1(baseY)} L${f1(x + h * 0.1)},${f1(baseY - h * 0.86)}" stroke="${SILHOUETTE}" stroke-width="${f1(h * 0.014)}" fill="none"/>`,
    );
  }
  return parts.join("");
}

/** Shapes of a row of fans seen from behind: heads, shoulders, now and then a raised arm. */
function crowdRow(W: number, H: number, y: number, scale: number, armChance: number, rng: Rng): string {
  const parts: string[] = [];
  const spacing = 62 * scale;
  for (let x = -spacing * rng(); x < W + spacing; x += spacing * between(rng, 0.75, 1.15)) {
    const headR = 17 * scale * between(rng, 0.85, 1.15);
    const headY = y + between(rng, -10, 10) * scale;
    if (rng() < armChance) {
      const angle = between(rng, -25, 25);
      const len = 115 * scale;
      parts.push(
        `<g transform="rotate(${f1(angle)} ${f1(x + 22 * scale)} ${f1(headY + 30 * scale)})"><rect x="${f1(x + 16 * scale)}" y="${f1(headY + 30 * scale - len)}" width="${f1(12 * scale)}" height="${f1(len)}" rx="${f1(6 * scale)}"/><circle cx="${f1(x + 22 * scale)}" cy="${f1(headY + 26 * scale - len)}" r="${f1(10 * scale)}"/></g>`,
      );
    }
    parts.push(
      `<circle cx="${f1(x)}" cy="${f1(headY)}" r="${f1(headR)}"/>`,
      `<ellipse cx="${f1(x)}" cy="${f1(headY + 62 * scale)}" rx="${f1(40 * scale)}" ry="${f1(48 * scale)}"/>`,
    );
  }
  // Bodies below the shoulders merge into one dark mass down to the frame edge.
  parts.push(`<rect x="0" y="${f1(y + 70 * scale)}" width="${W}" height="${f1(H)}"/>`);
  return parts.join("");
}

/** Dark shapes with a coloured outline, as when lit from behind: outline pass, then fill pass. */
function backlit(shapes: string, fill: string, rim: string, rimOpacity: number, width: number): string {
  return (
    `<g fill="${fill}" stroke="${rim}" stroke-opacity="${rimOpacity.toFixed(2)}" stroke-width="${f1(width)}">${shapes}</g>` +
    `<g fill="${fill}">${shapes}</g>`
  );
}

/**
 * SVG of a concert scene: room colour, wash, truss lamps with beams, optional lasers and
 * LED wall, backlit performers, crowd rows, bokeh, confetti and a vignette. Only
 * gradients and plain shapes: SVG filters (blur) cost ~5× the render time in librsvg.
 */
export function concertSvg(options: PhotoOptions & { renderScale?: number }): string {
  const W = options.width ?? 1600;
  const H = options.height ?? Math.round((W * 2) / 3);
  const scale = options.renderScale ?? 1;
  const rng = createRng(options.seed * 7919 + options.theme.length);
  const theme = THEMES[options.theme];
  const palette = pick(rng, PALETTES[options.theme]);
  const u = Math.min(W, H * 1.5) / 1600; // size unit, so shapes keep proportions at any size

  const defs: string[] = [];
  const body: string[] = [];
  const stageY = H * between(rng, 0.6, 0.68);
  const glowX = W * between(rng, 0.35, 0.65);

  defs.push(
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky}"/><stop offset="0.8" stop-color="${mix(palette.sky, "#000000", 0.75)}"/></linearGradient>`,
    `<radialGradient id="wash"><stop offset="0" stop-color="${palette.glow}" stop-opacity="0.85"/><stop offset="0.45" stop-color="${palette.glow}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="haze"><stop offset="0" stop-color="#ffffff" stop-opacity="0.16"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="lamp"><stop offset="0" stop-color="#ffffff" stop-opacity="1"/><stop offset="0.2" stop-color="${palette.accent}" stop-opacity="0.9"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="bokeh"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.55"/><stop offset="0.7" stop-color="${palette.accent}" stop-opacity="0.25"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.5" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.75"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(palette.glow, "#000000", 0.7)}"/><stop offset="0.08" stop-color="#0a070c"/><stop offset="1" stop-color="#000000"/></linearGradient>`,
  );
  palette.beams.forEach((c, i) =>
    defs.push(
      `<linearGradient id="beam${i}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}" stop-opacity="0.95"/><stop offset="0.6" stop-color="${c}" stop-opacity="0.35"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></linearGradient>`,
    ),
  );

  body.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
  body.push(
    `<ellipse cx="${f1(glowX)}" cy="${f1(H * 0.38)}" rx="${f1(W * between(rng, 0.45, 0.7))}" ry="${f1(H * 0.5)}" fill="url(#wash)"/>`,
  );

  if (theme.ledWall) {
    const wallX = W * 0.18;
    const wallW = W * 0.64;
    const wallY = H * 0.2;
    const wallH = stageY - wallY - H * 0.04;
    const columns = 28;
    const phase = rng() * Math.PI * 2;
    for (let i = 0; i < columns; i++) {
      const o = 0.08 + 0.22 * (0.5 + 0.5 * Math.sin(phase + i * 0.45));
      const c = i % 2 === 0 ? palette.glow : (palette.beams[0] ?? palette.glow);
      body.push(
        `<rect x="${f1(wallX + (i * wallW) / columns)}" y="${f1(wallY)}" width="${f1(wallW / columns - 3 * u)}" height="${f1(wallH)}" fill="${c}" opacity="${o.toFixed(2)}"/>`,
      );
    }
  }

  // Truss with lamps, each throwing a beam to the floor.
  const trussY = H * between(rng, 0.08, 0.16);
  body.push(`<rect x="0" y="${f1(trussY - 8 * u)}" width="${W}" height="${f1(16 * u)}" fill="#0b0a0d"/>`);
  const lampCount = Math.round(between(rng, theme.lamps[0], theme.lamps[1]));
  const beams: string[] = [];
  const lamps: string[] = [];
  for (let i = 0; i < lampCount; i++) {
    const lx = W * ((i + 0.5) / lampCount) + between(rng, -30, 30) * u;
    const angle = between(rng, -0.55, 0.55);
    const spread = between(rng, 40, 150) * u;
    const ex = lx + Math.tan(angle) * (H - trussY);
    const colourIndex = Math.floor(rng() * palette.beams.length);
    const opacity = between(rng, theme.beamOpacity[0], theme.beamOpacity[1]);
    beams.push(
      `<polygon points="${f1(lx - 6 * u)},${f1(trussY)} ${f1(lx + 6 * u)},${f1(trussY)} ${f1(ex + spread)},${H} ${f1(ex - spread)},${H}" fill="url(#beam${colourIndex})" opacity="${opacity.toFixed(2)}"/>`,
    );
    lamps.push(
      `<circle cx="${f1(lx)}" cy="${f1(trussY)}" r="${f1(between(rng, 28, 60) * u)}" fill="url(#lamp)"/>`,
    );
  }
  body.push(...beams);

  if (rng() < theme.laserChance) {
    const sx = glowX;
    const sy = stageY - H * 0.05;
    const count = Math.round(between(rng, 6, 14));
    const base = between(rng, -1.2, -0.6);
    const laser: string[] = [];
    for (let i = 0; i < count; i++) {
      const a = base - (i / count) * between(rng, 1.2, 1.8);
      const ex = sx + Math.cos(a) * W * 1.5;
      const ey = sy + Math.sin(a) * W * 1.5;
      laser.push(`<line x1="${f1(sx)}" y1="${f1(sy)}" x2="${f1(ex)}" y2="${f1(ey)}"/>`);
    }
    body.push(
      `<g stroke="${palette.accent}" stroke-opacity="0.18" stroke-width="${f1(9 * u)}">${laser.join("")}</g>`,
      `<g stroke="${mix(palette.accent, "#ffffff", 0.5)}" stroke-opacity="0.8" stroke-width="${f1(2 * u)}">${laser.join("")}</g>`,
    );
  }

  for (let i = 0; i < 3; i++) {
    body.push(
      `<ellipse cx="${f1(W * rng())}" cy="${f1(H * between(rng, 0.25, 0.6))}" rx="${f1(W * between(rng, 0.25, 0.5))}" ry="${f1(H * between(rng, 0.15, 0.3))}" fill="url(#haze)"/>`,
    );
  }

  // Stage floor and performers, backlit: a coloured outline under the dark fill.
  body.push(`<rect x="0" y="${f1(stageY)}" width="${W}" height="${f1(H - stageY)}" fill="url(#floor)"/>`);
  const performerCount = Math.round(between(rng, theme.performers[0], theme.performers[1]));
  const figures: string[] = [];
  for (let i = 0; i < performerCount; i++) {
    const px =
      W * ((i + 0.5) / performerCount) * between(rng, 0.8, 1.1) +
      (performerCount === 1 ? W * between(rng, -0.12, 0.12) : 0);
    const backstage = options.theme === "backstage";
    const ph = H * between(rng, 0.3, 0.38) * (backstage ? 1.45 : 1);
    figures.push(performer(px, stageY + H * (backstage ? 0.22 : 0.02), ph, theme.seated, rng));
  }
  const rim = mix(palette.glow, "#ffffff", 0.35);
  body.push(backlit(figures.join(""), SILHOUETTE, rim, 0.55, 7 * u));
  body.push(...lamps);

  if (options.theme === "backstage") {
    // Road cases in the foreground instead of a crowd.
    for (let x = -40 * u; x < W; x += between(rng, 180, 320) * u) {
      const h = between(rng, 120, 260) * u;
      const w = between(rng, 140, 260) * u;
      body.push(
        `<rect x="${f1(x)}" y="${f1(H - h)}" width="${f1(w)}" height="${f1(h)}" fill="#08070a" stroke="${mix(palette.glow, "#888888", 0.5)}" stroke-opacity="0.35" stroke-width="${f1(4 * u)}"/>`,
      );
    }
  }

  for (let row = 0; row < theme.crowdRows; row++) {
    const t = theme.crowdRows === 1 ? 1 : row / (theme.crowdRows - 1);
    const y = stageY + H * 0.05 + t * (H * 0.86 - stageY - H * 0.05);
    const s = (0.8 + t * 1.2) * u;
    // Far rows sit in the haze (lighter); the front row is nearly black.
    const fill = mix(mix(palette.sky, palette.glow, 0.25), "#000000", 0.45 + t * 0.5);
    body.push(
      backlit(crowdRow(W, H, y, s, theme.raisedArms, rng), fill, palette.glow, 0.35 - t * 0.2, 5 * s),
    );
  }

  for (let i = 0; i < 26; i++) {
    const r = between(rng, 8, 45) * u;
    body.push(
      `<circle cx="${f1(W * rng())}" cy="${f1(H * between(rng, 0.02, 0.55))}" r="${f1(r)}" fill="url(#bokeh)" opacity="${between(rng, 0.3, 0.9).toFixed(2)}"/>`,
    );
  }

  if (rng() < theme.confettiChance) {
    const colours = [...palette.beams, palette.accent, "#ffffff"];
    for (let i = 0; i < 90; i++) {
      const x = W * rng();
      const y = H * between(rng, 0, 0.7);
      body.push(
        `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(between(rng, 6, 14) * u)}" height="${f1(between(rng, 3, 7) * u)}" fill="${pick(rng, colours)}" opacity="${between(rng, 0.5, 0.95).toFixed(2)}" transform="rotate(${f1(between(rng, 0, 180))} ${f1(x)} ${f1(y)})"/>`,
      );
    }
  }

  body.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(W * scale)}" height="${Math.round(H * scale)}" viewBox="0 0 ${W} ${H}"><defs>${defs.join("")}</defs>${body.join("")}</svg>`;
}

/**
 * A JPEG concert photo, different for every seed. Rendered at half size and scaled up:
 * 4× fewer pixels for librsvg, and the slight softness reads as a real lens.
 */
export async function generatePhoto(options: PhotoOptions): Promise<Buffer> {
  const W = options.width ?? 1600;
  const H = options.height ?? Math.round((W * 2) / 3);
  const svg = concertSvg({ ...options, width: W, height: H, renderScale: 0.5 });
  // Two steps on purpose: in one pipeline libvips renders the SVG once per tile (~4× slower).
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .resize(W, H, { fit: "fill", kernel: "linear" })
    .jpeg({ quality: 84, chromaSubsampling: "4:2:0" })
    .toBuffer();
}

// ───────────────────────────── logos ─────────────────────────────

export interface LogoOptions {
  /** Two colours of the mark's gradient. */
  colors: readonly [string, string];
  background: string;
  mark: "sunrise" | "spotlight";
  size?: number;
}

/** A square PNG logo mark. No text: fonts differ between machines, shapes do not. */
export async function generateLogo(options: LogoOptions): Promise<Buffer> {
  const [a, b] = options.colors;
  const size = options.size ?? 512;
  const mark =
    options.mark === "sunrise"
      ? // A setting sun cut by horizontal bands: the "afterglow".
        `<clipPath id="sun"><rect x="0" y="0" width="512" height="300"/><rect x="0" y="312" width="512" height="18"/><rect x="0" y="342" width="512" height="14"/><rect x="0" y="366" width="512" height="10"/></clipPath>
         <circle cx="256" cy="300" r="150" fill="url(#g)" clip-path="url(#sun)"/>
         <rect x="96" y="392" width="320" height="10" rx="5" fill="${b}" opacity="0.9"/>`
      : // A spotlight cone falling on a stage.
        `<polygon points="236,96 276,96 380,392 132,392" fill="url(#g)" opacity="0.9"/>
         <circle cx="256" cy="92" r="30" fill="${a}"/>
         <ellipse cx="256" cy="392" rx="150" ry="30" fill="${b}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="512" height="512" rx="112" fill="${options.background}"/>${mark}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
