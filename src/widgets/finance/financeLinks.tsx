import { Typography } from 'antd';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { casePath } from '../cases/index.js';

/** A record's case as a link to its page, for those whose role opens cases; its number otherwise. */
export function CaseLink({ caseNo, caseType, title }: { caseNo: string; caseType: string; title: string }) {
  const runtime = useRuntime();
  const types = useOperation('caseManage.caseTypes', runtime.permissions.has('caseManage') ? {} : null);
  if (!runtime.permissions.has('caseManage')) return <span>{title}</span>;
  const path = casePath(
    types.data?.list.find((t) => t.name === caseType),
    caseNo,
    caseType,
  );
  return (
    <Typography.Link
      href={path}
      onClick={(e) => {
        e.preventDefault();
        runtime.navigate(path);
      }}
    >
      {title}
    </Typography.Link>
  );
}
