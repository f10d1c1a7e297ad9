import type { PhotoTheme } from "./demo-media";

/** The demo photos' looks: palettes and stage set-ups per theme (scripts/lib/demo-media.ts draws them). */

export interface Palette {
  /** Colour of the room behind the lights. */
  sky: string;
  /** Main wash of light on the back of the stage. */
  glow: string;
  beams: readonly string[];
  accent: string;
}

export const PALETTES: Record<PhotoTheme, readonly Palette[]> = {
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

export interface ThemeConfig {
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

export const THEMES: Record<PhotoTheme, ThemeConfig> = {
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
