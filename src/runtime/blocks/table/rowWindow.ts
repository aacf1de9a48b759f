import type { WindowSpan } from './windowSpan.js';

/**
 * Which rows of a long page are rendered. The rows of a generic table are one line each (text
 * cells end in an ellipsis, tags and buttons fit the line), so every row has the height of the
 * first one and the rows in view follow from the scroll offset alone: nothing is measured while
 * scrolling. The rows above and below the window are replaced by one spacer each, so the scroll
 * height stays that of the whole page.
 */
export type RowWindow = WindowSpan;

/**
 * The window moves in steps of this many rows, so a slow scroll renders once every few rows
 * instead of on every row that enters the view.
 */
export const ROW_STEP = 4;
/** Rows rendered beyond each edge of the view, so a scroll shows rendered rows before the next render. */
export const ROW_OVERSCAN = 3;

/**
 * The rows that meet the visible part of the body widened by `overscan` rows on each side, the
 * start rounded down to a multiple of `step`.
 *
 * @param count rows on the page
 * @param scrollTop the body's vertical scroll offset
 * @param viewport the body's visible height
 * @param rowHeight the height of one row (above zero)
 */
export function rowWindow(count: number, scrollTop: number, viewport: number, rowHeight: number, overscan = ROW_OVERSCAN, step = ROW_STEP): RowWindow {
  const height = Math.max(1, rowHeight);
  const firstShown = Math.floor(Math.max(0, scrollTop) / height);
  const inView = Math.ceil(Math.max(0, viewport) / height) + 1;
  // The end follows the start, so the window changes once per step, not once for each edge.
  const span = inView + 2 * overscan + step;
  const end = Math.min(count, Math.floor(Math.max(0, firstShown - overscan) / step) * step + span);
  const start = Math.max(0, Math.min(Math.floor(Math.max(0, firstShown - overscan) / step) * step, end - span));
  return { start, end, before: start * height, after: (count - end) * height };
}

/**
 * The window after the body scrolled from `previousTop` to `top`. A scroll that moved a whole view
 * at once (a hard fling) replaces every row in view: rows beyond it would be new as well, mounted
 * and painted for a frame in which none of them shows, so the window is the rows in view alone.
 * The next slower scroll widens it again.
 */
export function windowAfterScroll(count: number, previousTop: number, top: number, viewport: number, rowHeight: number): RowWindow {
  const fling = Math.abs(top - previousTop) >= Math.max(1, viewport);
  return fling ? rowWindow(count, top, viewport, rowHeight, 0, 1) : rowWindow(count, top, viewport, rowHeight);
}
