import { useEffect, useState } from 'react';
import { Button, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CustomField } from '../../generated/types.js';
import { useRuntime } from '../../runtime/runtimeContext.js';
import { valueProblem } from '../../shared/customFieldRules.js';
import { CustomFieldValueInput } from './CustomFieldValueInput.js';
import { parseContent } from './fieldDrafts.js';

export interface CustomFieldBatchEditDialogProps {
  open: boolean;
  type: number;
  fields: CustomField[];
  recordIds: (string | number)[];
  onClose(): void;
  onSaved(): Promise<unknown>;
}

interface Line {
  key: number;
  fieldId?: number;
  value: unknown;
}

/**
 * 批量修改自定义字段 (580 wide): pick fields (each once) and their new values for all selected
 * records; the server saves all of it or nothing.
 */
export function CustomFieldBatchEditDialog({ open, type, fields, recordIds, onClose, onSaved }: CustomFieldBatchEditDialogProps) {
  const runtime = useRuntime();
  const [lines, setLines] = useState<Line[]>([{ key: 1, value: null }]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) setLines([{ key: 1, value: null }]);
  }, [open]);

  const update = (key: number, patch: Partial<Line>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const fieldOf = (id?: number) => fields.find((f) => f.id === id);

  const submit = async () => {
    if (lines.length === 0 || lines.some((l) => l.fieldId === undefined)) {
      runtime.notify('warning', '请先选择所有要修改的字段');
      return;
    }
    const data: Record<string, unknown> = {};
    for (const line of lines) {
      const field = fieldOf(line.fieldId)!;
      const problem = valueProblem({ title: field.name, fieldType: field.fieldType, content: parseContent(field) }, line.value);
      if (problem) {
        runtime.notify('warning', problem);
        return;
      }
      data[field.fieldTitle] = line.value ?? null;
    }
    setSaving(true);
    try {
      const reply = await runtime.callOperation('customField.setCustomFieldData', { data, source: 0, type, key: recordIds.join(',') });
      runtime.notify('success', reply.message);
      await onSaved();
      onClose();
    } catch {
      // Shown by the HTTP client; nothing was changed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="批量修改自定义字段" width={580} open={open} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden>
      <Typography.Paragraph type="secondary">已选 {recordIds.length} 条记录，所选字段将改为下面的值（留空即清除）。</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        {lines.map((line, i) => {
          const field = fieldOf(line.fieldId);
          return (
            <div key={line.key} className="ipm-batch-line" data-testid={`batch-line-${i + 1}`}>
              <Select
                aria-label={`第${i + 1}个字段`}
                placeholder="请选择字段"
                style={{ width: 180 }}
                value={line.fieldId}
                options={fields.map((f) => ({ value: f.id, label: f.name, disabled: lines.some((l) => l.key !== line.key && l.fieldId === f.id) }))}
                onChange={(fieldId: number) => update(line.key, { fieldId, value: null })}
              />
              <div className="ipm-batch-value">
                {field ? <CustomFieldValueInput field={field} value={line.value} onChange={(value) => update(line.key, { value })} /> : null}
              </div>
              <Button
                type="text"
                aria-label={`删除第${i + 1}行`}
                icon={<DeleteOutlined />}
                onClick={() => setLines((ls) => ls.filter((l) => l.key !== line.key))}
              />
            </div>
          );
        })}
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={lines.length >= fields.length}
          onClick={() => setLines((ls) => [...ls, { key: Math.max(0, ...ls.map((l) => l.key)) + 1, value: null }])}
        >
          添加字段
        </Button>
      </Space>
    </Modal>
  );
}
