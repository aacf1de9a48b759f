import { useMemo, useState } from 'react';
import { Badge, Card, Empty, Spin, Table, Tree, Typography } from 'antd';
import type { BrandGraphProps, BrandMap, BrandMapNode, Trademark } from '../../generated/types.js';
import { useOperation } from '../../runtime/useOperation.js';
import { findNode, subtreeIds } from '../../shared/brandMapTree.js';
import { PaginationBar } from '../../runtime/blocks/PaginationBar.js';
import { useBrandMaps } from './tagCalls.js';
import { TrademarkTags } from './TrademarkTags.js';
import './tags.css';

interface Counts {
  list: { mapId: number; nodeId: string; num: number }[];
}

interface GraphItem {
  key: string;
  title: string;
  children: GraphItem[];
}

const toItems = (n: BrandMapNode): GraphItem => ({ key: n.value, title: n.label, children: n.children.map(toItems) });

/**
 * The brand graph (/mindMap): each knowledge map as a tree with the number of marks under every
 * node; a click lists that node's marks. A tree reads well for maps of a few levels and scales
 * to hundreds of nodes with no layout library.
 */
export function BrandGraph({ pageSize = 10 }: BrandGraphProps) {
  const { maps, isLoading } = useBrandMaps();
  const { data: counts } = useOperation<Counts>('brandLabels.nodeCounts', {});
  const [chosen, setChosen] = useState<{ map: BrandMap; nodeId: string } | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const numOf = useMemo(() => new Map((counts?.list ?? []).map((c) => [`${c.mapId}:${c.nodeId}`, c.num])), [counts]);
  const chosenNode = chosen?.map.map ? findNode(chosen.map.map, chosen.nodeId) : null;
  const request = chosenNode ? { labelNodeIds: subtreeIds(chosenNode.node), pageNo, pageSize } : null;
  const { data: marks, isLoading: marksLoading } = useOperation<{ list: Trademark[]; count: number }>('brandArchives.queryBrandPage', request);

  if (isLoading) return <Spin />;
  if (maps.length === 0) return <Empty description="暂无图谱" />;
  return (
    <div className="ipm-brand-graph">
      <div className="ipm-brand-graph-maps">
        {maps.map((m) => (
          <Card key={m.id} size="small" title={m.name} style={{ borderTop: `3px solid ${m.color || '#ff7200'}` }}>
            {m.map && (
              <Tree<GraphItem>
                aria-label={`图谱 ${m.name}`}
                showLine
                defaultExpandAll
                blockNode
                treeData={[toItems(m.map)]}
                selectedKeys={chosen?.map.id === m.id ? [chosen.nodeId] : []}
                onSelect={(_, info) => {
                  setChosen({ map: m, nodeId: String(info.node.key) });
                  setPageNo(1);
                }}
                titleRender={(item) => {
                  // No count until the counts have come: a 0 shown meanwhile would read as “no marks”.
                  if (!counts) return <span className="ipm-brand-graph-node" data-node={item.key}>{item.title}</span>;
                  const num = numOf.get(`${m.id}:${item.key}`) ?? 0;
                  return (
                    <span className="ipm-brand-graph-node" data-node={item.key} data-count={num}>
                      {item.title}
                      <Badge
                        className="ipm-brand-graph-count"
                        count={num}
                        showZero
                        overflowCount={99999}
                        color={m.color || '#ff7200'}
                        title={`${num} 个商标`}
                      />
                    </span>
                  );
                }}
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
