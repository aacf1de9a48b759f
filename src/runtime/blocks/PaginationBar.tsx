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
}

/** 共 N 条, page size, previous, page numbers, next and a jump box. */
export function PaginationBar({ pageNo, pageSize, total, onChange, pageSizes = PAGE_SIZES }: PaginationBarProps) {
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
      showTotal={(n) => `共 ${n} 条`}
      onChange={onChange}
    />
  );
}
