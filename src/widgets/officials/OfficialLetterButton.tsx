import { useEffect, useState } from 'react';
import { Button } from 'antd';
import type { OfficialLetterButtonProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { OfficialLetterDrawer } from './OfficialLetterDrawer.js';
import { LETTER_PERMISSION } from './letterPermission.js';

/**
 * 新增官文 (linked to `markId` on a mark's page), or a letter's row opening it read-only with 编辑.
 * With `openFromQuery`, the letter the page address names (`?letter=12`, the workbench's links)
 * opens when the page does.
 */
export function OfficialLetterButton({ business = 'trademark', record, label, primary, link, openFromQuery, markId }: OfficialLetterButtonProps) {
  const runtime = useRuntime();
  const recordId = typeof record?.id === 'number' ? record.id : null;
  const [open, setOpen] = useState<number | null | false>(false);
  const fromQuery = openFromQuery ? Number(runtime.query.get('letter')) : NaN;
  useEffect(() => {
    if (Number.isInteger(fromQuery) && fromQuery > 0) setOpen(fromQuery);
  }, [fromQuery]);
  if (recordId === null && !runtime.permissions.has(LETTER_PERMISSION[business])) return null;
  const text = label ?? (recordId === null ? '新增官文' : '查看');
  return (
    <>
      <Button
        type={link ? 'link' : primary ? 'primary' : 'default'}
        size={link ? 'small' : undefined}
        style={link ? { padding: 0 } : undefined}
        onClick={() => setOpen(recordId)}
      >
        {text}
      </Button>
      <OfficialLetterDrawer open={open !== false} onClose={() => setOpen(false)} business={business} letterId={open === false ? null : open} markId={markId} />
    </>
  );
}
