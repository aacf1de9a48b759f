import { describe, expect, it } from 'vitest';
import { boundIntegers, INT4_MAX, INT4_MIN } from '../../generators/boundIntegers.js';

describe('integers bounded by their column', () => {
  it('gives an unbounded integer, nested or in a list, the bounds of a database integer; its own bounds and enums stay', () => {
    const bounded = boundIntegers({
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        ids: { type: 'array', items: { type: ['integer', 'null'] } },
        size: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
        kind: { type: 'integer', enum: [1, 2] },
        share: { type: 'number' },
      },
    });
    expect(bounded.properties.id).toEqual({ type: 'integer', minimum: 1, maximum: INT4_MAX });
    expect(bounded.properties.ids.items).toEqual({ type: ['integer', 'null'], minimum: INT4_MIN, maximum: INT4_MAX });
    expect(bounded.properties.size).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
    expect(bounded.properties.kind).toEqual({ type: 'integer', enum: [1, 2] });
    expect(bounded.properties.share).toEqual({ type: 'number' });
  });
});
