/**
 * Perceptual hashes of logos (difference hash, "dHash"): the picture is reduced to 9×8 grey
 * cells and each bit says whether a cell is brighter than its right neighbour. The same picture
 * at any size gives the same 64 bits, a slightly changed one differs in a few, another picture
 * in about half. Stored signed in a bigint column; compared by Hamming distance.
 */

/** Pixels as decoded: RGBA, 4 bytes a pixel, row by row. */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

const HASH_W = 9;
const HASH_H = 8;

/** Luminance per pixel, transparent parts laid on white (logos are shown on white). */
export function greyscale(image: Raster): Float64Array {
  const grey = new Float64Array(image.width * image.height);
  for (let i = 0; i < grey.length; i++) {
    const r = image.data[i * 4]!;
    const g = image.data[i * 4 + 1]!;
    const b = image.data[i * 4 + 2]!;
    const a = image.data[i * 4 + 3]! / 255;
    grey[i] = (0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (1 - a);
  }
  return grey;
}

/** Area-average reduction to `w`×`h` cells: each cell is the mean of the pixels it covers, in part or whole. */
export function reduce(grey: Float64Array, width: number, height: number, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h);
  const sx = width / w;
  const sy = height / h;
  for (let cy = 0; cy < h; cy++) {
    const y0 = cy * sy;
    const y1 = y0 + sy;
    for (let cx = 0; cx < w; cx++) {
      const x0 = cx * sx;
      const x1 = x0 + sx;
      let sum = 0;
      let area = 0;
      for (let y = Math.floor(y0); y < Math.min(height, Math.ceil(y1)); y++) {
        const wy = Math.min(y + 1, y1) - Math.max(y, y0);
        for (let x = Math.floor(x0); x < Math.min(width, Math.ceil(x1)); x++) {
          const wx = Math.min(x + 1, x1) - Math.max(x, x0);
          sum += grey[y * width + x]! * wx * wy;
          area += wx * wy;
        }
      }
      out[cy * w + cx] = area > 0 ? sum / area : 255;
    }
  }
  return out;
}

/** The 64-bit difference hash of a picture, as an unsigned bigint. */
export function differenceHash(image: Raster): bigint {
  if (image.width < 1 || image.height < 1) throw new Error('empty image');
  const cells = reduce(greyscale(image), image.width, image.height, HASH_W, HASH_H);
  let hash = 0n;
  for (let y = 0; y < HASH_H; y++) {
    for (let x = 0; x < HASH_W - 1; x++) {
      // A margin keeps rounding noise between equal cells (flat areas) from flipping bits.
      hash = (hash << 1n) | (cells[y * HASH_W + x]! > cells[y * HASH_W + x + 1]! + 0.01 ? 1n : 0n);
    }
  }
  return hash;
}

/** The hash as the signed 64-bit decimal text a bigint column takes. */
export const hashForColumn = (hash: bigint): string => BigInt.asIntN(64, hash).toString();

/** A hash read from the column (`logo_hash::text`) back as unsigned. */
export const hashFromColumn = (text: string): bigint => BigInt.asUintN(64, BigInt(text));

/** Bits in which two hashes differ (0 = same picture, 64 = opposite). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The hash as 16 hex digits, as shown to people. */
export const hashHex = (hash: bigint): string => BigInt.asUintN(64, hash).toString(16).padStart(16, '0');
