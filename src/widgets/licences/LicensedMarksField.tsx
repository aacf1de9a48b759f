import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Checkbox, Empty, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { GoodsItem, LicensedMarksFieldProps as DescribedProps, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { markLabel } from './licenceLook.js';

/** One licensed mark as the save takes it; a licence read back names its goods `licenseGoods`, a mark just added has none yet. */
export interface LicensedMark {
  brandId: number;
  goods?: GoodsItem[];
  licenseGoods?: GoodsItem[];
}

export type LicensedMarksFieldProps = DescribedProps & {
  value?: LicensedMark[];
  onChange?: (value: { brandId: number; goods: GoodsItem[] }[]) => void;
  readOnly?: boolean;
};

const goodsKey = (g: GoodsItem) => `${g.code}|${g.name}`;
const ownGoods = (m: Pick<Trademark, 'goodsItems'>) => (m.goodsItems ?? []).filter((g) => g.mark !== 2);
const plain = (g: GoodsItem): GoodsItem => ({ code: g.code, name: g.name });

/** Looks a mark up in the archive by name or number and hands it over. */
function MarkSearch({ onPick, taken, placeholder }: { onPick: (m: Trademark) => void; taken: readonly number[]; placeholder: string }) {
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), 300);
  const found = useOperation('brandArchives.queryBrandPage', keyword ? { keyword, pageNo: 1, pageSize: 20 } : null);
  const marks = (found.data?.list ?? []).filter((m) => !taken.includes(m.id));
  return (
    <div data-testid="licence-mark-search">
      <Select
        showSearch
        value={null}
        style={{ width: '100%' }}
        placeholder={placeholder}
        filterOption={false}
        onSearch={setTyped}
        loading={found.isLoading}
        onChange={(id: number) => {
          const mark = marks.find((m) => m.id === id);
          if (mark) onPick(mark);
          setTyped('');
        }}
        options={marks.map((m) => ({ value: m.id, label: markLabel(m) }))}
        notFoundContent={<Typography.Text type="secondary">{keyword ? '档案中没有相符的商标' : '请输入商标名称或号码'}</Typography.Text>}
      />
    </div>
  );
}

/**
 * 许可的商标与商品/服务: marks of the archive, each with the goods licensed ticked from its own goods
 * (all of them when a mark is added). The value is what licenseMatter.save takes, {brandId, goods};
 * a licence read back ({brandId, licenseGoods}) and a mark named in the address (?brandId=, when
 * `presetFromQuery` is set) are brought to that shape once the marks' goods are known.
 */
export function LicensedMarksField({
  value,
  onChange,
  readOnly,
  placeholder = '输入商标名称、申请号或注册号，从商标档案中添加商标',
  presetFromQuery,
}: LicensedMarksFieldProps) {
  const runtime = useRuntime();
  const [known, setKnown] = useState<Map<number, Trademark>>(new Map());
  const preset = presetFromQuery ? Number(runtime.query.get(presetFromQuery)) || 0 : 0;
  // The mark of the address comes in once; removed, it stays out.
  const [presetTaken, setPresetTaken] = useState(false);
  const entries = useMemo<LicensedMark[]>(
    () => (value?.length ? value : preset && !presetTaken ? [{ brandId: preset }] : (value ?? [])),
    [value, preset, presetTaken],
  );
  const missing = entries.map((e) => e.brandId).filter((id) => !known.has(id));
  const looked = useOperation('brandArchives.queryBrandPage', missing.length > 0 ? { ids: missing, pageNo: 1, pageSize: 50 } : null);

  useEffect(() => {
    const list = looked.data?.list;
    if (!list?.length) return;
    setKnown((before) => new Map([...before, ...list.map((m) => [m.id, m] as const)]));
  }, [looked.data]);

  // Brought to the save's shape once every mark is known: a new mark takes all of its goods.
  useEffect(() => {
    if (readOnly || entries.length === 0 || !entries.every((e) => known.has(e.brandId))) return;
    if (value?.length && entries.every((e) => e.goods && !e.licenseGoods)) return;
    setPresetTaken(true);
    onChange?.(entries.map((e) => ({ brandId: e.brandId, goods: (e.goods ?? e.licenseGoods ?? ownGoods(known.get(e.brandId)!)).map(plain) })));
  }, [entries, known, value, readOnly, onChange]);

  const set = (brandId: number, goods: GoodsItem[]) =>
    onChange?.(entries.map((e) => ({ brandId: e.brandId, goods: e.brandId === brandId ? goods : (e.goods ?? []) })));
  const remove = (brandId: number) => onChange?.(entries.filter((e) => e.brandId !== brandId).map((e) => ({ brandId: e.brandId, goods: e.goods ?? [] })));
  const add = (m: Trademark) => {
    setKnown((before) => new Map(before).set(m.id, m));
    onChange?.([...entries.map((e) => ({ brandId: e.brandId, goods: e.goods ?? [] })), { brandId: m.id, goods: ownGoods(m).map(plain) }]);
  };

  return (
    <div className="ipm-licensed-marks">
      {!readOnly && <MarkSearch onPick={add} taken={entries.map((e) => e.brandId)} placeholder={placeholder} />}
      {entries.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚未添加商标" />}
      {entries.map((entry) => {
        const mark = known.get(entry.brandId);
        const own = mark ? ownGoods(mark) : (entry.goods ?? entry.licenseGoods ?? []);
        const chosen = new Set((entry.goods ?? entry.licenseGoods ?? []).map(goodsKey));
        return (
          <Card
            key={entry.brandId}
            size="small"
            type="inner"
            style={{ marginTop: 12 }}
            title={mark ? markLabel(mark) : `商标 #${entry.brandId}`}
            data-testid="licence-mark"
            extra={
              !readOnly && (
                <Button type="text" danger icon={<DeleteOutlined />} onClick={() => remove(entry.brandId)}>
                  移除
                </Button>
              )
            }
          >
            {own.length === 0 ? (
              <Typography.Text type="secondary">该商标在档案中没有商品/服务项目，请先在商标档案中补充</Typography.Text>
            ) : (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Typography.Text type={chosen.size === 0 ? 'danger' : 'secondary'}>
                    {chosen.size === 0 ? '请选择许可使用的商品/服务' : `已选 ${chosen.size} / ${own.length} 项`}
                  </Typography.Text>
                  {!readOnly && (
                    <>
                      <Button size="small" onClick={() => set(entry.brandId, own.map(plain))}>
                        全选
                      </Button>
                      <Button size="small" onClick={() => set(entry.brandId, [])}>
                        清空
                      </Button>
                    </>
                  )}
                </Space>
                <Checkbox.Group
                  disabled={readOnly}
                  value={[...chosen]}
                  onChange={(keys) => set(entry.brandId, own.filter((g) => (keys as string[]).includes(goodsKey(g))).map(plain))}
                  options={own.map((g) => ({ value: goodsKey(g), label: g.code ? `${g.name}（${g.code}）` : g.name }))}
                />
              </>
            )}
          </Card>
        );
      })}
    </div>
  );
}
