import { useMemo, useState } from 'react';
import { Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { MergeCandidate } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { FallbackImage } from '../../runtime/components/FallbackImage.js';
import { MergeColumns, markColumns, type MergeRow } from './MergeColumns.js';
import { useMergeConfirm } from './useMergeConfirm.js';
import { MergeDialogFrame } from './MergeDialogFrame.js';
import { TrademarkStatusTag } from '../trademarks/index.js';
import { hasAtLeastTwo } from '../../shared/listLength.js';

export interface MergeDialogProps {
  ids: number[];
  open: boolean;
  onClose(): void;
  onMerged(): Promise<unknown> | void;
}

/** Which compared fields each row of the dialog shows. */
const ROW_FIELDS: Record<string, string[]> = {
  商标: ['tmStatus', 'tmLogoUrl', 'tmName', 'tmCl', 'appNo'],
  来源: ['source'],
  商品项: ['goodsItems'],
  英文商品项: ['goodsItemsEn'],
};

const goodsText = (c: MergeCandidate) => c.brandCGInfo.map((g) => `${g.code} ${g.name}`);

/** 数据合并 (850px): duplicates side by side; the person picks the one to keep. */
export function MergeDialog({ ids, open, onClose, onMerged }: MergeDialogProps) {
  const body = open && hasAtLeastTwo(ids) ? { ids } : null;
  const candidates = useOperation('brandMerge.queryMergeCandidates', body);
  const conflicts = useOperation('brandMerge.queryBrandConflictField', body);
  const [kept, setKept] = useState<number | null>(null);
  const { merging, confirm } = useMergeConfirm(ids, async () => {
    await onMerged();
    onClose();
  });
  const list = candidates.data?.list ?? [];
  const differing = useMemo(() => new Set((conflicts.data?.fields ?? []).map((f) => f.field)), [conflicts.data]);
  const shownFields = new Set(Object.values(ROW_FIELDS).flat());
  const otherDifferences = (conflicts.data?.fields ?? []).filter((f) => !shownFields.has(f.field)).map((f) => f.label);
  const differs = (label: string) => ROW_FIELDS[label]!.some((f) => differing.has(f));

  const rows: MergeRow[] = [
    {
      label: '商标',
      differs: differs('商标'),
      cells: list.map((c) => (
        <Space direction="vertical" size={4} key={c.id}>
          <TrademarkStatusTag value={c.tmStatus} />
          <FallbackImage src={c.tmImage ?? undefined} width={64} height={64} preview={false} alt="商标图样" />
          <Typography.Text strong>{c.tmName || '--'}</Typography.Text>
          <Typography.Text>类别：{c.tmItem.tmClValue ? `第${c.tmItem.tmClValue}类` : '--'}</Typography.Text>
          <Typography.Text>申请号：{c.appNo || '--'}</Typography.Text>
        </Space>
      )),
    },
    {
      label: '来源',
      differs: differs('来源'),
      cells: list.map((c) => (
        <Space direction="vertical" size={2} key={c.id}>
          <Typography.Text>{c.dplSourceLabel}</Typography.Text>
          <Typography.Text type="secondary">创建时间：{dayjs(c.dplCreateTime).format('YYYY-MM-DD HH:mm')}</Typography.Text>
        </Space>
      )),
    },
    {
      label: '商品项',
      differs: differs('商品项'),
      cells: list.map((c) => (
        <div className="ipm-merge-goods" key={c.id}>
          {goodsText(c).length > 0 ? goodsText(c).map((t) => <div key={t}>{t}</div>) : '--'}
        </div>
      )),
    },
    {
      label: '英文商品项',
      differs: differs('英文商品项'),
      cells: list.map((c) => (
        <div className="ipm-merge-goods" key={c.id}>
          {c.intClsOverse.length > 0 ? c.intClsOverse.map((g, i) => <div key={`${g.code}:${i}`}>{`${g.code} ${g.nameEn}`}</div>) : '--'}
        </div>
      )),
    },
  ];

  return (
    <MergeDialogFrame
      title="数据合并"
      open={open}
      onClose={onClose}
      merging={merging}
      loading={candidates.isLoading}
      count={list.length}
      error={candidates.error}
      onConfirm={() => void confirm(kept)}
    >
      <>
        <MergeColumns columns={markColumns(list)} rows={rows} kept={kept} onPick={setKept} />
        {otherDifferences.length > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            其他不同的字段：{otherDifferences.join('、')}
            。保留的商标的值优先，空的字段由其他商标按更新时间从新到旧补齐。
          </Typography.Paragraph>
        )}
      </>
    </MergeDialogFrame>
  );
}
