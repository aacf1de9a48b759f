import { Tag } from 'antd';
import type { TrademarkStatusTagProps as DescribedProps } from '../../generated/types.js';
import { statusColor } from './statusColor.js';
import { orDash } from './trademarkText.js';

export type TrademarkStatusTagProps = DescribedProps & { value?: string | null };

/** A trademark status as a tag in its colour, the same on cards, in the table and on the detail page. */
export function TrademarkStatusTag({ value, status }: TrademarkStatusTagProps) {
  const text = status ?? value;
  return (
    <Tag className="tm-status-tag" color={statusColor(text)} data-status={text ?? ''}>
      {orDash(text)}
    </Tag>
  );
}
