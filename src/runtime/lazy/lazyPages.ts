/** Spec 001 §9: lazy lists load 50 items at a time and load more within 60px of the bottom. */
export const LAZY_PAGE_SIZE = 50;
export const LOAD_MORE_WITHIN_PX = 60;

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** True when the scrolled list shows its last `threshold` pixels. */
export function nearBottom({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics, threshold = LOAD_MORE_WITHIN_PX): boolean {
  return scrollHeight - scrollTop - clientHeight <= threshold;
}

export function hasMorePages(loaded: number, count: number): boolean {
  return loaded < count;
}

/** The next 1-based page to ask for once `loaded` items have arrived. */
export function nextPageNo(loaded: number, pageSize = LAZY_PAGE_SIZE): number {
  return Math.floor(loaded / pageSize) + 1;
}

/** Appends a page, dropping items already present (the list may have shifted between calls). */
export function appendPage<T>(items: T[], page: T[], keyOf: (item: T) => string): T[] {
  const seen = new Set(items.map(keyOf));
  return [...items, ...page.filter((item) => !seen.has(keyOf(item)))];
}
