import { describe, expect, it } from 'vitest';

// antd fixes its class-name prefix by NODE_ENV when first loaded, as a production build loads it.
process.env.NODE_ENV = 'production';
const { defaultThemeStyle, SHARED_BOX_SIZING, withSharedBoxSizing, withoutInvalidRules } = await import('../../generators/antdStaticStyle.js');

describe('withoutInvalidRules', () => {
  it('drops a rule whose selector has a doubled dot, as a browser would, and keeps the rest', () => {
    const css = '.a{color:red}.x .b..c,.d{margin:0}@media (max-width:1px){.e..f{top:0}.g{top:1px}}.h{background:url(../i.png)}';
    expect(withoutInvalidRules(css)).toBe('.a{color:red}@media (max-width:1px){.g{top:1px}}.h{background:url(../i.png)}');
  });
});

describe('withSharedBoxSizing', () => {
  it('replaces the per-component box-sizing resets by one rule and keeps every other rule', () => {
    const resets =
      ':where(.css-ab1)[class^="ant-table"],:where(.css-ab1)[class*=" ant-table"]{box-sizing:border-box;}:where(.css-ab1).ant-app [class^="ant-app"]{box-sizing:border-box}' +
      '\n:where(.css-ab1)[class^="ant-table"] [class*=" ant-table"]::after,:where(.css-ab1)[class*=" ant-table"] [class^="ant-table"]::before{box-sizing:border-box;}';
    const kept = [
      ':where(.css-ab1)[class^="ant-table"],:where(.css-ab1)[class*=" ant-table"]{font-size:14px;box-sizing:border-box;}',
      ':where(.css-ab1).ant-table .ant-table-cell,:where(.css-ab1)[class^="ant-table"]{box-sizing:border-box;}',
      ':where(.css-ab1).ant-slider .ant-slider-track{box-sizing:content-box;}',
      '@media (max-width:1px){.x{box-sizing:border-box;}}',
    ].join('');
    expect(withSharedBoxSizing(resets + kept)).toBe(SHARED_BOX_SIZING + kept);
    expect(withSharedBoxSizing(kept)).toBe(kept);
  });
});

describe('defaultThemeStyle', () => {
  it('holds the default theme’s component styles and the map antd reads to skip styling them again', () => {
    const css = defaultThemeStyle();
    const paths = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)"/.exec(css)?.[1].split(';') ?? [];
    for (const part of ['|Button-Button|ant-btn|', '|Table-Table|ant-table|', '|Modal-Modal|ant-modal|', '|formily-antd|Form|ant-formily-item|']) {
      expect(
        paths.some((path) => path.includes(part)),
        part,
      ).toBe(true);
    }
    // The shell's orange primary colour (darkened until white text on it reaches WCAG AA), on the production class names (no development prefix).
    expect(css.includes('background:#b95200')).toBe(true);
    expect(css.includes(':where(.css-')).toBe(true);
    expect(css.includes('css-dev-only')).toBe(false);
    expect(/[^{}]*\.\.[^{}]*\{/.test(css)).toBe(false);
    // antd's per-component box-sizing resets, some 500 selectors on class prefixes, are one rule.
    expect(css.startsWith(SHARED_BOX_SIZING)).toBe(true);
    expect(css.match(/\[class\^="ant-/g)!.length).toBeLessThan(40);
  });
});
