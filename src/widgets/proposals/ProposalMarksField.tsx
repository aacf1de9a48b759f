import { useMemo, useState } from 'react';
import { Empty, Select, Space, Tag, Typography } from 'antd';
import type { DemandMark, ProposalMarksFieldProps as DescribedProps, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

export type ProposalMarksFieldProps = DescribedProps & {
  value?: DemandMark[];
  onChange?: (value: DemandMark[]) => void;
  disabled?: boolean;
  readOnly?: boolean;
};

const PAGE_SIZE = 20;
const MARK_PAGE = '/brandManage/brandRecord/recordDetail';

export const markOf = (m: Trademark): DemandMark => ({
  brandId: m.id,
  tmName: m.tmName,
  appNo: m.appNo,
  intCls: m.tmCl ? String(m.tmCl) : '',
  logo: m.tmLogoUrl ?? null,
});

const markLabel = (m: DemandMark) => `${m.tmName || '图形'}（${m.appNo || '无申请号'}）${m.intCls ? `第${m.intCls}类` : ''}`;

/** The marks a proposal concerns, each a link to the mark's page. */
export function ProposalMarkList({ marks }: { marks: DemandMark[] }) {
  const runtime = useRuntime();
  if (!marks.length) return <Typography.Text type="secondary">未关联商标</Typography.Text>;
  return (
    <div className="proposal-marks" data-testid="proposal-marks">
      {marks.map((m) => (
        <a
          key={m.brandId}
          className="proposal-mark"
          href={`${MARK_PAGE}?id=${m.brandId}`}
          onClick={(e) => {
            e.preventDefault();
            runtime.navigate(`${MARK_PAGE}?id=${m.brandId}`);
          }}
        >
          {m.logo ? <img src={m.logo} alt={m.tmName} /> : <span className="proposal-mark-blank">图样</span>}
          <span className="proposal-mark-text">
            <Typography.Text strong>{m.tmName || '图形'}</Typography.Text>
            <Typography.Text type="secondary">
              {m.appNo || '--'}
              {m.intCls ? ` · 第${m.intCls}类` : ''}
            </Typography.Text>
          </span>
        </a>
      ))}
    </div>
  );
}

/**
 * 涉及的商标: marks of the organisation's archive, found by name or number (300 ms after typing
 * stops, 20 at a time), several may be chosen. The value is the chosen marks, so their names show
 * without asking the archive again.
 */
export function ProposalMarksField({ value = [], onChange, disabled, readOnly, placeholder = '输入商标名称、申请号或注册号查找' }: ProposalMarksFieldProps) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useOperation('brandArchives.queryBrandPage', keyword ? { keyword, pageNo: 1, pageSize: PAGE_SIZE } : null);
  const known = useMemo(() => {
    const all = new Map<number, DemandMark>(value.map((m) => [m.brandId, m]));
    for (const m of found.data?.list ?? []) if (!all.has(m.id)) all.set(m.id, markOf(m));
    return all;
  }, [value, found.data]);

  if (readOnly) return <ProposalMarkList marks={value} />;
  return (
    <Select
      mode="multiple"
      showSearch
      allowClear
      aria-label="涉及的商标"
      style={{ width: '100%' }}
      value={value.map((m) => m.brandId)}
      placeholder={placeholder}
      disabled={disabled}
      filterOption={false}
      onSearch={setTyped}
      onBlur={() => setTyped('')}
      onChange={(ids: number[]) => onChange?.(ids.map((id) => known.get(id)).filter((m): m is DemandMark => Boolean(m)))}
      loading={found.isLoading}
      options={[...known.values()].map((m) => ({ value: m.brandId, label: markLabel(m) }))}
      tagRender={({ label, closable, onClose }) => (
        <Tag closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </Tag>
      )}
      notFoundContent={
        keyword ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="档案中没有相符的商标" />
        ) : (
          <Space style={{ padding: 8 }}>
            <Typography.Text type="secondary">请输入商标名称或号码</Typography.Text>
          </Space>
        )
      }
    />
  );
}
