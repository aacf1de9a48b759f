/**
 * Colour contrast as WCAG 2 measures it: relative luminance, contrast ratio, the AA thresholds,
 * alpha compositing over a backdrop and the shell's page filters (grey and weak modes), so a
 * colour can be judged as it is finally shown.
 */

/** A colour in sRGB: channels 0–255, alpha 0–1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** WCAG AA: 4.5:1 for text, 3:1 for large text. */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;

const clampChannel = (value: number) => Math.min(255, Math.max(0, value));

/**
 * Reads a colour as browsers write computed values and as style sheets commonly spell them:
 * `rgb(…)`, `rgba(…)` (commas or spaces, alpha as number or percentage), `#rgb`, `#rgba`,
 * `#rrggbb`, `#rrggbbaa` and `transparent`. Anything else gives null.
 */
export function parseColor(text: string): Rgba | null {
  const value = text.trim().toLowerCase();
  if (value === 'transparent') return { r: 0, g: 0, b: 0, a: 0 };
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value);
  if (hex) {
    let digits = hex[1]!;
    if (digits.length <= 4) digits = [...digits].map((d) => d + d).join('');
    const byte = (i: number) => parseInt(digits.slice(i * 2, i * 2 + 2), 16);
    return { r: byte(0), g: byte(1), b: byte(2), a: digits.length === 8 ? byte(3) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(value);
  if (!fn) return null;
  const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const channel = (part: string) => (part.endsWith('%') ? (parseFloat(part) * 255) / 100 : parseFloat(part));
  const alpha = parts[3] === undefined ? 1 : parts[3].endsWith('%') ? parseFloat(parts[3]) / 100 : parseFloat(parts[3]);
  const [r, g, b] = parts.slice(0, 3).map(channel) as [number, number, number];
  if ([r, g, b, alpha].some(Number.isNaN)) return null;
  return { r: clampChannel(r), g: clampChannel(g), b: clampChannel(b), a: Math.min(1, Math.max(0, alpha)) };
}

export function toCss({ r, g, b, a }: Rgba): string {
  const round = (v: number) => Math.round(v);
  return a >= 1 ? `rgb(${round(r)}, ${round(g)}, ${round(b)})` : `rgba(${round(r)}, ${round(g)}, ${round(b)}, ${+a.toFixed(3)})`;
}

export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** `top` painted over `bottom` (source-over); the result is opaque when `bottom` is. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top.a + bottom.a * (1 - top.a);
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  const mix = (t: number, b: number) => (t * top.a + b * bottom.a * (1 - top.a)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a };
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance of an opaque colour (alpha is ignored: composite first). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Large text for WCAG: at least 24px, or at least 18.66px (14pt) and bold. */
export function isLargeText(fontSizePx: number, fontWeight: number): boolean {
  return fontSizePx >= 24 || (fontSizePx >= 18.66 && fontWeight >= 700);
}

export function requiredRatio(fontSizePx: number, fontWeight: number): number {
  return isLargeText(fontSizePx, fontWeight) ? AA_LARGE : AA_NORMAL;
}

/**
 * A whole-page colour filter: `grayscale(amount)` or `invert(amount)`, each as CSS defines it (a
 * colour matrix on the sRGB channel values). The shell's grey mode is grayscale(1), weak mode invert(0.8).
 */
export type PageFilter = { kind: 'grayscale'; amount: number } | { kind: 'invert'; amount: number };

export function applyFilter(colour: Rgba, filter: PageFilter | null): Rgba {
  if (!filter) return colour;
  const s = Math.min(1, Math.max(0, filter.amount));
  const { r, g, b, a } = colour;
  if (filter.kind === 'invert') {
    const inv = (v: number) => 255 * s + v * (1 - 2 * s);
    return { r: inv(r), g: inv(g), b: inv(b), a };
  }
  const k = 1 - s;
  return {
    r: clampChannel((0.2126 + 0.7874 * k) * r + (0.7152 - 0.7152 * k) * g + (0.0722 - 0.0722 * k) * b),
    g: clampChannel((0.2126 - 0.2126 * k) * r + (0.7152 + 0.2848 * k) * g + (0.0722 - 0.0722 * k) * b),
    b: clampChannel((0.2126 - 0.2126 * k) * r + (0.7152 - 0.7152 * k) * g + (0.0722 + 0.9278 * k) * b),
    a,
  };
}

/** Reads the filter functions the shell uses out of a computed `filter` value (`none` gives null). */
export function parseFilter(text: string): PageFilter | null {
  const match = /(grayscale|invert)\(\s*([\d.]+)(%?)\s*\)/.exec(text);
  if (!match) return null;
  const amount = parseFloat(match[2]!) / (match[3] ? 100 : 1);
  return { kind: match[1] as PageFilter['kind'], amount };
}

/**
 * The ratio a person sees: the text colour composited over its backdrop, both through the page's
 * filter, then over the canvas. A filter on the root element leaves the canvas itself unfiltered
 * (Chromium paints it white where nothing else does), so a backdrop that is not opaque lets the
 * unfiltered canvas show through.
 */
export function shownContrast(text: Rgba, backdrop: Rgba, filter: PageFilter | null = null, canvas: Rgba = WHITE): number {
  const ground = composite(applyFilter(backdrop, filter), canvas);
  const ink = composite(applyFilter(composite(text, backdrop), filter), canvas);
  return contrastRatio(ink, ground);
}

/** `from` moved a fraction `t` of the way to `to`, rounded toward `to` (so rounding never falls short of it). */
export function mix(from: Rgba, to: Rgba, t: number): Rgba {
  const channel = (a: number, b: number) => {
    const v = a + (b - a) * t;
    return b >= a ? Math.ceil(v - 1e-9) : Math.floor(v + 1e-9);
  };
  return { r: channel(from.r, to.r), g: channel(from.g, to.g), b: channel(from.b, to.b), a: 1 };
}

/** Whether `colour` reaches `ratio` against every one of `grounds`, as shown through `filter`. */
export function reachesContrast(colour: Rgba, grounds: Rgba[], ratio: number, filter: PageFilter | null = null): boolean {
  return grounds.every((g) => shownContrast(colour, g, filter) >= ratio);
}

/** The extreme a colour moves toward to stand out from `grounds`: black on light ones, white on dark ones. */
export function awayFrom(grounds: Rgba[]): Rgba {
  const mean = grounds.reduce((sum, g) => sum + relativeLuminance(composite(g, WHITE)), 0) / Math.max(1, grounds.length);
  return mean > 0.18 ? BLACK : WHITE;
}

/**
 * The colour nearest to `colour` (the same hue, mixed toward black on light backdrops, toward white
 * on dark ones) whose shown contrast reaches `ratio` against every one of `backdrops`, seen through
 * `filter`: a text colour derived from a palette colour that is too light or too dark. `colour` itself
 * (made opaque over the first backdrop) when it already reaches it; black or white when nothing does.
 */
export function withContrast(colour: Rgba, backdrops: Rgba[], ratio: number, filter: PageFilter | null = null): Rgba {
  const grounds = backdrops.map((b) => ({ ...composite(b, WHITE), a: 1 }));
  const opaque = { ...composite(colour, grounds[0] ?? WHITE), a: 1 };
  if (reachesContrast(opaque, grounds, ratio, filter)) return opaque;
  const toward = awayFrom(grounds);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (reachesContrast(mix(opaque, toward, mid), grounds, ratio, filter)) high = mid;
    else low = mid;
  }
  return mix(opaque, toward, high);
}

/** Black or white, whichever reads better on `fill` as shown through `filter`. */
export function readableOn(fill: Rgba, filter: PageFilter | null = null): Rgba {
  return shownContrast(BLACK, fill, filter) >= shownContrast(WHITE, fill, filter) ? BLACK : WHITE;
}

/**
 * A solid fill that carries text (a coloured tag, an avatar's initials): the text is black or white,
 * whichever reads better, and the fill keeps its hue but is moved away from the text just far enough
 * for AA as shown through `filter`.
 */
export function readableFill(fill: Rgba, filter: PageFilter | null = null): { background: Rgba; color: Rgba } {
  const opaque = { ...composite(fill, WHITE), a: 1 };
  const color = readableOn(opaque, filter);
  return { background: withContrast(opaque, [color], AA_NORMAL, filter), color };
}
