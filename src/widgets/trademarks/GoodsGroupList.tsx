import { Typography } from 'antd';
import type { GoodsGroup } from '../../generated/types.js';
import { GOODS_SEPARATOR } from '../../shared/goodsGroups.js';

export interface GoodsGroupListProps {
  groups: GoodsGroup[];
  /** Lines shown per group before "more"; none for all. */
  rows?: number;
}

/** Goods by similar group; deleted items stay visible, struck through (spec 001 §3 card). */
export function GoodsGroupList({ groups, rows }: GoodsGroupListProps) {
  if (groups.length === 0) return <Typography.Text type="secondary">暂无商品/服务项目</Typography.Text>;
  return (
    <div className="tm-goods-groups">
      {groups.map((group) => {
        const deleted = new Set(group.deleted ?? []);
        const names = group.name.split(GOODS_SEPARATOR).filter(Boolean);
        return (
          <Typography.Paragraph key={group.code} ellipsis={rows ? { rows, tooltip: group.name } : false} style={{ marginBottom: 4 }}>
            <Typography.Text strong>{group.code}</Typography.Text>{' '}
            {names.map((name, i) => (
              <span key={`${name}-${i}`}>
                {i > 0 && GOODS_SEPARATOR}
                {deleted.has(name) ? <del title="已删减">{name}</del> : name}
              </span>
            ))}
          </Typography.Paragraph>
        );
      })}
    </div>
  );
}
