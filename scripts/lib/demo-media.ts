/**
 * Generators for the demo seed's media: concert photos, logos, a synthesised WAV, a short
 * MP4 with its poster frame and a small PDF. Everything is produced locally from a numeric
 * seed (no network, no binary assets besides the video fallback), and the same seed gives
 * the same bytes, so a re-run of the seed finds its objects already stored.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

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

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);

function pick<T>(rng: Rng, items: readonly T[]): T {
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

interface Palette {
  /** Colour of the room behind the lights. */
  sky: string;
  /** Main wash of light on the back of the stage. */
  glow: string;
  beams: readonly string[];
  accent: string;
}

const PALETTES: Record<PhotoTheme, readonly Palette[]> = {
  festival: [
    { sky: "#2b0a3d", glow: "#ff2d75", beams: ["#ff8c1a", "#ffd166", "#ff2d75"], accent: "#ffd166" },
    { sky: "#0a0f2e", glow: "#3a5bff", beams: ["#00e5ff", "#8f3dff", "#ffffff"], accent: "#00e5ff" },
    { sky: "#04201c", glow: "#00c2a8", beams: ["#8cff3d", "#00c2a8", "#e9ff70"], accent: "#8cff3d" },
    { sky: "#2a0505", glow: "#ff2a2a", beams: ["#ffb000", "#ff5a1f", "#fff1c1"], accent: "#ffb000" },
    { sky: "#1a0633", glow: "#c13dff", beams: ["#ff5ecf", "#7ae3ff", "#ffffff"], accent: "#ff5ecf" },
    { sky: "#061a2e", glow: "#ff7b00", beams: ["#ffd000", "#00b4ff", "#ff7b00"], accent: "#ffd000" },
  ],
  acoustic: [
    { sky: "#1d0f06", glow: "#ff9f43", beams: ["#ffcf8a", "#ffb35c"], accent: "#ffd08a" },
    { sky: "#120805", glow: "#c4572b", beams: ["#ffd08a", "#ff9f6b"], accent: "#ffe2b0" },
    { sky: "#140a18", glow: "#8f4fd6", beams: ["#ff9aa2", "#ffd1dc"], accent: "#ffb3c1" },
    { sky: "#0b1418", glow: "#2f8f9d", beams: ["#ffe8b0", "#9fe3ef"], accent: "#ffe8b0" },
  ],
  club: [
    { sky: "#0a0318", glow: "#ff2bd6", beams: ["#2bf0ff", "#ff2bd6", "#b8ff2b"], accent: "#2bf0ff" },
    { sky: "#08021a", glow: "#7b2bff", beams: ["#ff2bd6", "#7b2bff", "#2b6bff"], accent: "#ff2bd6" },
    { sky: "#001514", glow: "#00ffa3", beams: ["#00ffa3", "#00c8ff", "#ffffff"], accent: "#00ffa3" },
  ],
  backstage: [
    { sky: "#0b0e14", glow: "#6fa8ff", beams: ["#ffcf7a", "#6fa8ff"], accent: "#ffcf7a" },
    { sky: "#140c08", glow: "#ff8a3d", beams: ["#ffd6a0"], accent: "#ffd6a0" },
  ],
};

interface ThemeConfig {
  lamps: readonly [number, number];
  beamOpacity: readonly [number, number];
  laserChance: number;
  confettiChance: number;
  crowdRows: number;
  raisedArms: number;
  performers: readonly [number, number];
  seated: boolean;
  ledWall: boolean;
}

