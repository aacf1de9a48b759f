import { describe, expect, it } from 'vitest';
import { rowWindow, windowAfterScroll } from '../../src/runtime/blocks/table/rowWindow.js';
import { sameSpan } from '../../src/runtime/blocks/table/windowSpan.js';

describe('rowWindow', () => {
  it('renders the rows in view and the overscan below them at the top', () => {
    const w = rowWindow(10_000, 0, 560, 47, 6, 4);
    // 560 px meet 13 rows; 6 more on each side and one step of 4 make 29.
    expect(w).toEqual({ start: 0, end: 29, before: 0, after: (10_000 - 29) * 47 });
  });

  it('keeps the spacers and the rows adding up to the whole page', () => {
    for (const top of [0, 1, 46, 47, 1000, 123_456, 469_440]) {
      const w = rowWindow(10_000, top, 560, 47);
      expect(w.before + (w.end - w.start) * 47 + w.after).toBe(10_000 * 47);
      // Every row that meets the view is rendered.
      expect(w.start).toBeLessThanOrEqual(Math.floor(top / 47));
      expect(w.end).toBeGreaterThanOrEqual(Math.min(10_000, Math.ceil((top + 560) / 47)));
    }
  });

  it('moves in steps, so a scroll of a pixel or a row usually renders nothing new', () => {
    const a = rowWindow(10_000, 47 * 100, 560, 47, 6, 4);
    const b = rowWindow(10_000, 47 * 100 + 30, 560, 47, 6, 4);
    expect(sameSpan(a, b)).toBe(true);
    expect(a.start % 4).toBe(0);
    expect(a.end - a.start).toBe(29);
    let renders = 0;
    let last = rowWindow(10_000, 0, 560, 47);
    for (let top = 0; top < 47 * 400; top += 10) {
      const next = rowWindow(10_000, top, 560, 47);
      if (!sameSpan(last, next)) renders += 1;
      last = next;
    }
    // 400 rows scrolled: one new window per step of 4 rows.
    expect(renders).toBeLessThanOrEqual(100);
  });

  it('stops at the last row and handles short, empty and unscrolled pages', () => {
    const bottom = rowWindow(100, 100 * 47 - 560, 560, 47);
    expect(bottom.end).toBe(100);
    expect(bottom.after).toBe(0);
    expect(rowWindow(5, 0, 560, 47)).toEqual({ start: 0, end: 5, before: 0, after: 0 });
    expect(rowWindow(0, 0, 560, 47)).toEqual({ start: 0, end: 0, before: 0, after: 0 });
    // Overscrolled past the end (a page that shrank): still a valid, empty-tailed window.
    const past = rowWindow(10, 99_999, 560, 47);
    expect(past.start).toBeLessThanOrEqual(past.end);
    expect(past.end).toBe(10);
    expect(rowWindow(10, -50, 560, 0).start).toBe(0);
  });

  it('after a fling of a whole view or more, renders only the rows in view; a slower scroll widens the window again', () => {
    const fling = windowAfterScroll(10_000, 0, 600 * 40, 560, 47);
    const first = Math.floor((600 * 40) / 47);
    expect(fling.start).toBe(first);
    // The rows meeting the view (13 for 560 px at 47 px), and the next one.
    expect(fling.end).toBe(first + 14);
    expect(fling.before + (fling.end - fling.start) * 47 + fling.after).toBe(10_000 * 47);
    // Upwards too, and stopping at the last row.
    expect(windowAfterScroll(10_000, 600 * 40, 0, 560, 47)).toEqual({ start: 0, end: 14, before: 0, after: (10_000 - 14) * 47 });
    expect(windowAfterScroll(100, 0, 100 * 47 - 560, 560, 47).end).toBe(100);
    // Less than a view: the usual window with its overscan.
    expect(windowAfterScroll(10_000, 24_000, 24_000 + 120, 560, 47)).toEqual(rowWindow(10_000, 24_120, 560, 47));
    expect(windowAfterScroll(10_000, 24_000, 24_000, 560, 47)).toEqual(rowWindow(10_000, 24_000, 560, 47));
  });
});
