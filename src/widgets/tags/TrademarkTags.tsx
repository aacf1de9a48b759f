import { useState } from 'react';
import { Popconfirm, Tooltip } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { TrademarkTag, TrademarkTagsProps } from '../../generated/types.js';
import { ReadableTag } from '../../runtime/components/ReadableTag.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useRefreshOperations } from './tagCalls.js';
import './tags.css';

const DEFAULT_REFRESH = ['brandArchives.queryBrandPage'];

/**
 * A mark's tags in its map's colour, the full path on hover. With 删除标签 each has a × that asks
 * before the tag leaves the mark.
 */
export function TrademarkTags({ tags, markId, deletable = true, refresh = DEFAULT_REFRESH }: TrademarkTagsProps) {
  const runtime = useRuntime();
  const refreshLists = useRefreshOperations(refresh);
  const [removing, setRemoving] = useState<string | null>(null);
  const list = (tags ?? []) as unknown as TrademarkTag[];
  if (list.length === 0) return <span className="ipm-trademark-tags">--</span>;
  const canDelete = deletable && markId !== undefined && runtime.permissions.has('delTags');

  const remove = async (tag: TrademarkTag) => {
    if (markId === undefined) return;
    setRemoving(tag.nodeId);
    try {
      await runtime.callOperation('brandLabels.deleteLabel', { id: markId, nodeId: tag.nodeId });
      runtime.notify('success', '删除成功！');
      await refreshLists();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setRemoving(null);
    }
  };

  return (
    <span className="ipm-trademark-tags">
      {list.map((tag) => (
        <ReadableTag key={tag.id} fill={tag.color} aria-label={`标签 ${tag.label}`}>
          <Tooltip title={tag.tips}>
            <span>{tag.label}</span>
          </Tooltip>
          {canDelete && (
            <Popconfirm
              title="确定删除该标签吗？"
              description={`“${tag.label}”将从该商标上移除`}
              okText="确定"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(tag)}
            >
              <Tooltip title="删除标签">
                <button type="button" className="ipm-trademark-tag-remove" aria-label={`删除标签“${tag.label}”`} disabled={removing === tag.nodeId}>
                  <CloseOutlined />
                </button>
              </Tooltip>
            </Popconfirm>
          )}
        </ReadableTag>
      ))}
    </span>
  );
}
