import { useMemo, useState } from 'react';
import { Alert, Col, Collapse, Empty, Input, List, Row, Skeleton, Tag, Typography } from 'antd';
import type { ClassificationNode } from '../../generated/types.js';
import { useNamedOperation } from '../../runtime/useOperation.js';
import { useDebounced } from '../../runtime/useDebounced.js';

const OPERATION = 'classification.queryAllCgList';
const SEARCH_DEBOUNCE_MS = 500;

function GroupList({ groups, expandAll }: { groups: ClassificationNode[]; expandAll: boolean }) {
  if (groups.length === 0) return <Empty description="没有符合条件的商品和服务" />;
  return (
    <Collapse
      size="small"
      defaultActiveKey={expandAll ? groups.map((g) => g.cgNum) : undefined}
      items={groups.map((g) => ({
        key: g.cgNum,
        label: (
          <span>
            <Typography.Text strong>{g.cgNum}</Typography.Text> {g.cgName}
            <Typography.Text type="secondary">（{g.count || g.cgList.length} 项）</Typography.Text>
          </span>
        ),
        children: (
          <>
            {g.remark && <Typography.Paragraph type="secondary">{g.remark}</Typography.Paragraph>}
            {g.cgList.length === 0 ? (
              <Typography.Text type="secondary">本类似群下没有商品和服务项目</Typography.Text>
            ) : (
              <div className="ipm-goods-items">
                {g.cgList.map((item) => (
                  <Tag key={item.cgId} title={item.cgNum}>
                    {item.cgName}
                  </Tag>
                ))}
              </div>
            )}
          </>
        ),
      }))}
    />
  );
}

/** 45 类商标分类: the classes, each class's similar groups and their goods and services, with search. */
export function ClassificationBrowser() {
  const [selected, setSelected] = useState('1');
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const classes = useNamedOperation<ClassificationNode[]>(OPERATION, { maxLevel: 0 });
  const detail = useNamedOperation<ClassificationNode[]>(OPERATION, keyword ? { keyword } : { parentNum: selected });

  const searchGroups = useMemo(() => (keyword ? (detail.data ?? []).flatMap((c) => c.cgList) : []), [keyword, detail.data]);

  if (classes.error) return <Alert type="warning" showIcon message="商品和服务分类暂不可用" description={classes.error.message} />;
  if (!classes.data) return <Skeleton active />;

  const current = classes.data.find((c) => c.cgNum === selected);
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} md={8} lg={6}>
        <Input.Search allowClear placeholder="搜索商品或服务名称、编码" value={typed} onChange={(e) => setTyped(e.target.value)} aria-label="搜索商品和服务" />
        <List
          className="ipm-class-list"
          size="small"
          dataSource={classes.data}
          renderItem={(c) => (
            <List.Item
              className={c.cgNum === selected && !keyword ? 'ipm-class-selected' : undefined}
              onClick={() => (setSelected(c.cgNum), setTyped(''))}
              onKeyDown={(e) => e.key === 'Enter' && (setSelected(c.cgNum), setTyped(''))}
              tabIndex={0}
              role="button"
            >
              <span>
                第{c.cgNum}类 {c.cgName}
              </span>
              <Typography.Text type="secondary">{c.count} 群</Typography.Text>
            </List.Item>
          )}
        />
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Typography.Title level={4}>{keyword ? `“${keyword}”的搜索结果` : `第${selected}类 ${current?.cgName ?? ''}`}</Typography.Title>
        {detail.isLoading || !detail.data ? (
          <Skeleton active />
        ) : (
          <GroupList key={keyword || selected} groups={keyword ? searchGroups : detail.data} expandAll={Boolean(keyword)} />
        )}
      </Col>
    </Row>
  );
}
