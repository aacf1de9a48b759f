import { Spin } from 'antd';
import type { PageDefinition } from '../../generated/types.js';
import { lazyModule } from '../../runtime/lazy/lazyComponents.js';

/** The shell (menu, tags, breadcrumb, settings) is only drawn after sign-in, so the sign-in page does not download it. */
export const shellLayoutChunk = lazyModule(() => import('./ShellLayout.js'));

export function LazyShellLayout({ pages }: { pages: PageDefinition[] }) {
  const chunk = shellLayoutChunk.useLoaded();
  if (!chunk) return <Spin size="large" className="ipm-shell-loading" />;
  return <chunk.ShellLayout pages={pages} />;
}
