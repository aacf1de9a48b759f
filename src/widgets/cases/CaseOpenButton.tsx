import type { MouseEvent } from 'react';
import { Typography } from 'antd';
import type { CaseOpenButtonProps } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { casePath } from './caseRoutes.js';

/** 查看 of a case list row (or its number as a link): opens the case on its type's page. */
export function CaseOpenButton({ record, link }: CaseOpenButtonProps) {
  const runtime = useRuntime();
  const types = useOperation('caseManage.caseTypes', {});
  const caseNo = typeof record?.caseNo === 'string' ? record.caseNo : '';
  const caseType = typeof record?.caseType === 'string' ? record.caseType : '';
  if (!caseNo) return null;
  const path = casePath(
    types.data?.list.find((t) => t.name === caseType),
    caseNo,
    caseType,
  );
  const open = (event?: MouseEvent) => {
    event?.preventDefault();
    runtime.navigate(path);
  };
  return (
    <Typography.Link href={path} onClick={open} style={link ? undefined : { marginInlineEnd: 12 }}>
      {link ? caseNo : '查看'}
    </Typography.Link>
  );
}
