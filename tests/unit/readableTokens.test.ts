import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { antdTheme } from '../../src/web/theme/antdTheme.js';
import { DEFAULT_GLOBAL_STATE } from '../../src/web/theme/globalStore.js';
import { pageFilter } from '../../src/web/theme/readableTokens.js';
import { composite, parseColor, shownContrast, type Rgba } from '../../src/shared/contrast.js';

const MODES = {
  light: {},
  dark: { isDark: true },
  grey: { isGrey: true },
  weak: { isWeak: true },
  'dark with a light primary': { isDark: true, primary: '#ffd666' },
  'light with a light primary': { primary: '#13c2c2' },
};

/** The tokens antd's components finally use for a setting: the theme as ConfigProvider resolves it. */
function finalTokens(patch: object) {
  const settings = { ...DEFAULT_GLOBAL_STATE, ...patch };
  const token = theme.getDesignToken(antdTheme(settings, false)) as unknown as Record<string, string>;
  const colour = (name: string): Rgba => {
    const value = parseColor(String(token[name]));
    if (!value) throw new Error(`${name} is not a colour: ${token[name]}`);
    return value;
  };
  return { colour, filter: pageFilter(settings) };
}

describe('antd text colours reach WCAG AA in every appearance mode', () => {
  for (const [mode, patch] of Object.entries(MODES)) {
    it(mode, () => {
      const { colour, filter } = finalTokens(patch);
      const container = colour('colorBgContainer');
      const surfaces = { colorBgContainer: container, colorBgLayout: colour('colorBgLayout'), colorFillAlter: composite(colour('colorFillAlter'), container) };
      const shortfalls: string[] = [];
      const check = (text: string, ink: Rgba, grounds: Record<string, Rgba>) => {
        for (const [ground, backdrop] of Object.entries(grounds)) {
          const ratio = shownContrast(composite(ink, backdrop), backdrop, filter);
          if (ratio < 4.5) shortfalls.push(`${text} on ${ground}: ${ratio.toFixed(2)}`);
        }
      };
      for (const name of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextLabel', 'colorTextHeading']) {
        check(name, colour(name), surfaces);
      }
      for (const name of ['colorPrimary', 'colorLink', 'colorError', 'colorWarning', 'colorSuccess', 'colorInfo']) {
        const tint = name === 'colorLink' ? {} : { [`${name}Bg`]: composite(colour(`${name}Bg`), container) };
        check(name, colour(name), { ...surfaces, ...tint });
      }
      // Text on a solid fill: primary and danger buttons.
      check('colorTextLightSolid', colour('colorTextLightSolid'), { colorPrimary: colour('colorPrimary'), colorError: colour('colorError') });
      for (const preset of ['green', 'red', 'orange', 'gold', 'blue', 'purple']) {
        check(`${preset}-7`, colour(`${preset}7`), { [`${preset}-1`]: composite(colour(`${preset}1`), container) });
      }
      expect(shortfalls).toEqual([]);
    });
  }

  it('leaves colours that already read well as antd makes them', () => {
    const light = finalTokens({}).colour;
    expect(light('colorTextSecondary')).toEqual(parseColor('#595959'));
    expect(light('colorPrimaryBg')).toEqual(parseColor(theme.getDesignToken({ token: { colorPrimary: '#ff7200' } }).colorPrimaryBg));
  });
});