const THEMES: Record<PhotoTheme, ThemeConfig> = {
  festival: {
    lamps: [6, 10],
    beamOpacity: [0.18, 0.38],
    laserChance: 0.5,
    confettiChance: 0.35,
    crowdRows: 4,
    raisedArms: 0.22,
    performers: [1, 3],
    seated: false,
    ledWall: true,
  },
  acoustic: {
    lamps: [2, 4],
    beamOpacity: [0.12, 0.26],
    laserChance: 0,
    confettiChance: 0,
    crowdRows: 2,
    raisedArms: 0.04,
    performers: [1, 2],
    seated: true,
    ledWall: false,
  },
  club: {
    lamps: [5, 8],
    beamOpacity: [0.2, 0.4],
    laserChance: 0.9,
    confettiChance: 0.1,
    crowdRows: 4,
    raisedArms: 0.35,
    performers: [1, 1],
    seated: false,
    ledWall: true,
  },
  backstage: {
    lamps: [1, 2],
    beamOpacity: [0.1, 0.2],
    laserChance: 0,
    confettiChance: 0,
    crowdRows: 0,
    raisedArms: 0,
    performers: [2, 3],
    seated: false,
    ledWall: false,
  },
};

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

// ───────────────────────────── audio ─────────────────────────────

export interface ToneSequenceOptions {
  seed: number;
  seconds?: number;
  sampleRate?: number;
}

// Chords as semitones from the key's root; two common minor-key progressions.
const PROGRESSIONS: readonly (readonly (readonly number[])[])[] = [
  [
    [0, 3, 7],
    [-4, 0, 3],
    [3, 7, 10],
    [-2, 2, 5],
  ], // i – VI – III – VII
  [
    [0, 3, 7],
    [5, 8, 12],
    [-2, 2, 5],
    [3, 7, 10],
  ], // i – iv – VII – III
];
const ROOTS_HZ = [196, 220, 246.94, 261.63]; // G3, A3, B3, C4
const ARPEGGIO = [0, 1, 2, 3, 2, 1, 0, 2]; // indexes into the chord tones (+ octave)

/**
 * A few seconds of music as mono samples in -1..1: plucked arpeggios over a soft pad and
 * a bass line, with a kick on the beat and a closed hi-hat off the beat.
 */
