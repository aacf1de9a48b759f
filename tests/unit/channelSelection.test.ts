import { describe, expect, it } from 'vitest';
import { currentSelectedRows, currentSelection, forgetSelected, publishSelection, runtimeBus, type SelectedRows } from '../../src/runtime/bus.js';

describe('the selection of a channel', () => {
  it('is one for every block on the channel, read back in the order selected', () => {
    const seen: SelectedRows[] = [];
    const listen = (e: { channel: string; rows: SelectedRows }) => e.channel === 'unit-a' && seen.push(e.rows);
    runtimeBus.on('selection', listen);
    publishSelection(
      'unit-a',
      new Map([
        [9, { id: 9 }],
        [2, { id: 2 }],
      ]),
    );
    runtimeBus.off('selection', listen);
    expect(currentSelection('unit-a')).toEqual([9, 2]);
    expect(currentSelectedRows('unit-a').get(2)).toEqual({ id: 2 });
    expect(seen).toHaveLength(1);
    expect(currentSelection('unit-none')).toEqual([]);
  });

  it('drops deleted rows from every channel that had them, and leaves the others alone', () => {
    publishSelection(
      'unit-b',
      new Map([
        [1, { id: 1 }],
        [4, { id: 4 }],
      ]),
    );
    publishSelection('unit-c', new Map([[5, { id: 5 }]]));
    const untouched = currentSelectedRows('unit-c');
    forgetSelected([4, 6]);
    expect(currentSelection('unit-b')).toEqual([1]);
    expect(currentSelectedRows('unit-c')).toBe(untouched);
  });
});
