import { useEffect, useRef } from 'react';
import { Segmented } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { ArchiveViewToggleProps as DescribedProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';

export type ArchiveView = 'card' | 'table';
export type ArchiveViewToggleProps = DescribedProps & { value?: ArchiveView; onChange?: (view: ArchiveView) => void };

const storageKey = (name: string, userId: number | undefined) => `archive-view:${name}:${userId ?? 0}`;

function remembered(key: string): ArchiveView | null {
  try {
    const v = localStorage.getItem(key);
    return v === 'card' || v === 'table' ? v : null;
  } catch {
    return null;
  }
}

/**
 * 卡片 / 列表 switch of the archive. The choice is remembered per user in this browser; before
 * any choice the organisation's default view (archive settings) applies.
 */
export function ArchiveViewToggle({ value, onChange, name = 'brandArchive' }: ArchiveViewToggleProps) {
  const runtime = useRuntime();
  const key = storageKey(name, runtime.user?.id);
  // A choice made before the organisation's default arrives is not overturned by it.
  const chosen = useRef(false);
  useEffect(() => {
    const mine = remembered(key);
    if (mine) {
      if (mine !== value) onChange?.(mine);
      return;
    }
    let cancelled = false;
    runtime
      .callOperation('brandArchives.getGlobalConfiguration', {})
      .then((settings) => !cancelled && !chosen.current && onChange?.(settings.defaultView))
      .catch(() => !cancelled && !chosen.current && onChange?.('card'));
    return () => {
      cancelled = true;
    };
    // Once per page and user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <Segmented<ArchiveView>
      value={value ?? 'card'}
      onChange={(view) => {
        chosen.current = true;
        try {
          localStorage.setItem(key, view);
        } catch {
          // Private mode: the choice lasts for this page only.
        }
        onChange?.(view);
      }}
      options={[
        { value: 'card', label: '卡片', icon: <AppstoreOutlined /> },
        { value: 'table', label: '列表', icon: <UnorderedListOutlined /> },
      ]}
    />
  );
}