export function synthesizeSamples(options: ToneSequenceOptions): Float32Array {
  const sampleRate = options.sampleRate ?? 22050;
  const seconds = options.seconds ?? 6;
  const rng = createRng(options.seed);
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const root = pick(rng, ROOTS_HZ);
  const progression = pick(rng, PROGRESSIONS);
  const bpm = Math.round(between(rng, 96, 124));
  const beat = 60 / bpm;
  const chordBeats = Math.max(2, Math.round(seconds / beat / progression.length));
  const hz = (semitones: number) => root * 2 ** (semitones / 12);

  /** Adds a tone with linear attack and exponential decay; harmonics are partial amplitudes. */
  const addTone = (
    start: number,
    length: number,
    freq: number,
    amp: number,
    decay: number,
    harmonics: readonly number[],
    attack: number,
  ) => {
    const from = Math.floor(start * sampleRate);
    const to = Math.min(out.length, Math.floor((start + length) * sampleRate));
    const step = (2 * Math.PI * freq) / sampleRate;
    const fall = Math.exp(-decay / sampleRate); // multiplying per sample beats Math.exp per sample
    const attackSamples = Math.max(1, attack * sampleRate);
    let env = amp;
    for (let i = from, n = 0; i < to; i++, n++) {
      const phase = step * n;
      let v = 0;
      for (let k = 0; k < harmonics.length; k++) v += (harmonics[k] ?? 0) * Math.sin(phase * (k + 1));
      out[i] = (out[i] ?? 0) + v * env * Math.min(1, n / attackSamples);
      env *= fall;
    }
  };

  const totalBeats = Math.ceil(seconds / beat);
  for (let b = 0; b < totalBeats; b++) {
    const chord = progression[Math.floor(b / chordBeats) % progression.length] ?? [0, 3, 7];
    const t0 = b * beat;
    if (b % chordBeats === 0) {
      // Pad: the chord held for its whole length, slightly detuned for width.
      for (const s of chord) {
        addTone(t0, chordBeats * beat, hz(s) * 1.003, 0.05, 0.4, [1, 0.2], 0.25);
        addTone(t0, chordBeats * beat, hz(s) * 0.997, 0.05, 0.4, [1, 0.2], 0.25);
      }
    }
    addTone(t0, beat, hz((chord[0] ?? 0) - 12), 0.28, 3, [1, 0.3], 0.01); // bass
    // Kick: a sine sweeping down from 110 Hz to 45 Hz.
    const from = Math.floor(t0 * sampleRate);
    let phase = 0;
    for (let i = from; i < Math.min(out.length, from + Math.floor(0.25 * sampleRate)); i++) {
      const t = (i - from) / sampleRate;
      phase += (2 * Math.PI * (45 + 65 * Math.exp(-t * 30))) / sampleRate;
      out[i] = (out[i] ?? 0) + Math.sin(phase) * Math.exp(-t * 16) * 0.55;
    }
    // Hi-hat: a short noise burst on the off-beat.
    const hat = Math.floor((t0 + beat / 2) * sampleRate);
    for (let i = hat; i < Math.min(out.length, hat + Math.floor(0.05 * sampleRate)); i++) {
      const t = (i - hat) / sampleRate;
      out[i] = (out[i] ?? 0) + (rng() * 2 - 1) * Math.exp(-t * 70) * 0.07;
    }
    // Arpeggio in eighth notes, an octave above the root.
    for (let e = 0; e < 2; e++) {
      const step = ARPEGGIO[(b * 2 + e) % ARPEGGIO.length] ?? 0;
      const semis = step === 3 ? (chord[0] ?? 0) + 12 : (chord[step] ?? 0);
      addTone(t0 + (e * beat) / 2, beat * 1.5, hz(semis + 12), 0.22, 5, [1, 0.45, 0.18], 0.006);
    }
  }

  // Short fade-in and a longer fade-out, then normalise to -1 dBFS.
  const fadeIn = Math.floor(0.02 * sampleRate);
  const fadeOut = Math.floor(0.4 * sampleRate);
  let peak = 0;
  for (let i = 0; i < out.length; i++) {
    const gain = Math.min(1, i / fadeIn, (out.length - 1 - i) / fadeOut);
    const v = (out[i] ?? 0) * gain;
    out[i] = v;
    peak = Math.max(peak, Math.abs(v));
  }
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i] = ((out[i] ?? 0) / peak) * 0.89;
  return out;
}

/** 16-bit PCM mono WAV from samples in -1..1. */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  const dataBytes = samples.length * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write("RIFF", 0, "ascii");
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write("WAVE", 8, "ascii");
  buf.write("fmt ", 12, "ascii");
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write("data", 36, "ascii");
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] ?? 0));
    buf.writeInt16LE(Math.round(v < 0 ? v * 32768 : v * 32767), 44 + i * 2);
  }
  return buf;
}

export function synthesizeWav(options: ToneSequenceOptions): Buffer {
  return encodeWav(synthesizeSamples(options), options.sampleRate ?? 22050);
}

// ───────────────────────────── PDF ─────────────────────────────

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, in points. */
  gap?: number;
}

export interface PdfDocument {
  title: string;
  subtitle?: string;
  lines: readonly PdfLine[];
  /** Header band colour as r, g, b in 0..1. */
  band?: readonly [number, number, number];
}

// WinAnsi matches Latin-1 except 0x80–0x9F, where it puts typographic punctuation.
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
};

/** A PDF literal string in WinAnsi, which covers Portuguese, Spanish and French; other characters become "?". */
function pdfString(text: string): string {
  const bytes = [...text].map((c) => {
    const code = c.codePointAt(0) ?? 0x3f;
    const mapped = WIN_ANSI_EXTRA[c] ?? (code <= 0xff && (code < 0x80 || code > 0x9f) ? code : 0x3f);
    const ch = String.fromCharCode(mapped);
    return ch === "\\" || ch === "(" || ch === ")" ? `\\${ch}` : ch;
  });
  return `(${bytes.join("")})`;
}

