import { useEffect } from 'react';
import { Spin } from 'antd';
import { useRuntime } from '../runtimeContext.js';
import { sameSitePath } from './sameSitePath.js';
import type { QueryRedirectProps } from '../../generated/types.js';

/** Forwards to the path named in the address, only within this site (a hop for links from outside). */
export function QueryRedirect({ param, fallback = '/' }: QueryRedirectProps) {
  const runtime = useRuntime();
  const target = sameSitePath(runtime.query.get(param)) ?? fallback;
  useEffect(() => {
    runtime.navigate(target);
  }, [runtime, target]);
  return <Spin fullscreen tip="正在跳转…" />;
}
