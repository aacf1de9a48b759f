import { describe, expect, it } from 'vitest';
import {
  BLACK,
  WHITE,
  applyFilter,
  composite,
  contrastRatio,
  isLargeText,
  mix,
  parseColor,
  parseFilter,
  readableFill,
  readableOn,
  relativeLuminance,
  requiredRatio,
  shownContrast,
  toHex,
  withContrast,
  type PageFilter,
  type Rgba,
} from '../../src/shared/contrast.js';

const c = (text: string): Rgba => parseColor(text)!;
const GREY: PageFilter = { kind: 'grayscale', amount: 1 };
const WEAK: PageFilter = { kind: 'invert', amount: 0.8 };
const rgb = ({ r, g, b }: Rgba) => [r, g, b].map(Math.round);

describe('parseColor', () => {
  it('reads computed values and hex spellings', () => {
    expect(parseColor('rgb(22, 119, 255)')).toEqual({ r: 22, g: 119, b: 255, a: 1 });
    expect(parseColor('rgba(0, 0, 0, 0.45)')).toEqual({ r: 0, g: 0, b: 0, a: 0.45 });
    expect(parseColor('rgb(0 0 0 / 50%)')).toEqual({ r: 0, g: 0, b: 0, a: 0.5 });
    expect(parseColor('#f70')).toEqual({ r: 255, g: 119, b: 0, a: 1 });
    expect(parseColor('#ff720080')).toEqual({ r: 255, g: 114, b: 0, a: 128 / 255 });
    expect(parseColor('transparent')).toEqual({ r: 0, g: 0, b: 0, a: 0 });
  });
  it('gives null for what it cannot read', () => {
    expect(parseColor('oklch(0.7 0.1 40)')).toBeNull();
    expect(parseColor('#12')).toBeNull();
    expect(parseColor('rgb(1, 2)')).toBeNull();
  });
});

describe('luminance and contrast ratio (WCAG 2)', () => {
  it('spans 1 to 21 from black to white', () => {
    expect(relativeLuminance(WHITE)).toBeCloseTo(1, 10);
    expect(relativeLuminance(BLACK)).toBe(0);
    expect(contrastRatio(BLACK, WHITE)).toBeCloseTo(21, 10);
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 10);
    expect(contrastRatio(c('#ff7200'), c('#ff7200'))).toBe(1);
  });
  it('puts the AA line between #777 and #767676 on white', () => {
    expect(contrastRatio(c('#777777'), WHITE)).toBeLessThan(4.5);
    expect(contrastRatio(c('#767676'), WHITE)).toBeGreaterThanOrEqual(4.5);
  });
  it('finds antd’s tertiary grey (black at 45% on white) below AA and its secondary grey above', () => {
    expect(contrastRatio(composite(c('rgba(0,0,0,0.45)'), WHITE), WHITE)).toBeCloseTo(3.35, 2);
    expect(contrastRatio(composite(c('rgba(0,0,0,0.65)'), WHITE), WHITE)).toBeGreaterThan(4.5);
  });
});

describe('composite', () => {
  it('paints a translucent colour over an opaque one', () => {
    expect(rgb(composite(c('rgba(0,0,0,0.5)'), WHITE))).toEqual([128, 128, 128]);
    expect(composite(c('rgba(0,0,0,0.5)'), WHITE).a).toBe(1);
  });
  it('stacks two translucent layers into one', () => {
    const both = composite(c('rgba(255,0,0,0.5)'), c('rgba(0,0,255,0.5)'));
    expect(both.a).toBeCloseTo(0.75, 10);
    expect(rgb(composite(both, WHITE))).toEqual(rgb(composite(c('rgba(255,0,0,0.5)'), composite(c('rgba(0,0,255,0.5)'), WHITE))));
  });
});

describe('large text', () => {
  it('is 24px, or 18.66px and bold', () => {
    expect(isLargeText(24, 400)).toBe(true);
    expect(isLargeText(23.9, 400)).toBe(false);
    expect(isLargeText(18.66, 700)).toBe(true);
    expect(isLargeText(18.66, 600)).toBe(false);
    expect(requiredRatio(14, 400)).toBe(4.5);
    expect(requiredRatio(24, 400)).toBe(3);
  });
});