/**
 * A one-page A4 PDF 1.4 written by hand: a coloured header band with the title, then
 * lines of text in Helvetica (one of the 14 standard fonts every reader has, so nothing
 * is embedded). Byte offsets for the cross-reference table are computed on the Latin-1
 * bytes, which is what the file holds.
 */
export function buildPdf(doc: PdfDocument): Buffer {
  const [r, g, b] = doc.band ?? [0.1, 0.05, 0.18];
  const ops: string[] = [
    `${r} ${g} ${b} rg 0 742 595 100 re f`,
    `BT 1 1 1 rg /F2 26 Tf 56 790 Td ${pdfString(doc.title)} Tj ET`,
  ];
  if (doc.subtitle) ops.push(`BT 1 1 1 rg /F1 12 Tf 56 764 Td ${pdfString(doc.subtitle)} Tj ET`);
  let y = 700;
  for (const line of doc.lines) {
    const size = line.size ?? 12;
    y -= (line.gap ?? 0) + size * 1.5;
    ops.push(
      `BT 0.12 0.12 0.14 rg /${line.bold ? "F2" : "F1"} ${size} Tf 56 ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`,
    );
  }
  const content = ops.join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Title ${pdfString(doc.title)} /Producer (Afterglow demo seed) >>`,
  ];
  // The second line's high bytes tell transfer tools the file is binary.
  let out = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

// ───────────────────────────── video ─────────────────────────────

export interface VideoFiles {
  mp4: Buffer;
  /** JPEG of a frame from the middle of the clip. */
  poster: Buffer;
}

export interface DemoVideo extends VideoFiles {
  source: "ffmpeg" | "fixture";
}

const FIXTURE_DIR = fileURLToPath(new URL("../../prisma/seed-assets/", import.meta.url));
export const VIDEO_FIXTURE = path.join(FIXTURE_DIR, "demo-clip.mp4");
export const POSTER_FIXTURE = path.join(FIXTURE_DIR, "demo-poster.jpg");

function run(command: string, args: readonly string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${signal ?? code}: ${stderr.trim()}`));
    });
  });
}

let ffmpegCheck: Promise<boolean> | undefined;

/** Whether an ffmpeg with the H.264 encoder is on PATH (checked once per process). */
export function ffmpegAvailable(): Promise<boolean> {
  ffmpegCheck ??= new Promise((resolve) => {
    const child = spawn("ffmpeg", ["-hide_banner", "-encoders"], { stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0 && out.includes("libx264")));
  });
  return ffmpegCheck;
}

/**
 * Renders a short 640×360 H.264/AAC clip from a still photo (slow zoom, light colour
 * drifting, a strobe-like brightness pulse) over a WAV soundtrack, plus its poster frame.
 * `+faststart` puts the index first so browsers can start playing before the end arrives.
 */
