import { useMemo, useState } from 'react';
import { Button, Card, Select, Space, Tag, Typography } from 'antd';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { ITEMS_IN_CLASS_FEE, type ClassGood, type ClassGoods } from './classGoods.js';

interface ClassGoodsRowProps {
  row: ClassGoods;
  disabled?: boolean;
  onAdd: (good: ClassGood) => void;
  onRemove: (name: string) => void;
  onRemoveClass: () => void;
}

/** One class of the application: its items as tags and a search of the classification restricted to it. */
export function ClassGoodsRow({ row, disabled, onAdd, onRemove, onRemoveClass }: ClassGoodsRowProps) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const { data, isLoading } = useOperation('classification.search', keyword ? { keyword, pageNo: 1, pageSize: 100 } : null);
  const options = useMemo(() => {
    const standard = (data?.list ?? [])
      .filter((e) => e.dirLevel === 2 && e.classNum === String(row.tmCl))
      .map((e) => ({
        value: `std:${e.cgNum}`,
        label: `${e.cgName}（${e.groupNum ?? ''} ${e.cgNum}）`,
        good: { name: e.cgName, groupNum: e.groupNum ?? undefined, cgNum: e.cgNum },
      }));
    const free =
      keyword && !standard.some((o) => o.good.name === keyword)
        ? [{ value: `free:${keyword}`, label: `使用“${keyword}”（非规范名称）`, good: { name: keyword } }]
        : [];
    return [...standard, ...free];
  }, [data, keyword, row.tmCl]);
  const over = Math.max(0, row.goods.length - ITEMS_IN_CLASS_FEE);

  return (
    <Card
      size="small"
      title={`第 ${row.tmCl} 类`}
      extra={
        <Space>
          <Typography.Text type={over ? 'warning' : 'secondary'}>
            {row.goods.length} 项{over ? `，超出 ${ITEMS_IN_CLASS_FEE} 项的 ${over} 项另计费` : ''}
          </Typography.Text>
          <Button type="link" danger size="small" disabled={disabled} onClick={onRemoveClass}>
            删除本类
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <div>
          {row.goods.length === 0 && <Typography.Text type="secondary">还没有商品或服务</Typography.Text>}
          {row.goods.map((g) => (
            <Tag key={g.name} closable={!disabled} onClose={() => onRemove(g.name)} color={g.cgNum ? 'blue' : 'orange'}>
              {g.name}
              {g.groupNum ? ` ${g.groupNum}` : ''}
            </Tag>
          ))}
        </div>
        {!disabled && (
          <Select
            showSearch
            value={null}
            aria-label={`第 ${row.tmCl} 类添加商品`}
            style={{ width: '100%' }}
            placeholder={`搜索第 ${row.tmCl} 类的商品或服务，或输入非规范名称`}
            filterOption={false}
            searchValue={typed}
            onSearch={setTyped}
            loading={isLoading}
            options={options.map(({ value, label }) => ({ value, label }))}
            onChange={(value: string) => {
              const chosen = options.find((o) => o.value === value);
              if (chosen) onAdd(chosen.good);
              setTyped('');
            }}
            notFoundContent={keyword ? '没有该类的商品' : '请输入商品名称或编号'}
          />
        )}
      </Space>
    </Card>
  );
}
