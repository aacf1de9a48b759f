import { MAX_SHOWN_TOTAL } from '../PaginationBar.js';

/**
 * The page to show once the total is known: a page past the end (the last rows of the last page
 * were deleted, or a narrower search) falls back to the last page there is.
 */
export function clampPage(pageNo: number, pageSize: number, total: number): number {
  const pages = Math.max(1, Math.ceil(Math.min(total, MAX_SHOWN_TOTAL) / pageSize));
  return Math.min(Math.max(1, pageNo), pages);
}
