import { createHash } from "node:crypto";

/**
 * HyperLogLog: the distinct-visitor sketch of the analytics roll-up (lib/features/analytics/rollup.ts).
 *
 * 2^12 registers give a standard error of 1.04 / √4096 ≈ 1.6 %, so a long range's unique
 * visitors are an estimate within ~2 % (the page says so); small counts are within a visitor or
 * two (linear counting). Sketches are stored as *sparse triplets*: for each non-empty register its
 * index (2 bytes, big-endian) and its value (1 byte). Concatenating two encodings is the
 * encoding of their union (the reader keeps the largest value per register), which lets
 * PostgreSQL merge a range's sketches with `string_agg` and send one byte string per key.
 *
 * The database builds the triplets (HLL_TRIPLET_SQL) from `hashtextextended(visitorId, 0)`:
 * the low 12 bits pick the register, the position of the first 1-bit in the remaining 52
 * bits (counted from the top, 53 when all are zero) is its value.
 */
export const HLL_BITS = 12;
export const HLL_REGISTERS = 1 << HLL_BITS;
const VALUE_BITS = 64 - HLL_BITS;
const TRIPLET = 3;

/** The triplet of one visitor id column, as SQL (the 64-bit hash is PostgreSQL's own). */
export function hllTripletSql(column: string): string {
  const h = `hashtextextended(${column}, 0)`;
  const rho = `coalesce(nullif(position('1' in ((${h} >> ${HLL_BITS})::bit(${VALUE_BITS}))::text), 0), ${VALUE_BITS + 1})`;
  return `(int2send((${h} & ${HLL_REGISTERS - 1})::int2) || substring(int2send((${rho})::int2) from 2 for 1))`;
}

export class HyperLogLog {
  readonly registers = new Uint8Array(HLL_REGISTERS);

  /** Adds one 64-bit hash (unsigned). */
  addHash(hash: bigint): void {
    const index = Number(hash & BigInt(HLL_REGISTERS - 1));
    const rest = (hash >> BigInt(HLL_BITS)) & ((1n << BigInt(VALUE_BITS)) - 1n);
    // Leading zeros of `rest` within VALUE_BITS bits, plus one.
    const rho = rest === 0n ? VALUE_BITS + 1 : VALUE_BITS - rest.toString(2).length + 1;
    if (rho > this.registers[index]!) this.registers[index] = rho;
  }

  /** Adds a value by a 64-bit hash of our own (tests and tools; the database hashes its own). */
  add(value: string): void {
    this.addHash(createHash("sha256").update(value).digest().readBigUInt64BE(0));
  }

  /** Folds in a sparse-triplet encoding (one sketch or several concatenated). */
  mergeTriplets(bytes: Uint8Array): void {
    if (bytes.length % TRIPLET !== 0) throw new Error("hll: not a triplet encoding");
    for (let i = 0; i < bytes.length; i += TRIPLET) {
      const index = ((bytes[i]! << 8) | bytes[i + 1]!) & (HLL_REGISTERS - 1);
      const rho = bytes[i + 2]!;
      if (rho > this.registers[index]!) this.registers[index] = rho;
    }
  }

  merge(other: HyperLogLog): void {
    for (let i = 0; i < HLL_REGISTERS; i++) {
      if (other.registers[i]! > this.registers[i]!) this.registers[i] = other.registers[i]!;
    }
  }

  /** The sparse-triplet encoding of this sketch. */
  toTriplets(): Uint8Array {
    const out: number[] = [];
    this.registers.forEach((rho, index) => {
      if (rho > 0) out.push(index >> 8, index & 0xff, rho);
    });
    return Uint8Array.from(out);
  }

  /** The estimated number of distinct values (rounded). */
  estimate(): number {
    const m = HLL_REGISTERS;
    let sum = 0;
    let zeros = 0;
    for (const rho of this.registers) {
      sum += 2 ** -rho;
      if (rho === 0) zeros++;
    }
    const alpha = 0.7213 / (1 + 1.079 / m);
    const raw = (alpha * m * m) / sum;
    // Small ranges: linear counting is far more accurate while registers are still empty.
    if (raw <= 2.5 * m && zeros > 0) return Math.round(m * Math.log(m / zeros));
    return Math.round(raw);
  }
}

/** The estimate of one or more concatenated triplet encodings. */
export function estimateTriplets(...encodings: Uint8Array[]): number {
  const hll = new HyperLogLog();
  for (const e of encodings) hll.mergeTriplets(e);
  return hll.estimate();
}
