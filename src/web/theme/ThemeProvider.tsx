import { useEffect, useLayoutEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { App, ConfigProvider, theme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { globalState, subscribeGlobal } from './globalStore.js';
import { usePrefersReducedMotion } from './reducedMotion.js';
import { antdTheme } from './antdTheme.js';
import { pageFilter, pageFilterCss } from './readableTokens.js';
import { PageFilterContext } from '../../runtime/appearance.js';
// The default theme's styles, baked at build time: antd then skips generating and inserting them.
import 'virtual:antd-static-style.css';

/** antd's theme from `store-global`; grey and weak modes filter the whole page; no animations when the system asks for reduced motion. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSyncExternalStore(subscribeGlobal, globalState);
  const reducedMotion = usePrefersReducedMotion();
  const { primary, isDark, isGrey, isWeak } = settings;
  const config = useMemo(() => antdTheme({ primary, isDark, isGrey, isWeak }, reducedMotion), [primary, isDark, isGrey, isWeak, reducedMotion]);
  const filter = useMemo(() => pageFilter({ isGrey, isWeak }), [isGrey, isWeak]);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('ipm-grey', isGrey);
    root.classList.toggle('ipm-weak', isWeak);
    root.classList.toggle('ipm-dark', isDark);
    root.style.colorScheme = isDark ? 'dark' : 'light';
    root.style.filter = pageFilterCss(filter);
  }, [isGrey, isWeak, isDark, filter]);
  // For what antd does not draw, such as the page-loading bar.
  useEffect(() => document.documentElement.style.setProperty('--ipm-color-primary', settings.primary), [settings.primary]);
  return (
    <ConfigProvider locale={zhCN} componentSize={settings.size === 'default' ? 'middle' : settings.size} theme={config}>
      <ThemeVariables />
      <PageFilterContext.Provider value={filter}>
        <App>{children}</App>
      </PageFilterContext.Provider>
    </ConfigProvider>
  );
}

/** The theme tokens the project's own style sheets use, as custom properties on the page (named as antd names its CSS variables). */
const CSS_VARIABLES = {
  '--ant-color-primary': 'colorPrimary',
  '--ant-color-primary-bg': 'colorPrimaryBg',
  '--ant-color-text': 'colorText',
  '--ant-color-text-secondary': 'colorTextSecondary',
  '--ant-color-text-description': 'colorTextDescription',
  '--ant-color-error': 'colorError',
  '--ant-color-success': 'colorSuccess',
  '--ant-color-bg-layout': 'colorBgLayout',
  '--ant-color-bg-container': 'colorBgContainer',
  '--ant-color-border': 'colorBorder',
  '--ant-color-border-secondary': 'colorBorderSecondary',
  '--ant-color-fill-alter': 'colorFillAlter',
  '--ant-color-fill-quaternary': 'colorFillQuaternary',
  '--ant-color-fill-tertiary': 'colorFillTertiary',
} as const;

function ThemeVariables(): null {
  const { token } = theme.useToken();
  // Before paint, so a page never shows the style sheets' fallbacks first.
  useLayoutEffect(() => {
    const style = document.documentElement.style;
    for (const [name, key] of Object.entries(CSS_VARIABLES)) style.setProperty(name, String(token[key]));
  }, [token]);
  return null;
}
