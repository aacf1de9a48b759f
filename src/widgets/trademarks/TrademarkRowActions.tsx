import { Button, Space } from 'antd';
import type { Trademark, TrademarkRowActionsProps as DescribedProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { TrademarkEditButton } from './TrademarkEditButton.js';
import { useDeleteMarks } from './useDeleteMarks.js';
import { detailPath } from './trademarkText.js';

export type TrademarkRowActionsProps = Omit<DescribedProps, 'record'> & { record?: Trademark | null };

/** 详情, 编辑 (the trademark info dialog) and 删除 (after confirmation) for one archive mark. */
export function TrademarkRowActions({ record }: TrademarkRowActionsProps) {
  const runtime = useRuntime();
  const remove = useDeleteMarks();
  if (!record) return null;
  return (
    <Space size={0}>
      <Button type="link" size="small" onClick={() => runtime.navigate(detailPath(record.id))}>
        详情
      </Button>
      <TrademarkEditButton record={record} link label="编辑" />
      <Button type="link" size="small" danger onClick={() => void remove([record.id])}>
        删除
      </Button>
    </Space>
  );
}
