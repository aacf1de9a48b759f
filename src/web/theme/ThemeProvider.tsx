import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { globalState, subscribeGlobal } from './globalStore.js';
import { usePrefersReducedMotion } from './reducedMotion.js';
import { antdTheme } from './antdTheme.js';
// The default theme's styles, baked at build time: antd then skips generating and inserting them.
import 'virtual:antd-static-style.css';

/** antd's theme from `store-global`; grey and weak modes filter the whole page; no animations when the system asks for reduced motion. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const settings = useSyncExternalStore(subscribeGlobal, globalState);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('ipm-grey', settings.isGrey);
    root.classList.toggle('ipm-weak', settings.isWeak);
    root.classList.toggle('ipm-dark', settings.isDark);
    root.style.colorScheme = settings.isDark ? 'dark' : 'light';
  }, [settings.isGrey, settings.isWeak, settings.isDark]);
  // For what antd does not draw, such as the page-loading bar.
  useEffect(() => document.documentElement.style.setProperty('--ipm-color-primary', settings.primary), [settings.primary]);
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={settings.size === 'default' ? 'middle' : settings.size}
      theme={antdTheme(settings, reducedMotion)}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
