import { describe, expect, it } from 'vitest';
import { hasAtLeastTwo, isNonEmpty } from '../../src/shared/listLength.js';

describe('list length guards', () => {
  it('tell lists of at least one and at least two items', () => {
    expect([[], [1], [1, 2]].map((list) => isNonEmpty(list))).toEqual([false, true, true]);
    expect([[], [1], [1, 2], [1, 2, 3]].map((list) => hasAtLeastTwo(list))).toEqual([false, false, true, true]);
  });
});