describe('page filters', () => {
  // The values Chromium paints for these colours under `filter` on the root element.
  it('computes grayscale(100%) as Chromium paints it', () => {
    expect(rgb(applyFilter(c('#ff7200'), GREY))).toEqual([136, 136, 136]);
    expect(rgb(applyFilter(c('#1677ff'), GREY))).toEqual([108, 108, 108]);
    expect(rgb(applyFilter(c('#595959'), GREY))).toEqual([89, 89, 89]);
  });
  it('computes invert(80%) as Chromium paints it', () => {
    expect(rgb(applyFilter(c('#ff7200'), WEAK))).toEqual([51, 136, 204]);
    expect(rgb(applyFilter(c('#1677ff'), WEAK))).toEqual([191, 133, 51]);
    expect(rgb(applyFilter(WHITE, WEAK))).toEqual([51, 51, 51]);
  });
  it('reads the filter out of a computed value', () => {
    expect(parseFilter('grayscale(1)')).toEqual(GREY);
    expect(parseFilter('invert(0.8)')).toEqual(WEAK);
    expect(parseFilter('invert(80%)')).toEqual(WEAK);
    expect(parseFilter('none')).toBeNull();
  });
  it('takes contrast away under the weak mode’s inversion', () => {
    const secondary = c('#595959');
    expect(shownContrast(secondary, WHITE)).toBeGreaterThan(7);
    expect(shownContrast(secondary, WHITE, WEAK)).toBeLessThan(4.5);
    expect(shownContrast(BLACK, WHITE, WEAK)).toBeCloseTo(contrastRatio(c('#cccccc'), c('#333333')), 10);
  });
  it('lets the unfiltered canvas show through a backdrop the page leaves transparent', () => {
    const nothing = { r: 0, g: 0, b: 0, a: 0 };
    // Black text straight on the canvas: the text is inverted, the white canvas is not.
    expect(shownContrast(BLACK, nothing, WEAK, WHITE)).toBeCloseTo(contrastRatio(c('#cccccc'), WHITE), 10);
    expect(shownContrast(BLACK, WHITE, WEAK, WHITE)).toBeCloseTo(contrastRatio(c('#cccccc'), c('#333333')), 10);
  });
});

describe('withContrast', () => {
  it('keeps a colour that already reads well', () => {
    expect(toHex(withContrast(c('#595959'), [WHITE], 4.5))).toBe('#595959');
  });
  it('darkens on light backdrops just far enough', () => {
    const grey = composite(c('rgba(0,0,0,0.45)'), WHITE);
    const found = withContrast(grey, [WHITE, c('#f5f5f5')], 4.5);
    expect(contrastRatio(found, c('#f5f5f5'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(mix(found, WHITE, 0.02), c('#f5f5f5'))).toBeLessThan(4.5);
    expect(relativeLuminance(found)).toBeLessThan(relativeLuminance(grey));
  });
  it('lightens on dark backdrops, keeping the hue', () => {
    const found = withContrast(c('#1668dc'), [c('#141414'), c('#1f1f1f')], 4.5);
    expect(contrastRatio(found, c('#1f1f1f'))).toBeGreaterThanOrEqual(4.5);
    expect(found.b).toBeGreaterThan(found.r);
  });
  it('reaches the ratio as shown through a filter', () => {
    const found = withContrast(c('#595959'), [WHITE], 4.5, WEAK);
    expect(shownContrast(found, WHITE, WEAK)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('text on a coloured fill', () => {
  it('takes black or white, whichever reads better', () => {
    expect(readableOn(c('#ff7200'))).toEqual(BLACK);
    expect(readableOn(c('#722ed1'))).toEqual(WHITE);
  });
  it('moves the fill until its text reaches AA in every mode', () => {
    for (const filter of [null, GREY, WEAK]) {
      for (const fill of ['#ff7200', '#1677ff', '#52c41a', '#D6E4FF', '#000000']) {
        const { background, color } = readableFill(c(fill), filter);
        expect(shownContrast(color, background, filter), `${fill} ${filter?.kind ?? 'none'}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
