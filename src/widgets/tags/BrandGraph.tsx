import { useMemo, useState } from 'react';
import { Card, Empty, Spin, Table, Typography } from 'antd';
import type { BrandGraphProps, BrandMap, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { findNode, subtreeIds } from '../../shared/brandMapTree.js';
import { PaginationBar } from '../../runtime/blocks/PaginationBar.js';
import { useBrandMaps } from './tagCalls.js';
import { TrademarkTags } from './TrademarkTags.js';
import { MindMap } from './MindMap.js';
import './tags.css';

/** The colour of a map that has none of its own. */
const DEFAULT_COLOR = '#ff7200';

/**
 * The brand graph (/mindMap): each knowledge map as a mind map with the number of marks under every
 * node; a click lists that node's marks. Branches fold, so a map of hundreds of nodes stays readable.
 */
export function BrandGraph({ pageSize = 10 }: BrandGraphProps) {
  const { maps, isLoading } = useBrandMaps();
  const { data: counts } = useOperation('brandLabels.nodeCounts', {});
  const [chosen, setChosen] = useState<{ map: BrandMap; nodeId: string } | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const numOf = useMemo(() => new Map((counts?.list ?? []).map((c) => [`${c.mapId}:${c.nodeId}`, c.num])), [counts]);
  const chosenNode = chosen?.map.map ? findNode(chosen.map.map, chosen.nodeId) : null;
  const request = chosenNode ? { labelNodeIds: subtreeIds(chosenNode.node), pageNo, pageSize } : null;
  const { data: marks, isLoading: marksLoading } = useOperation('brandArchives.queryBrandPage', request);

  if (isLoading) return <Spin />;
  if (maps.length === 0) return <Empty description="暂无图谱" />;
  return (
    <div className="ipm-brand-graph">
      <div className="ipm-brand-graph-maps">
        {maps.map((m) => (
          <Card key={m.id} size="small" title={m.name} style={{ borderTop: `3px solid ${m.color || DEFAULT_COLOR}` }}>
            {m.map && (
              <MindMap
                root={m.map}
                color={m.color || DEFAULT_COLOR}
                label={`图谱 ${m.name}`}
                selected={chosen?.map.id === m.id ? chosen.nodeId : null}
                onSelect={(nodeId) => {
                  setChosen({ map: m, nodeId });
                  setPageNo(1);
                }}
                // No count until the counts have come: a 0 shown meanwhile would read as “no marks”.
                countOf={counts ? (node) => numOf.get(`${m.id}:${node.value}`) ?? 0 : undefined}
              />
            )}
          </Card>
        ))}
      </div>
      <Card size="small" className="ipm-brand-graph-marks" title={chosenNode ? `“${chosenNode.node.label}”的商标` : '商标'}>
        {!chosenNode ? (
          <Typography.Text type="secondary">点击图谱中的节点查看其商标</Typography.Text>
        ) : (
          <>
            <Table<Trademark>
              size="small"
              rowKey="id"
              loading={marksLoading}
              dataSource={marks?.list ?? []}
              pagination={false}
              locale={{ emptyText: '暂无数据' }}
              columns={[
                { key: 'tmName', title: '商标名称', dataIndex: 'tmName', ellipsis: true },
                { key: 'appNo', title: '申请号', dataIndex: 'appNo', width: 110 },
                { key: 'tmCl', title: '类别', dataIndex: 'tmCl', width: 56 },
                {
                  key: 'tags',
                  title: '标签',
                  render: (_, row) => <TrademarkTags tags={row.minMap as unknown as Record<string, unknown>[]} deletable={false} />,
                },
              ]}
            />
            {(marks?.count ?? 0) > 0 && (
              <PaginationBar pageNo={pageNo} pageSize={pageSize} total={marks!.count} pageSizes={[pageSize]} onChange={(p) => setPageNo(p)} />
            )}
          </>
        )}
      </Card>
    </div>
  );
}
