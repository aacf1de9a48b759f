import { useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { Trademark } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { markText, relatedMarkOf, type RelatedMark } from './letterForm.js';

const PAGE_SIZE = 50;

const keyOf = (m: RelatedMark) => (m.id !== undefined ? `#${m.id}` : `no:${m.appNo}`);

export interface MarkPickerDrawerProps {
  open: boolean;
  value: RelatedMark[];
  multiple: boolean;
  onClose: () => void;
  onConfirm: (marks: RelatedMark[]) => void;
}

/**
 * 关联商标 (spec 001 §2, 70%): the trademark picker. Marks of the archive are found by
 * application number (请输入申请号 when none is typed), ticked one by one or 本页全选, 取消选择
 * unticks the page; the chosen list keeps what was ticked across searches, 清空选中 empties it.
 * When the archive has no such number, a placeholder record is made from the typed number.
 */
export function MarkPickerDrawer({ open, value, multiple, onClose, onConfirm }: MarkPickerDrawerProps) {
  const runtime = useRuntime();
  const [typed, setTyped] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [found, setFound] = useState<Trademark[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<RelatedMark[]>(value);

  useEffect(() => {
    if (open) setChosen(value);
  }, [open, value]);

  const search = async () => {
    const appNo = typed.trim();
    if (!appNo) {
      runtime.notify('warning', '请输入申请号');
      return;
    }
    setLoading(true);
    try {
      const reply = await runtime.callOperation('brandArchives.queryBrandPage', { appNo, pageNo: 1, pageSize: PAGE_SIZE });
      setFound(reply.list);
      setSearched(appNo);
    } catch (err) {
      runtime.notify('error', (err as Error).message);
    } finally {
      setLoading(false);
    }
  };

  const isChosen = (m: RelatedMark) => chosen.some((c) => keyOf(c) === keyOf(m));
  const toggle = (m: RelatedMark, on: boolean) =>
    setChosen((current) => (on ? (multiple ? [...current.filter((c) => keyOf(c) !== keyOf(m)), m] : [m]) : current.filter((c) => keyOf(c) !== keyOf(m))));
  const pageMarks = found.map(relatedMarkOf);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="70%"
      title="关联商标"
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" onClick={() => onConfirm(chosen)}>
            确定
          </Button>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          aria-label="申请号"
          placeholder="请输入申请号"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={search}
          style={{ width: 260 }}
          maxLength={40}
        />
        <Button type="primary" onClick={search} loading={loading}>
          查 询
        </Button>
        {multiple && (
          <Button
            disabled={pageMarks.length === 0}
            onClick={() => setChosen((c) => [...c.filter((x) => !pageMarks.some((m) => keyOf(m) === keyOf(x))), ...pageMarks])}
          >
            本页全选
          </Button>
        )}
        <Button disabled={pageMarks.length === 0} onClick={() => setChosen((c) => c.filter((x) => !pageMarks.some((m) => keyOf(m) === keyOf(x))))}>
          取消选择
        </Button>
      </Space>
      <Table<RelatedMark>
        size="small"
        rowKey={keyOf}
        dataSource={pageMarks}
        pagination={false}
        locale={{
          emptyText:
            searched === null ? (
              <Typography.Text type="secondary">请输入申请号查找档案中的商标</Typography.Text>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={<Typography.Text type="secondary">档案中没有申请号为 {searched} 的商标</Typography.Text>}
              >
                <Button onClick={() => toggle({ appNo: searched, tmName: '' }, true)}>按申请号 {searched} 关联</Button>
              </Empty>
            ),
        }}
        columns={[
          {
            key: 'check',
            width: 48,
            render: (_, m) => <Checkbox aria-label={`选择 ${markText(m)}`} checked={isChosen(m)} onChange={(e) => toggle(m, e.target.checked)} />,
          },
          {
            title: '商标图样',
            key: 'logo',
            width: 80,
            render: (_, m) => (m.tmLogoUrl ? <img src={m.tmLogoUrl} alt={m.tmName} style={{ height: 32 }} /> : '--'),
          },
          { title: '商标名称', dataIndex: 'tmName', render: (t: string) => t || '--' },
          { title: '申请号', dataIndex: 'appNo' },
          { title: '类别', dataIndex: 'tmCl', width: 80, render: (c: number | null) => c ?? '--' },
        ]}
      />
      <div style={{ marginTop: 16 }}>
        <Space style={{ marginBottom: 8 }}>
          <Typography.Text strong>已选 {chosen.length} 件</Typography.Text>
          <Button size="small" type="link" disabled={chosen.length === 0} onClick={() => setChosen([])}>
            清空选中
          </Button>
        </Space>
        <div>
          {chosen.map((m) => (
            <Tag key={keyOf(m)} closable onClose={() => toggle(m, false)}>
              {markText(m)}
            </Tag>
          ))}
        </div>
      </div>
    </Drawer>
  );
}
