import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import type * as Contrast from '../../src/shared/contrast.js';

/** One text whose shown contrast is below WCAG AA. */
export interface Offender {
  text: string;
  selector: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

export interface ContrastReport {
  checked: number;
  skipped: number;
  offenders: Offender[];
}

/** The colour maths (src/shared/contrast.ts) as a script for the page, under `window.ipmContrast`. */
const contrastScript = buildSync({
  entryPoints: [fileURLToPath(new URL('../../src/shared/contrast.ts', import.meta.url))],
  bundle: true,
  write: false,
  format: 'iife',
  globalName: 'ipmContrast',
  target: 'chrome120',
  // The init script runs wrapped in a function: the bundle's `var` alone would stay local to it.
  footer: { js: 'window.ipmContrast = ipmContrast;' },
}).outputFiles[0]!.text;

/** Makes the colour maths available in every document the page opens. */
export async function installContrastCheck(page: Page): Promise<void> {
  await page.addInitScript({ content: contrastScript });
}

/**
 * Every visible text of the page with its colour against its effective backdrop (the element's and
 * its ancestors' background colours), both seen through the page's filter (grey and weak modes) and
 * over the canvas, which that filter leaves alone. Texts over a background image or gradient are
 * skipped (their backdrop is not one colour), as are disabled controls and placeholders, which WCAG exempts.
 * One evaluate for the whole page.
 */
export async function checkPageContrast(page: Page): Promise<ContrastReport> {
  return page.evaluate(() => {
    const c = (window as unknown as { ipmContrast: typeof Contrast }).ipmContrast;
    const root = document.documentElement;
    const filter = c.parseFilter(getComputedStyle(root).filter);
    // The canvas takes the root's background, or the body's when the root has none; white under both.
    const rootBackground = [root, document.body].map((el) => c.parseColor(getComputedStyle(el).backgroundColor)).find((colour) => colour && colour.a > 0);
    const canvas = rootBackground ? c.composite(rootBackground, c.WHITE) : c.WHITE;
    const transparent = { r: 0, g: 0, b: 0, a: 0 };
    const exempt = [
      ':disabled',
      '[aria-disabled="true"]',
      '.ant-btn-disabled',
      '.ant-pagination-disabled',
      '.ant-menu-item-disabled',
      '.ant-select-disabled',
      '.ant-tabs-tab-disabled',
      '.ant-checkbox-wrapper-disabled',
      '.ant-radio-wrapper-disabled',
      '.ant-picker-disabled',
      '.ant-input-disabled',
      '.ant-select-selection-placeholder',
    ].join(',');

    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body && parts.length < 3; node = node.parentElement) {
        const classes = [...node.classList].filter((name) => !/^css-/.test(name)).slice(0, 2);
        parts.unshift(node.tagName.toLowerCase() + (node.id ? `#${node.id}` : '') + classes.map((name) => `.${name}`).join(''));
      }
      return parts.join(' > ');
    };

    /** The colour the page paints behind `el` (transparent where only the canvas is), or null when an image or gradient lies behind it. */
    const backdropOf = (el: Element): Contrast.Rgba | null => {
      const layers: Contrast.Rgba[] = [];
      for (let node: Element | null = el; node && node !== root && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none') return null;
        const colour = c.parseColor(style.backgroundColor);
        if (colour && colour.a > 0) {
          layers.push(colour);
          if (colour.a >= 1) break;
        }
      }
      return layers.reduceRight((under, layer) => c.composite(layer, under), transparent);
    };

    const opacityOf = (el: Element): number => {
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };

    const offenders: Array<{ text: string; selector: string; ratio: number; required: number; color: string; background: string }> = [];
    const seen = new Set<Element>();
    let checked = 0;
    let skipped = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || seen.has(el)) continue;
      if (el.closest('script, style, noscript, template, svg, canvas')) continue;
      seen.add(el);
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width < 1 || box.height < 1) continue;
      if (el.closest(exempt)) {
        skipped++;
        continue;
      }
      const backdrop = backdropOf(el);
      if (!backdrop) {
        skipped++;
        continue;
      }
      const style = getComputedStyle(el);
      const ink = c.parseColor(style.webkitTextFillColor && style.webkitTextFillColor !== style.color ? style.webkitTextFillColor : style.color);
      if (!ink) {
        skipped++;
        continue;
      }
      const shownInk = { ...ink, a: ink.a * opacityOf(el) };
      const ratio = c.shownContrast(shownInk, backdrop, filter, canvas);
      const required = c.requiredRatio(parseFloat(style.fontSize), Number(style.fontWeight));
      checked++;
      // A hundredth below the threshold is rounding in the browser's colour values, not a finding.
      if (ratio + 0.01 < required) {
        offenders.push({
          text: text.slice(0, 40),
          selector: describe(el),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: c.toCss(c.composite(c.applyFilter(c.composite(shownInk, backdrop), filter), canvas)),
          background: c.toCss(c.composite(c.applyFilter(backdrop, filter), canvas)),
        });
      }
    }
    return { checked, skipped, offenders };
  });
}

export function formatOffenders(offenders: Offender[]): string {
  return offenders.map((o) => `${o.ratio}:1 < ${o.required}:1  "${o.text}"  ${o.selector}  (${o.color} on ${o.background})`).join('\n');
}
