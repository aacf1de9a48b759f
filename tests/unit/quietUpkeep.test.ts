import { describe, expect, it } from 'vitest';
import { QuietWindow } from '../../src/server/db/quietUpkeep.js';

describe('upkeep in a quiet moment', () => {
  it('runs when no request came for the quiet time, and waits while requests come', () => {
    const window = new QuietWindow(5000, 3);
    expect(window.shouldRun(10_000)).toBe(true);
    window.sawRequest(20_000);
    expect(window.shouldRun(22_000)).toBe(false);
    expect(window.shouldRun(25_000)).toBe(true);
  });

  it('runs anyway after the most ticks it may put off, then waits again', () => {
    const window = new QuietWindow(5000, 3);
    const busy = [1, 2, 3, 4, 5, 6, 7, 8].map((tick) => {
      window.sawRequest(tick * 60_000 - 100);
      return window.shouldRun(tick * 60_000);
    });
    expect(busy).toEqual([false, false, false, true, false, false, false, true]);
  });
});
