import { between, createRng, pick } from "./demo-media";

/** The demo seed's music: a few seconds synthesised from a seed, as samples or a WAV file. */

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
