import { Space, Typography } from 'antd';
import type { CustomField } from '../../generated/types.js';
import { daysUntil, formatDateValue, formatNumberValue, isEmptyValue, type DateSettings } from '../../shared/customFieldRules.js';
import { ReadableTag } from '../../runtime/components/ReadableTag.js';
import { optionsOfField, parseContent } from './fieldDrafts.js';

const downloadUrl = (path: string) => `/api/file/download?path=${encodeURIComponent(path)}`;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A custom field's value as a table cell or a detail shows it. */
export function CustomFieldValueView({ field, value }: { field: CustomField; value: unknown }) {
  if (isEmptyValue(value)) return <Typography.Text type="secondary">--</Typography.Text>;
  switch (field.fieldType) {
    case '单选':
    case '多选': {
      const options = optionsOfField(field);
      const chosen = Array.isArray(value) ? (value as string[]) : [String(value)];
      return (
        <Space size={4} wrap>
          {chosen.map((name) => (
            <ReadableTag key={name} fill={options.find((o) => o.cont === name)?.color}>
              {name}
            </ReadableTag>
          ))}
        </Space>
      );
    }
    case '日期': {
      const settings = parseContent(field) as DateSettings;
      const text = formatDateValue(String(value), settings.日期格式);
      const days = settings.显示剩余期限 ? daysUntil(String(value), today()) : null;
      return (
        <span>
          {text}
          {days !== null && (
            <Typography.Text type={days < 0 ? 'danger' : days <= 7 ? 'warning' : 'secondary'} style={{ marginLeft: 6 }}>
              {days < 0 ? `已逾期 ${-days} 天` : days === 0 ? '今天到期' : `剩余 ${days} 天`}
            </Typography.Text>
          )}
        </span>
      );
    }
    case '数字':
      return <span>{formatNumberValue(String(value), (parseContent(field) as { 数字格式?: string }).数字格式)}</span>;
    case '附件':
      return (
        <Space size={4} wrap>
          {(value as { fileUrl: string; fileName: string }[]).map((f) => (
            <a key={f.fileUrl} href={downloadUrl(f.fileUrl)} onClick={(e) => e.stopPropagation()}>
              {f.fileName}
            </a>
          ))}
        </Space>
      );
    default:
      return <span title={String(value)}>{String(value)}</span>;
  }
}
