import { useState } from 'react';
import { Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useOperation } from '../runtime/useOperation.js';
import { useDebounced } from '../runtime/useDebounced.js';
import type { DesignerListSchemasResponse } from '../generated/types.js';
import { KIND_LABELS, type DesignableKind } from './designerTypes.js';

export type SchemaEntry = DesignerListSchemasResponse['list'][number];

/** Every schema the designer can edit, by kind, with the version in effect. */
export function SchemaList({ selected, onSelect }: { selected: string | null; onSelect(entry: SchemaEntry): void }) {
  const [kind, setKind] = useState<DesignableKind>('pages');
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword, 300);
  const { data, isLoading } = useOperation('designer.listSchemas', { kind, keyword: search || undefined });
  return (
    <div className="ipm-designer-list">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          block
          className="ipm-designer-kinds"
          aria-label="描述类别"
          value={kind}
          onChange={(v) => setKind(v as DesignableKind)}
          options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
        />
        <Input.Search allowClear placeholder="按标题或路由查找" aria-label="查找描述" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      </Space>
      <List
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '没有找到描述' }}
        renderItem={(entry) => (
          <List.Item
            className={`ipm-designer-list-item${selected === `${entry.kind} ${entry.key}` ? ' selected' : ''}`}
            onClick={() => onSelect(entry)}
            onKeyDown={(e) => e.key === 'Enter' && onSelect(entry)}
            tabIndex={0}
          >
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis>
                {entry.title || entry.key}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {entry.key}
                </Typography.Text>
              </div>
            </div>
            <Space size={2}>
              {entry.publishedVersion !== null ? <Tag color="green">第 {entry.publishedVersion} 版</Tag> : entry.builtIn && <Tag>内置</Tag>}
              {entry.latestVersion !== null && entry.latestVersion !== entry.publishedVersion && <Tag color="gold">有草稿</Tag>}
            </Space>
          </List.Item>
        )}
      />
    </div>
  );
}
