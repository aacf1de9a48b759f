import { useEffect, useRef, type ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import type { LazyPages } from './useLazyPages.js';
import { nearBottom } from './lazyPages.js';
import './lazyList.css';

export interface LazyListProps<T> {
  pages: LazyPages<T>;
  renderItem(item: T): ReactNode;
  keyOf(item: T): string;
  emptyText?: string;
  className?: string;
  label?: string;
}

/** A scrolling list that asks for the next page once the last 60px come into view. */
export function LazyList<T>({ pages, renderItem, keyOf, emptyText = '暂无数据', className, label }: LazyListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  const { items, loading, hasMore, loadMore } = pages;

  // A first page shorter than the box leaves nothing to scroll: fetch on until it fills.
  useEffect(() => {
    const el = box.current;
    if (el && !loading && hasMore && nearBottom(el)) loadMore();
  }, [items.length, loading, hasMore, loadMore]);

  return (
    <div
      ref={box}
      className={`ipm-lazy-list ${className ?? ''}`}
      role="list"
      aria-label={label}
      aria-busy={loading}
      onScroll={(e) => nearBottom(e.currentTarget) && loadMore()}
    >
      {items.map((item) => (
        <div role="listitem" key={keyOf(item)}>
          {renderItem(item)}
        </div>
      ))}
      {loading && (
        <div className="ipm-lazy-list-loading">
          <Spin size="small" />
        </div>
      )}
      {!loading && items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />}
    </div>
  );
}
