import { memo, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
import { RuntimeContext, type RuntimeServices } from '../../runtime/runtimeContext.js';
import { openTabs, subscribeTabs } from './tabsStore.js';

/**
 * The page area. Pages marked keepAlive stay mounted (hidden) while their tag is open, so a
 * filtered list or a half-filled form is as the user left it; closing the tag drops the page.
 */
export function KeepAliveOutlet({ keepAlive }: { keepAlive: (path: string) => boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tabs = useSyncExternalStore(subscribeTabs, openTabs);
  const cache = useRef(new Map<string, ReactElement>());
  const [, rerender] = useState(0);

  const cached = keepAlive(pathname);
  if (cached && outlet && !cache.current.has(pathname)) cache.current.set(pathname, outlet);

  useEffect(() => {
    let dropped = false;
    for (const path of [...cache.current.keys()]) {
      if (path !== pathname && !tabs.some((t) => t.path === path)) {
        cache.current.delete(path);
        dropped = true;
      }
    }
    if (dropped) rerender((n) => n + 1);
  }, [tabs, pathname]);

  return (
    <>
      {[...cache.current.entries()].map(([path, element]) => (
        <div key={path} style={{ display: path === pathname ? undefined : 'none' }} data-keep-alive={path}>
          <KeptPage active={path === pathname}>{element}</KeptPage>
        </div>
      ))}
      {!cached && outlet}
    </>
  );
}

/** Same user and same query: nothing a page reads from the runtime differs. */
const sameRuntime = (a: RuntimeServices, b: RuntimeServices) => a.user === b.user && a.query.toString() === b.query.toString();

/**
 * A kept-alive page sees the runtime as it was when it was last shown: a hidden page is not redrawn
 * for other pages' addresses, and a page shown again is redrawn only if its user or query changed,
 * so switching back to its tag shows it as it was, at once.
 */
const KeptPage = memo(function KeptPage({ active, children }: { active: boolean; children: ReactNode }) {
  const runtime = useContext(RuntimeContext);
  const shown = useRef(runtime);
  if (active && runtime && (!shown.current || !sameRuntime(shown.current, runtime))) shown.current = runtime;
  return <RuntimeContext.Provider value={shown.current}>{children}</RuntimeContext.Provider>;
});
