import { useEffect } from 'react';
import type { MenuEntry, PageDefinition } from '../../generated/types.js';
import { useSchemaComponents } from '../../runtime/schemaFieldContext.js';
import { preloadSchemaComponents } from '../../runtime/lazy/lazyComponents.js';
import { menuPaths } from './navigationGuard.js';

/** How long the browser may wait for an idle moment before the warming starts anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Once the signed-in user's menu is known and the browser is idle, the code of the pages in that
 * menu loads (their widgets, blocks and fields, not the libraries those load on use: PDF.js, Quill,
 * Monaco), so a page opened from the menu has nothing to fetch first. The sign-in page loads none of it.
 */
export function useWarmMenuPages(pages: PageDefinition[], menu: MenuEntry[] | null): void {
  const components = useSchemaComponents();
  useEffect(() => {
    if (!menu) return;
    const paths = menuPaths(menu);
    const warm = () => {
      for (const page of pages) if (page.body && paths.has(page.path)) void preloadSchemaComponents(page.body, components);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(warm, IDLE_TIMEOUT_MS);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(warm, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(idle);
  }, [pages, menu, components]);
}
