import { Tag } from 'antd';
import type { CaseStatusTagProps, CaseTypeSchema } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';

/** The colour a case type gives a status (its statuses, or the default ones the server filled in). */
export function statusColor(schema: CaseTypeSchema | undefined, status: string): string | undefined {
  const found = schema?.statuses.find((s) => s.key === status) as { color?: unknown } | undefined;
  return typeof found?.color === 'string' ? found.color : undefined;
}

export function StatusTag({ title, color }: { title: string; color: string | undefined }) {
  return (
    <Tag color={color} className="case-status-tag" bordered={false}>
      {title}
    </Tag>
  );
}

/** A case list row's status as a tag in its type's colour; each type's description is fetched once for the page. */
export function CaseStatusTag({ record }: CaseStatusTagProps) {
  const caseType = typeof record?.caseType === 'string' ? record.caseType : '';
  const { data } = useOperation('caseManage.caseTypeSchema', /^[a-z][A-Za-z0-9]*$/.test(caseType) ? { caseType } : null);
  if (!record) return null;
  return <StatusTag title={String(record.statusTitle ?? record.status ?? '--')} color={statusColor(data, String(record.status ?? ''))} />;
}
