import type { WindowSpan } from './windowSpan.js';

/**
 * Which of a wide table's scrolling (unfixed) columns are rendered. A page of 100 rows × 50 columns
 * shows a dozen columns at a time; rendering the other cells cost most of the first render. The
 * columns left and right of the window are replaced by one empty spacer each, so widths, offsets
 * and the scroll width stay those of the whole table.
 */
export type ColumnWindow = WindowSpan;

/**
 * Tables with fewer scrolling columns than this, or narrower than this many viewports, render every
 * column: their cost is small, and every header and cell stays in the page (find in page, tests, a
 * narrow preview pane).
 */
export const WINDOW_FROM_COLUMNS = 25;
export const WINDOW_FROM_VIEWPORTS = 2;

/**
 * The columns that meet the visible part widened by `overscan` on each side, or null when the table
 * is not wide enough to bother (every column rendered).
 *
 * @param widths the scrolling columns' widths, in order
 * @param scrollLeft the horizontal scroll offset of the table body
 * @param viewport the width of the table's visible part
 * @param fixedLeft width taken by left-fixed columns, which sit before the scrolling ones
 */
export function columnWindow(widths: number[], scrollLeft: number, viewport: number, fixedLeft = 0, overscan = viewport / 2): ColumnWindow | null {
  const total = widths.reduce((a, b) => a + b, 0);
  if (widths.length < WINDOW_FROM_COLUMNS || viewport <= 0 || total <= WINDOW_FROM_VIEWPORTS * viewport) return null;
  const from = scrollLeft - overscan;
  const to = scrollLeft + viewport - fixedLeft + overscan;
  let start = 0;
  let before = 0;
  while (start < widths.length - 1 && before + widths[start]! <= from) before += widths[start++]!;
  let end = start;
  let right = before;
  while (end < widths.length && right < to) right += widths[end++]!;
  return { start, end, before, after: total - right };
}
