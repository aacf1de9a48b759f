import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { FallbackImage } from '../../components/FallbackImage.js';
import { ThumbnailCell } from '../../components/ThumbnailCell.js';
import type { UploadedFile } from '../../../generated/types.js';
import { optionLabel } from './columnOptions.js';
import type { TableColumn } from './types.js';

// One formatter for every number cell (and one per fixed count of decimals): making one per call costs more than the rest of the cell.
const numberFormat = new Intl.NumberFormat('zh-CN');
const fixedFormats = new Map<number, Intl.NumberFormat>();
const formatOf = (decimals: number | undefined) => {
  if (decimals === undefined) return numberFormat;
  let format = fixedFormats.get(decimals);
  if (!format) fixedFormats.set(decimals, (format = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })));
  return format;
};

/**
 * A cell's value as text, a tag-like label or a picture. Cells are plain text and spans rather
 * than components: a page holds thousands of them, and the table's own ellipsis gives long text
 * its tooltip.
 */
export function cellView(column: TableColumn, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '--';
  switch (column.type) {
    case 'date':
      return dayjs(String(value)).format('YYYY-MM-DD');
    case 'datetime':
      return dayjs(String(value)).format('YYYY-MM-DD HH:mm');
    case 'number':
      return typeof value === 'number' ? formatOf(column.decimals).format(value) : String(value);
    case 'select':
      return <span className="ipm-cell-tag">{optionLabel(column.options, value)}</span>;
    case 'image':
      return <FallbackImage width={48} height={48} src={String(value)} />;
    case 'thumbnails':
      return <ThumbnailCell value={value as UploadedFile[]} />;
    default:
      return String(value);
  }
}
