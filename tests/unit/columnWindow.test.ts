import { describe, expect, it } from 'vitest';
import { columnWindow } from '../../src/runtime/blocks/table/columnWindow.js';
import { sameSpan } from '../../src/runtime/blocks/table/windowSpan.js';

const fifty = Array.from({ length: 50 }, () => 140);

describe('column window of a wide table', () => {
  it('renders every column of a table less than two viewports wide or of fewer than 25 columns', () => {
    expect(
      columnWindow(
        Array.from({ length: 10 }, () => 140),
        0,
        1400,
      ),
    ).toBeNull();
    expect(
      columnWindow(
        Array.from({ length: 24 }, () => 140),
        0,
        300,
      ),
    ).toBeNull();
    expect(
      columnWindow(
        Array.from({ length: 25 }, () => 140),
        0,
        300,
      ),
    ).not.toBeNull();
    expect(columnWindow(fifty, 0, 0)).toBeNull();
  });
  it('renders the visible columns and half a viewport more on each side, with spacers of the rest', () => {
    // 0..1400 visible, 700 more to the right: columns 0..14 (15 × 140 = 2100).
    expect(columnWindow(fifty, 0, 1400)).toEqual({ start: 0, end: 15, before: 0, after: 35 * 140 });
    // Scrolled to 2800: 2100..4900 → columns 15..34.
    const w = columnWindow(fifty, 2800, 1400)!;
    expect(w).toEqual({ start: 15, end: 35, before: 15 * 140, after: 15 * 140 });
    expect(w.before + (w.end - w.start) * 140 + w.after).toBe(50 * 140);
  });
  it('counts left-fixed columns as part of the viewport and reaches the last column at the end', () => {
    expect(columnWindow(fifty, 0, 1400, 400)!.end).toBe(13);
    const end = columnWindow(fifty, 50 * 140 - 1400, 1400)!;
    expect(end.end).toBe(50);
    expect(end.after).toBe(0);
  });
  it('tells windows with the same columns apart from others', () => {
    expect(sameSpan(columnWindow(fifty, 0, 1400), columnWindow(fifty, 0, 1390))).toBe(true);
    expect(sameSpan(columnWindow(fifty, 0, 1400), columnWindow(fifty, 700, 1400))).toBe(false);
    expect(sameSpan(null, null)).toBe(true);
    expect(sameSpan(null, columnWindow(fifty, 0, 1400))).toBe(false);
  });
});