export async function renderVideo(options: {
  still: Buffer;
  audio: Buffer;
  seconds?: number;
}): Promise<VideoFiles> {
  const seconds = options.seconds ?? 3;
  const fps = 30;
  const dir = await mkdtemp(path.join(os.tmpdir(), "afterglow-video-"));
  try {
    const still = path.join(dir, "still.jpg");
    const audio = path.join(dir, "audio.wav");
    const mp4 = path.join(dir, "clip.mp4");
    const poster = path.join(dir, "poster.jpg");
    await Promise.all([writeFile(still, options.still), writeFile(audio, options.audio)]);
    const filter = [
      `[0:v]scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,`,
      `zoompan=z='1+0.0012*on':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=640x360:fps=${fps},`,
      `hue=h='30*sin(2*PI*t/${seconds})',eq=brightness='0.05*sin(2*PI*t*2)':eval=frame,`,
      `format=yuv420p,split[v][p];[p]select='eq(n\\,${Math.floor((seconds * fps) / 2)})'[poster]`,
    ].join("");
    // -bitexact keeps encoder version strings and timestamps out, so reruns give equal bytes.
    await run(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-loop", "1", "-framerate", String(fps), "-t", String(seconds), "-i", still],
        ...["-i", audio, "-filter_complex", filter],
        ...["-map", "[v]", "-map", "1:a", "-t", String(seconds)],
        ...[
          "-c:v",
          "libx264",
          "-preset",
          "veryfast",
          "-crf",
          "27",
          "-profile:v",
          "main",
          "-pix_fmt",
          "yuv420p",
        ],
        ...[
          "-c:a",
          "aac",
          "-b:a",
          "96k",
          "-movflags",
          "+faststart",
          "-fflags",
          "+bitexact",
          "-map_metadata",
          "-1",
          mp4,
        ],
        ...["-map", "[poster]", "-frames:v", "1", "-q:v", "3", poster],
      ],
      60_000,
    );
    const [mp4Bytes, posterBytes] = await Promise.all([readFile(mp4), readFile(poster)]);
    return { mp4: mp4Bytes, poster: posterBytes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function loadVideoFixture(): Promise<VideoFiles> {
  const [mp4, poster] = await Promise.all([readFile(VIDEO_FIXTURE), readFile(POSTER_FIXTURE)]);
  return { mp4, poster };
}

/** A clip from ffmpeg when it is installed and works, else the committed fixture. */
export async function demoVideo(
  options: { still: () => Promise<Buffer>; audio: () => Buffer; seconds?: number },
  log: (m: string) => void = () => undefined,
): Promise<DemoVideo> {
  if (await ffmpegAvailable()) {
    try {
      return {
        ...(await renderVideo({
          still: await options.still(),
          audio: options.audio(),
          seconds: options.seconds,
        })),
        source: "ffmpeg",
      };
    } catch (err) {
      log(`ffmpeg failed, using the fixture clip: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { ...(await loadVideoFixture()), source: "fixture" };
}

/**
 * Duration and frame size of an MP4 read from its boxes: `moov/mvhd` (timescale and
 * duration) and each `moov/trak/tkhd` (width and height as 16.16 fixed point; audio
 * tracks say 0×0). Avoids needing ffprobe to fill `durationMs`, `width` and `height`.
 */
export function mp4Info(buf: Uint8Array): { durationMs: number; width: number; height: number } {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const type = (o: number) => String.fromCharCode(...buf.subarray(o + 4, o + 8));
  const boxes = (start: number, end: number) => {
    const found: Array<{ type: string; body: number; end: number }> = [];
    for (let o = start; o + 8 <= end;) {
      let size = view.getUint32(o);
      let header = 8;
      if (size === 1) {
        size = Number(view.getBigUint64(o + 8));
        header = 16;
      } else if (size === 0) size = end - o;
      if (size < header) break;
      found.push({ type: type(o), body: o + header, end: Math.min(end, o + size) });
      o += size;
    }
    return found;
  };

  const moov = boxes(0, buf.length).find((b) => b.type === "moov");
  if (!moov) throw new Error("MP4 has no moov box");
  const inMoov = boxes(moov.body, moov.end);
  const mvhd = inMoov.find((b) => b.type === "mvhd");
  if (!mvhd) throw new Error("MP4 has no mvhd box");
  const v1 = view.getUint8(mvhd.body) === 1;
  const timescale = view.getUint32(mvhd.body + (v1 ? 20 : 12));
  const duration = v1 ? Number(view.getBigUint64(mvhd.body + 24)) : view.getUint32(mvhd.body + 16);

  let width = 0;
  let height = 0;
  for (const trak of inMoov.filter((b) => b.type === "trak")) {
    const tkhd = boxes(trak.body, trak.end).find((b) => b.type === "tkhd");
    if (!tkhd) continue;
    const sizeAt = tkhd.body + (view.getUint8(tkhd.body) === 1 ? 88 : 76);
    width = Math.max(width, view.getUint32(sizeAt) / 65536);
    height = Math.max(height, view.getUint32(sizeAt + 4) / 65536);
  }
  return { durationMs: timescale ? Math.round((duration / timescale) * 1000) : 0, width, height };
}
