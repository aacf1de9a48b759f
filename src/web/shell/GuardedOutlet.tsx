import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { PageDefinition } from '../../generated/types.js';
import { documentTitle } from '../../shared/product.js';
import { guardNavigation, rememberNavigation } from './navigationGuard.js';
import { progress } from './progress.js';
import { matchPage } from './matchPage.js';
import { GuardContext } from './guardState.js';
import { useSchemaComponents } from '../../runtime/schemaFieldContext.js';
import { preloadSchemaComponents } from '../../runtime/lazy/lazyComponents.js';
import { userState } from '../session/userStore.js';
import { shellLayoutChunk } from './LazyShellLayout.js';

type Verdict = { path: string; redirect: string | null };

/** Runs the navigation guard on every location change before the page renders. */
export function GuardedOutlet({ pages }: { pages: PageDefinition[] }) {
  const location = useLocation();
  const fullPath = location.pathname + location.search;
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const previous = useRef<string | null>(null);
  const components = useSchemaComponents();

  useEffect(() => {
    let cancelled = false;
    const page = matchPage(pages, location.pathname);
    document.title = documentTitle(page?.title ?? '页面不存在');
    progress.start();
    // The page's chunks load while the guard decides; a page that would send a signed-out user to sign in loads nothing.
    if (page?.body && (page.public || userState().token)) void preloadSchemaComponents(page.body, components);
    if (userState().token) void shellLayoutChunk.load().catch(() => undefined);
    rememberNavigation(location.pathname, previous.current);
    previous.current = location.pathname;
    guardNavigation(page, fullPath)
      .then((outcome) => !cancelled && setVerdict({ path: fullPath, redirect: outcome.pass ? null : outcome.redirect }))
      .catch((err: unknown) => {
        // Route errors are only logged as a warning (spec 000 §2.11); the page stays put.
        console.warn('navigation guard', err);
        if (!cancelled) setVerdict({ path: fullPath, redirect: null });
      })
      .finally(() => progress.done());
    return () => {
      cancelled = true;
    };
  }, [fullPath, location.pathname, pages, components]);

  const decided = verdict !== null && verdict.path === fullPath;
  if (decided && verdict.redirect) return <Navigate to={verdict.redirect} replace />;
  // The layout stays mounted while the guard decides; pages wait for its verdict themselves.
  return (
    <GuardContext.Provider value={decided ? fullPath : null}>
      <Outlet />
    </GuardContext.Provider>
  );
}
