import type { ReactNode } from 'react';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { FallbackImage } from '../../components/FallbackImage.js';
import { optionLabel } from './columnOptions.js';
import type { TableColumn } from './types.js';

/**
 * A cell's value as text, tag or picture. Plain text uses CSS ellipsis with a native title: a
 * measuring ellipsis per cell costs too much on wide pages.
 */
export function cellView(column: TableColumn, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '--';
  switch (column.type) {
    case 'date':
      return dayjs(String(value)).format('YYYY-MM-DD');
    case 'datetime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('zh-CN') : String(value);
    case 'select':
      return <Tag>{optionLabel(column.options, value)}</Tag>;
    case 'image':
      return <FallbackImage width={48} height={48} src={String(value)} />;
    default: {
      const text = String(value);
      return (
        <span className="ipm-cell-text" title={text} style={{ maxWidth: column.width ?? 240 }}>
          {text}
        </span>
      );
    }
  }
}
