import { Pagination } from 'antd';

export const PAGE_SIZES = [10, 20, 30, 50, 100];
/** The total shown and paged through never exceeds this (spec 001 §9). */
export const MAX_SHOWN_TOTAL = 10_000;

export interface PaginationBarProps {
  pageNo: number;
  pageSize: number;
  total: number;
  onChange(pageNo: number, pageSize: number): void;
  pageSizes?: number[];
  /** The server stopped counting (countCapped): there are more rows than the total says. */
  capped?: boolean;
}

/** 共 N 条; a total the server stopped counting at, or one over the most shown, reads 共 10,000+ 条. */
export function totalText(total: number, capped = false): string {
  if (!capped && total <= MAX_SHOWN_TOTAL) return `共 ${total} 条`;
  return `共 ${Math.min(total, MAX_SHOWN_TOTAL).toLocaleString('en-US')}+ 条`;
}

/** 共 N 条, page size, previous, page numbers, next and a jump box. */
export function PaginationBar({ pageNo, pageSize, total, onChange, pageSizes = PAGE_SIZES, capped = false }: PaginationBarProps) {
  const shown = Math.min(total, MAX_SHOWN_TOTAL);
  return (
    <Pagination
      className="ipm-pagination"
      current={pageNo}
      pageSize={pageSize}
      total={shown}
      showSizeChanger
      showQuickJumper
      pageSizeOptions={pageSizes}
      showTotal={() => totalText(total, capped)}
      onChange={onChange}
    />
  );
}
