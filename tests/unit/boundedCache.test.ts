import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/server/boundedCache.js';

describe('BoundedCache', () => {
  it('makes a value once per key and starts over when full', () => {
    const cache = new BoundedCache<number, string>(2);
    let made = 0;
    const make = (key: number) => () => `${key}:${++made}`;
    expect(cache.get(1, make(1))).toBe('1:1');
    expect(cache.get(1, make(1))).toBe('1:1');
    expect(cache.get(2, make(2))).toBe('2:2');
    // A third key empties the cache: the first is made again afterwards.
    expect(cache.get(3, make(3))).toBe('3:3');
    expect(cache.get(3, make(3))).toBe('3:3');
    expect(cache.get(1, make(1))).toBe('1:4');
  });
});
