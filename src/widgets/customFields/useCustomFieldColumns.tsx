import { useMemo, type ComponentType } from 'react';
import type { TableColumnsType } from 'antd';
import { useOperation } from '../../runtime/useOperation.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { readPath } from '../../runtime/blocks/readPath.js';
import type { CustomFieldCellProps } from './CustomFieldCell.js';

/** GenericTable's `customFields`: which module's fields become columns and how cells save. */
export interface CustomFieldColumnsConfig {
  type: number;
  valuesPath?: string;
  saveOperation?: string;
  editPermission?: string;
  batchEdit?: boolean;
  width?: number;
}

type Row = Record<string, unknown>;
const CHOICE_WIDTH = 160;

/**
 * The module's shown fields as table columns after the configured ones, pinned ones fixed left,
 * each cell the inline editor (`Cell`, none until it has loaded) reading the row's values keyed by field id.
 */
export function useCustomFieldColumns(
  config: CustomFieldColumnsConfig | undefined,
  rowKey: string,
  onSaved: () => Promise<unknown>,
  Cell: ComponentType<CustomFieldCellProps> | undefined,
) {
  const runtime = useRuntime();
  const { data } = useOperation('customField.getCustomFieldList', config ? { type: config.type, state: 1 } : null);
  const fields = useMemo(() => data ?? [], [data]);
  const editable = Boolean(config) && (!config?.editPermission || runtime.permissions.has(config.editPermission));
  const columns = useMemo<TableColumnsType<Row>>(() => {
    if (!config || !Cell) return [];
    return fields.map((field) => ({
      key: `custom:${field.id}`,
      title: field.name,
      width: config.width ?? (field.fieldType === '多行文本' || field.fieldType === '附件' ? 220 : CHOICE_WIDTH),
      fixed: field.isTop === 1 ? ('left' as const) : undefined,
      render: (_: unknown, row: Row) => (
        <Cell
          field={field}
          values={(readPath(row, config.valuesPath ?? 'customValues') as Record<string, unknown> | undefined) ?? {}}
          recordId={row[rowKey]}
          saveOperation={config.saveOperation ?? 'customField.setTmArchiveCustomFieldData'}
          editable={editable}
          onSaved={onSaved}
        />
      ),
    }));
  }, [config, Cell, fields, rowKey, editable, onSaved]);
  return { fields, columns };
}
