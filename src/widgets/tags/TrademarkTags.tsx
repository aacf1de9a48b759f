import { Tooltip } from 'antd';
import type { TrademarkTag, TrademarkTagsProps } from '../../generated/types.js';
import { ReadableTag } from '../../runtime/components/ReadableTag.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useRefreshOperations } from './tagCalls.js';

const DEFAULT_REFRESH = ['brandArchives.queryBrandPage'];

/** A mark's tags in its map's colour, the full path on hover, deletable with 删除标签. */
export function TrademarkTags({ tags, markId, deletable = true, refresh = DEFAULT_REFRESH }: TrademarkTagsProps) {
  const runtime = useRuntime();
  const refreshLists = useRefreshOperations(refresh);
  const list = (tags ?? []) as unknown as TrademarkTag[];
  if (list.length === 0) return <span className="ipm-trademark-tags">--</span>;
  const canDelete = deletable && markId !== undefined && runtime.permissions.has('delTags');

  const remove = async (tag: TrademarkTag) => {
    try {
      await runtime.callOperation('brandLabels.deleteLabel', { id: markId, nodeId: tag.nodeId });
      runtime.notify('success', '删除成功');
      await refreshLists();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <span className="ipm-trademark-tags">
      {list.map((tag) => (
        <Tooltip key={tag.id} title={tag.tips}>
          <ReadableTag
            fill={tag.color}
            closable={canDelete}
            closeIcon={canDelete ? undefined : false}
            onClose={(e) => {
              e.preventDefault();
              void remove(tag);
            }}
            aria-label={`标签 ${tag.label}`}
          >
            {tag.label}
          </ReadableTag>
        </Tooltip>
      ))}
    </span>
  );
}
