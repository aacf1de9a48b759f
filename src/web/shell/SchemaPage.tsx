import { Result } from 'antd';
import type { PageDefinition } from '../../generated/types.js';
import { PageRenderer } from '../../runtime/PageRenderer.js';
import { usePassedGuard } from './guardState.js';

/** One route's page, rendered from its schema body. */
export function SchemaPage({ page }: { page: PageDefinition }) {
  if (!usePassedGuard()) return null;
  if (!page.body) {
    return <Result status="info" title={page.title} subTitle="该功能尚未开放，敬请期待。" />;
  }
  return <PageRenderer schema={page.body} formKey={page.path} />;
}
