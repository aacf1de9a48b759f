import { randomSource } from '../seed/trademarkGenerator.js';
import { differenceHash, hashForColumn, type Raster } from './logoHash.js';
import { encodePng } from './imageDecode.js';

/**
 * Logos of generated register marks. A register of a million marks shares a few thousand
 * designs (the same name always draws the same design, as a brand keeps its logo across classes),
 * so seeding computes each design's pixels and hash once; the picture itself is rendered on
 * request from its design number, never stored.
 */
export const LOGO_DESIGNS = 4096;
export const LOGO_SIZE = 64;
/** `logo_path` of a generated logo: this prefix and the design number. */
export const GENERATED_LOGO_PREFIX = 'generated-logo/';

/** FNV-1a of the name: a stable design number for it. */
export function logoDesignOf(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % LOGO_DESIGNS;
}

export const generatedLogoPath = (design: number): string => `${GENERATED_LOGO_PREFIX}${design}`;

/** The design number of a generated logo's path, or null for an uploaded one. */
export function designOfPath(path: string | null): number | null {
  if (!path?.startsWith(GENERATED_LOGO_PREFIX)) return null;
  const design = Number(path.slice(GENERATED_LOGO_PREFIX.length));
  return Number.isInteger(design) && design >= 0 && design < LOGO_DESIGNS ? design : null;
}

type Shape = 'square' | 'circle' | 'diamond' | 'ring';
/** Blocks a side of the pattern inside the emblem. */
const GRID = 6;
const SHAPES: readonly Shape[] = ['square', 'circle', 'diamond', 'ring'];

function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

function inside(shape: Shape, x: number, y: number): boolean {
  // Coordinates from -1 to 1 around the centre.
  switch (shape) {
    case 'square':
      return Math.abs(x) <= 0.92 && Math.abs(y) <= 0.92;
    case 'circle':
      return x * x + y * y <= 0.95;
    case 'diamond':
      return Math.abs(x) + Math.abs(y) <= 1.05;
    case 'ring': {
      const r = x * x + y * y;
      return r <= 0.95 && r >= 0.12;
    }
  }
}

/**
 * A design's pixels: a shaded emblem (square, circle, diamond or ring) on white, filled with a
 * 6×6 block pattern in a darker tone of a neighbouring hue. The pattern carries most of the
 * design's identity, so two designs rarely look (or hash) alike.
 */
export function renderLogo(design: number): Raster {
  const random = randomSource(0x5eed + design * 7919);
  const hue = Math.floor(random() * 360);
  const light = hsl(hue, 0.55 + random() * 0.35, 0.55 + random() * 0.2);
  const dark = hsl((hue + 20 + Math.floor(random() * 40)) % 360, 0.7, 0.18 + random() * 0.15);
  const shape = SHAPES[Math.floor(random() * SHAPES.length)]!;
  const cells: boolean[] = [];
  for (let i = 0; i < GRID * GRID; i++) cells.push(random() < 0.5);
  // The emblem's tone runs from lighter to darker along a direction of its own.
  const angle = random() * 2 * Math.PI;
  const [gx0, gy0] = [Math.cos(angle), Math.sin(angle)];
  const size = LOGO_SIZE;
  const data = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const x = ((px + 0.5) / size) * 2 - 1;
      const y = ((py + 0.5) / size) * 2 - 1;
      let colour: [number, number, number] = [255, 255, 255];
      if (inside(shape, x, y)) {
        const shade = 1 + 0.22 * (x * gx0 + y * gy0);
        colour = [Math.min(255, light[0] * shade), Math.min(255, light[1] * shade), Math.min(255, light[2] * shade)];
        // The pattern fills the emblem's inner 84%.
        const gx = Math.floor(((x + 0.84) / 1.68) * GRID);
        const gy = Math.floor(((y + 0.84) / 1.68) * GRID);
        if (gx >= 0 && gx < GRID && gy >= 0 && gy < GRID && cells[gy * GRID + gx]) colour = dark;
      }
      const o = (py * size + px) * 4;
      data[o] = Math.round(colour[0]);
      data[o + 1] = Math.round(colour[1]);
      data[o + 2] = Math.round(colour[2]);
      data[o + 3] = 255;
    }
  }
  return { width: size, height: size, data };
}

const hashes = new Map<number, string>();

/** A design's hash for the `logo_hash` column, computed from the same pixels the picture shows. */
export function logoHashOfDesign(design: number): string {
  let hash = hashes.get(design);
  if (hash === undefined) hashes.set(design, (hash = hashForColumn(differenceHash(renderLogo(design)))));
  return hash;
}

/** A design as PNG bytes. */
export const logoPng = (design: number): Buffer => encodePng(renderLogo(design));
