import { useEffect, useState } from 'react';
import { loadMonaco, type MonacoWithJson } from './loadMonaco.js';

/** Monaco once it has loaded (null until then); loading starts with the first editor shown. */
export function useMonaco(): MonacoWithJson | null {
  const [loaded, setLoaded] = useState<MonacoWithJson | null>(null);
  useEffect(() => {
    let alive = true;
    void loadMonaco().then((m) => alive && setLoaded(m));
    return () => {
      alive = false;
    };
  }, []);
  return loaded;
}
