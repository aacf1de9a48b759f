import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import type { BrandArchiveQuery, TagDrawerButtonProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { usePageQuery } from '../../runtime/pageQueries.js';
import { TagDrawer, type TagTarget } from './TagDrawer.js';
import { useRefreshOperations } from './tagCalls.js';

const DEFAULT_REFRESH = ['brandArchives.queryBrandPage'];

/**
 * Opens the tag drawer for some marks: fixed ids (a card), the selected rows of the table on
 * the page's query `channel`, or every mark its filter bar matches. Drop it beside an archive table or on a card.
 */
export function TagDrawerButton({
  label = '新增标签',
  channel,
  source = 'auto',
  ids,
  variant = 'own',
  icon = false,
  refresh = DEFAULT_REFRESH,
}: TagDrawerButtonProps) {
  const runtime = useRuntime();
  const query = usePageQuery(channel);
  const [target, setTarget] = useState<TagTarget | null>(null);
  const refreshLists = useRefreshOperations(refresh);
  if (icon && !runtime.permissions.has('addTags')) return null;

  const openDrawer = () => {
    if (ids && ids.length > 0) return setTarget({ kind: 'list', ids, variant });
    const selected = query && source !== 'filter' ? query.selectedKeys : [];
    if (selected.length > 0) return setTarget({ kind: 'list', ids: selected, variant });
    if (source === 'selection' || !query) {
      runtime.notify('warning', '请先选择数据');
      return;
    }
    setTarget({ kind: 'filter', filter: query.filter as BrandArchiveQuery });
  };

  return (
    <>
      {icon ? (
        <Tooltip title={label}>
          <Button type="text" size="small" aria-label={label} icon={<TagsOutlined />} onClick={openDrawer} />
        </Tooltip>
      ) : (
        <Button icon={<TagsOutlined />} onClick={openDrawer}>
          {label}
        </Button>
      )}
      {target && <TagDrawer open target={target} onClose={() => setTarget(null)} onSaved={() => void refreshLists()} />}
    </>
  );
}
