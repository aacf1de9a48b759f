import { useRef, useState } from 'react';
import { Button, Spin } from 'antd';
import type { CustomField } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { useInPlaceSave } from '../../runtime/blocks/table/useInPlaceSave.js';
import { isEmptyValue, valueProblem } from '../../shared/customFieldRules.js';
import { CustomFieldValueInput } from './CustomFieldValueInput.js';
import { CustomFieldValueView } from './valueView.js';
import { parseContent } from './fieldDrafts.js';

export interface CustomFieldCellProps {
  field: CustomField;
  /** The record's values keyed by field id. */
  values: Record<string, unknown>;
  recordId: unknown;
  saveOperation: string;
  editable: boolean;
  onSaved(): Promise<unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(isEmptyValue(a) ? null : a) === JSON.stringify(isEmptyValue(b) ? null : b);

/**
 * A custom field's table cell (spec 001 §4): a double-click opens the type's editor; blur, Enter
 * or closing a choice list saves this field's value alone (the row's other values may be older
 * than the record's, so they are not sent back); Escape gives up. Text past its limit (50, 200,
 * 20) is refused with a message and not sent.
 */
export function CustomFieldCell({ field, values, recordId, saveOperation, editable, onSaved }: CustomFieldCellProps) {
  const runtime = useRuntime();
  const current = values[String(field.id)];
  const { editing, saving, open, cancel, save, isSettled } = useInPlaceSave(onSaved);
  const [draft, setDraft] = useState<unknown>(current);
  const latest = useRef<unknown>(current);

  const start = () => {
    if (!editable) return;
    latest.current = current;
    setDraft(current);
    open();
  };

  const commit = async (value: unknown = latest.current) => {
    if (isSettled()) return;
    const problem = valueProblem({ title: field.name, fieldType: field.fieldType, content: parseContent(field) }, value);
    if (problem) {
      runtime.notify('warning', problem);
      return;
    }
    const customValues = { [String(field.id)]: isEmptyValue(value) ? null : value };
    await save(same(value, current), () => runtime.callNamedOperation(saveOperation, { id: recordId, customValues }));
  };

  if (!editing) {
    return (
      <div
        className="ipm-editable-cell"
        title={editable ? '双击编辑' : undefined}
        data-testid={`custom-cell-${field.id}-${String(recordId)}`}
        onDoubleClick={start}
      >
        <CustomFieldValueView field={field} value={current} />
      </div>
    );
  }
  return (
    <Spin spinning={saving} size="small">
      <div data-testid={`custom-cell-${field.id}-${String(recordId)}`}>
        <CustomFieldValueInput
          field={field}
          value={draft}
          inCell
          onChange={(v) => {
            latest.current = v;
            setDraft(v);
          }}
          onCommit={(v) => void commit(v === undefined ? latest.current : v)}
          onCancel={cancel}
        />
        {/* An upload list has no blur or Enter of its own: each change saves, 完成 closes. */}
        {field.fieldType === '附件' && (
          <Button type="link" size="small" onClick={cancel}>
            完成
          </Button>
        )}
      </div>
    </Spin>
  );
}
