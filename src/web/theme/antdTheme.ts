import { theme, type ThemeConfig } from 'antd';
import type { GlobalState } from './globalStore.js';

/**
 * antd's theme for the shell's appearance settings. The build bakes the styles of the default
 * settings into a stylesheet (generators/antdStaticStyle.ts) from this same function, so the two
 * agree on every token.
 */
export function antdTheme(settings: Pick<GlobalState, 'primary' | 'isDark'>, reducedMotion: boolean): ThemeConfig {
  return {
    algorithm: settings.isDark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: { colorPrimary: settings.primary, motion: !reducedMotion },
    // antd draws progress bars in the info colour, which the primary colour leaves blue: they follow the theme instead.
    components: { Progress: { defaultColor: settings.primary } },
  };
}
