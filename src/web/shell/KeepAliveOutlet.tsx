import { useEffect, useRef, useState, useSyncExternalStore, type ReactElement } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';
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
          {element}
        </div>
      ))}
      {!cached && outlet}
    </>
  );
}
