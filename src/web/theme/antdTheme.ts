import { theme, type ThemeConfig } from 'antd';
import type { GlobalState } from './globalStore.js';
import { pageFilter, readableTokens } from './readableTokens.js';

/**
 * antd's theme for the shell's appearance settings. The build bakes the styles of the default
 * settings into a stylesheet (generators/antdStaticStyle.ts) from this same function, so the two
 * agree on every token. Text colours are those of antd's algorithm, made readable (readableTokens.ts).
 */
export function antdTheme(settings: Pick<GlobalState, 'primary' | 'isDark' | 'isGrey' | 'isWeak'>, reducedMotion: boolean): ThemeConfig {
  const algorithm = settings.isDark ? theme.darkAlgorithm : theme.defaultAlgorithm;
  const seed = { ...theme.defaultSeed, colorPrimary: settings.primary };
  const base = theme.getDesignToken({ algorithm, token: { colorPrimary: settings.primary } });
  const deriveSeeds = (seeds: Record<string, string>) => algorithm({ ...seed, ...seeds }) as unknown as Record<string, unknown>;
  const readable = readableTokens(base, settings.isDark, pageFilter(settings), deriveSeeds);
  return {
    algorithm,
    token: { colorPrimary: settings.primary, ...readable, motion: !reducedMotion },
    components: {
      // antd draws progress bars in the info colour, which the primary colour leaves blue: they follow the theme instead.
      Progress: { defaultColor: settings.primary },
      // Tooltips stay light text on their dark backdrop in every mode.
      ...(settings.isDark ? { Tooltip: { colorTextLightSolid: '#ffffff' } } : {}),
    },
  };
}
