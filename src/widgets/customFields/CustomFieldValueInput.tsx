import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { CustomField, UploadedFile } from '../../generated/types.js';
import { AttachmentUpload } from '../../runtime/components/AttachmentUpload.js';
import type { DateSettings } from '../../shared/customFieldRules.js';
import { optionsOfField, parseContent } from './fieldDrafts.js';

export interface CustomFieldValueInputProps {
  field: CustomField;
  value: unknown;
  onChange(value: unknown): void;
  /** Table cells: focus at once and open choice lists. */
  inCell?: boolean;
  /** Blur, Enter, or a closed choice list: the cell saves. */
  onCommit?(value?: unknown): void;
  onCancel?(): void;
}

type Attachment = { fileUrl: string; fileName: string };
const toUploaded = (files: Attachment[]): UploadedFile[] =>
  files.map((f) => ({
    uid: f.fileUrl,
    name: f.fileName,
    size: 0,
    type: '',
    url: `/api/file/download?path=${encodeURIComponent(f.fileUrl)}`,
    path: f.fileUrl,
    status: 'done',
  }));

/** The editor of one custom field's value, by the field's type (schemas/fields/*.json). */
export function CustomFieldValueInput({ field, value, onChange, inCell, onCommit, onCancel }: CustomFieldValueInputProps) {
  const label = field.name;
  const keys = {
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') onCancel?.();
      else if (e.key === 'Enter' && !(field.fieldType === '多行文本' && e.shiftKey)) {
        e.preventDefault();
        onCommit?.();
      }
    },
  };
  switch (field.fieldType) {
    case '单行文本':
    case '数字':
      return (
        <Input
          aria-label={label}
          autoFocus={inCell}
          size={inCell ? 'small' : 'middle'}
          inputMode={field.fieldType === '数字' ? 'decimal' : undefined}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => onCommit?.()}
          {...keys}
        />
      );
    case '多行文本':
      return (
        <Input.TextArea
          aria-label={label}
          autoFocus={inCell}
          autoSize={{ minRows: 2, maxRows: 6 }}
          value={(value as string | undefined) ?? ''}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => onCommit?.()}
          {...keys}
        />
      );
    case '单选':
    case '多选': {
      const multiple = field.fieldType === '多选';
      return (
        <Select
          aria-label={label}
          autoFocus={inCell}
          defaultOpen={inCell}
          size={inCell ? 'small' : 'middle'}
          style={{ minWidth: 140, width: '100%' }}
          allowClear
          mode={multiple ? 'multiple' : undefined}
          placeholder="请选择"
          value={multiple ? ((value as string[] | undefined) ?? []) : ((value as string | undefined) ?? undefined)}
          options={optionsOfField(field).map((o) => ({ value: o.cont, label: o.cont }))}
          onChange={(next) => {
            onChange(next ?? null);
            if (!multiple) onCommit?.(next ?? null);
          }}
          onOpenChange={(open) => {
            if (!open && multiple) onCommit?.();
            else if (!open) setTimeout(() => onCancel?.(), 0);
          }}
        />
      );
    }
    case '日期': {
      const settings = parseContent(field) as DateSettings;
      const withTime = settings.日期格式 === 'y/m/d h:i';
      const format = withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD';
      return (
        <DatePicker
          aria-label={label}
          autoFocus={inCell}
          defaultOpen={inCell}
          size={inCell ? 'small' : 'middle'}
          showTime={withTime ? { format: 'HH:mm' } : false}
          format={format}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d) => {
            const next = d ? d.format(format) : null;
            onChange(next);
            if (!withTime) onCommit?.(next);
          }}
          onOpenChange={(open) => {
            if (!open) setTimeout(() => onCommit?.(), 0);
          }}
        />
      );
    }
    case '附件':
      return (
        <AttachmentUpload
          maxCount={10}
          value={toUploaded((value as Attachment[] | undefined) ?? [])}
          onChange={(files) => {
            const next = files.map((f) => ({ fileUrl: f.path, fileName: f.name }));
            onChange(next);
            onCommit?.(next);
          }}
        />
      );
    default:
      return null;
  }
}
