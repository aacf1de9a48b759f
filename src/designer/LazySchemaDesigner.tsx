import { lazy, Suspense } from 'react';
import { Spin } from 'antd';

const Designer = lazy(() => import('./SchemaDesigner.js').then((m) => ({ default: m.SchemaDesigner })));

/** The designer is loaded only when a designer page opens, so other pages never carry it. */
export function SchemaDesigner() {
  return (
    <Suspense fallback={<Spin tip="正在加载设计器…" />}>
      <Designer />
    </Suspense>
  );
}
