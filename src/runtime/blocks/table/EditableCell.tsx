import { useState, type ReactNode } from 'react';
import { Input, Select, Spin } from 'antd';
import { useRuntime } from '../../runtimeContext.js';
import { cellInputProblem, cellSaveBody, cellValue, type CellInputKind } from './cellEdit.js';
import { optionList, optionValue } from './columnOptions.js';
import type { CellEdit, Row, TableColumn } from './types.js';
import { useInPlaceSave } from './useInPlaceSave.js';

export interface EditableCellProps {
  column: TableColumn & { edit: CellEdit };
  row: Row;
  rowKey: string;
  /** What the cell shows when not editing. */
  view: ReactNode;
  /** Called after the server accepted the new value. */
  onSaved(): Promise<unknown>;
}

const inputKind = (column: TableColumn): CellInputKind => (column.type === 'number' ? 'number' : column.multiline ? 'longText' : 'text');
const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * A cell edited in place (spec 001 §4): a double-click opens the editor; blur, Enter or closing the
 * choice list saves; Escape gives up. Text past its limit is refused with a message and not sent.
 */
export function EditableCell({ column, row, rowKey, view, onSaved }: EditableCellProps) {
  const runtime = useRuntime();
  const { editing, saving, open, cancel, save: saveOnce, isSettled } = useInPlaceSave(onSaved);
  const [text, setText] = useState('');
  const current = row[column.prop];

  const start = () => {
    setText(asText(current));
    open();
  };

  const save = (value: unknown) =>
    saveOnce(
      asText(value) === asText(current),
      () => runtime.callNamedOperation(column.edit.operation, cellSaveBody(column.edit, row, rowKey, column.prop, value)),
      column.edit.successMessage,
    );

  const saveText = () => {
    if (isSettled()) return;
    const kind = inputKind(column);
    const problem = cellInputProblem(kind, column.label, text);
    if (problem) {
      runtime.notify('warning', problem);
      return;
    }
    void save(cellValue(kind, text, column.edit.numberAs));
  };

  if (!editing) {
    return (
      <div className="ipm-editable-cell" title="双击编辑" onDoubleClick={start}>
        {view}
      </div>
    );
  }

  if (column.type === 'select') {
    const options = optionList(column.options);
    return (
      <Spin spinning={saving} size="small">
        <Select
          autoFocus
          defaultOpen
          size="small"
          style={{ minWidth: 140 }}
          aria-label={column.label}
          value={options.find((o) => String(o.value) === asText(current))?.value}
          options={options.map((o) => ({ label: o.label, value: o.value as string | number }))}
          onChange={(value) => {
            const option = options.find((o) => o.value === value);
            if (option) void save(optionValue(option, current));
          }}
          onOpenChange={(opened) => {
            // Closing the list without a new choice leaves the cell as it was.
            if (!opened) setTimeout(cancel, 0);
          }}
        />
      </Spin>
    );
  }

  const common = {
    autoFocus: true,
    size: 'small' as const,
    'aria-label': column.label,
    value: text,
    disabled: saving,
    onChange: (e: { target: { value: string } }) => setText(e.target.value),
    onBlur: saveText,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') {
        cancel();
      } else if (e.key === 'Enter' && !(column.multiline && e.shiftKey)) {
        e.preventDefault();
        saveText();
      }
    },
  };
  return (
    <Spin spinning={saving} size="small">
      {column.multiline ? (
        <Input.TextArea {...common} autoSize={{ minRows: 2, maxRows: 6 }} />
      ) : (
        <Input {...common} inputMode={column.type === 'number' ? 'decimal' : undefined} />
      )}
    </Spin>
  );
}
