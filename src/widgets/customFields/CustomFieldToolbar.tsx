import { useState } from 'react';
import { Button } from 'antd';
import type { CustomField, GenericTableProps } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { CustomFieldBatchEditDialog } from './CustomFieldBatchEditDialog.js';
import { CustomFieldSettings } from './CustomFieldSettings.js';

type Row = Record<string, unknown>;
type Config = NonNullable<GenericTableProps['customFields']>;

interface ToolbarProps {
  config: Config;
  fields: CustomField[];
  rows: Row[];
  selectable: boolean;
  rowKey: string;
  onSaved: () => Promise<unknown>;
}

/** The table toolbar's 批量修改自定义字段 (with its dialog) and 自定义字段 settings, as the table's `customFields` asks. */
export function CustomFieldToolbar({ config, fields, rows, selectable, rowKey, onSaved }: ToolbarProps) {
  const runtime = useRuntime();
  const [open, setOpen] = useState(false);
  const editable = !config.editPermission || runtime.permissions.has(config.editPermission);
  return (
    <>
      {config.batchEdit && selectable && fields.length > 0 && editable && (
        <Button onClick={() => (rows.length === 0 ? runtime.notify('warning', '请先选择数据') : setOpen(true))}>批量修改自定义字段</Button>
      )}
      {config.settings && <CustomFieldSettings type={config.type} />}
      <CustomFieldBatchEditDialog
        open={open}
        type={config.type}
        fields={fields}
        recordIds={rows.map((row) => row[rowKey] as string | number)}
        onClose={() => setOpen(false)}
        onSaved={onSaved}
      />
    </>
  );
}
