import { useState } from 'react';
import { Space, Typography } from 'antd';
import type { OverseasRecord } from '../../generated/types.js';
import { FIELD_TITLES } from '../../generated/fieldTitles.js';
import { FIELD_ENUM_TITLES } from '../../generated/fieldFormats.js';
import { useOperation } from '../../runtime/useOperation.js';
import { MergeColumns, markColumns, type MergeRow } from './MergeColumns.js';
import { useMergeConfirm } from './useMergeConfirm.js';
import { MergeDialogFrame } from './MergeDialogFrame.js';
import type { MergeDialogProps } from './MergeDialog.js';
import { hasAtLeastTwo } from '../../shared/listLength.js';

const SOURCE_LABELS: Record<number, string> = FIELD_ENUM_TITLES.Trademark.source;

/** The overseas record fields (spec 001 §3), in the order the comparison shows them. */
const FIELDS: [keyof OverseasRecord, string][] = (
  [
    'applicant',
    'applicantEn',
    'applicantAddress',
    'applicantAddressEn',
    'agent',
    'agentEn',
    'agentAddress',
    'agentAddressEn',
    'goodsItems',
    'goodItemEn',
    'source',
  ] as const
).map((field) => [field, FIELD_TITLES.OverseasRecord[field]]);

const show = (field: keyof OverseasRecord, record: OverseasRecord) => {
  if (field === 'source') return SOURCE_LABELS[record.source] ?? '--';
  const value = record[field];
  return value === '' ? '--' : String(value);
};

/** 海外商标合并对比: overseas duplicates' record fields side by side, differing rows marked. */
export function OverseasMergeDialog({ ids, open, onClose, onMerged }: MergeDialogProps) {
  const detail = useOperation('brandMerge.queryOverseasMergeDetail', open && hasAtLeastTwo(ids) ? { idList: ids } : null);
  const [kept, setKept] = useState<number | null>(null);
  const { merging, confirm } = useMergeConfirm(ids, async () => {
    await onMerged();
    onClose();
  });
  const list = detail.data?.list ?? [];
  const rows: MergeRow[] = [
    {
      label: '商标',
      differs: new Set(list.map((m) => `${m.tmName}|${m.appNo}|${m.countryCode}|${m.tmCl}`)).size > 1,
      cells: list.map((m) => (
        <Space direction="vertical" size={2} key={m.id}>
          <Typography.Text strong>{m.tmName || '--'}</Typography.Text>
          <Typography.Text>申请号：{m.appNo || '--'}</Typography.Text>
          <Typography.Text>国家/地区：{m.countryCode}</Typography.Text>
          <Typography.Text>类别：{m.tmCl ? `第${m.tmCl}类` : '--'}</Typography.Text>
        </Space>
      )),
    },
    ...FIELDS.map(([field, label]) => ({
      label,
      differs: new Set(list.map((m) => String(m.detailVo[field]))).size > 1,
      cells: list.map((m) => (
        <div className={field.startsWith('goods') || field === 'goodItemEn' ? 'ipm-merge-goods' : undefined} key={m.id}>
          {show(field, m.detailVo)}
        </div>
      )),
    })),
  ];
  return (
    <MergeDialogFrame
      title="海外商标合并对比"
      open={open}
      onClose={onClose}
      merging={merging}
      loading={detail.isLoading}
      count={list.length}
      error={detail.error}
      onConfirm={() => void confirm(kept)}
    >
      <MergeColumns columns={markColumns(list)} rows={rows} kept={kept} onPick={setKept} />
    </MergeDialogFrame>
  );
}
