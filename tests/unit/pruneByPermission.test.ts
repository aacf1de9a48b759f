import { describe, expect, it } from 'vitest';
import { pruneByPermission } from '../../src/runtime/pruneByPermission.js';
import type { FormilyNode } from '../../src/generated/types.js';

const schema: FormilyNode = {
  type: 'object',
  properties: {
    name: { type: 'string', 'x-component': 'Input' },
    actions: {
      type: 'void',
      'x-component': 'Space',
      properties: {
        settings: { type: 'void', 'x-component': 'Text', 'x-permission': 'brandCustomListSettings' },
        tags: { type: 'void', 'x-component': 'Text', 'x-permission': 'addTags' },
      },
    },
  },
};

describe('pruneByPermission', () => {
  it('removes nodes whose permission the user lacks, at any depth', () => {
    const pruned = pruneByPermission(schema, new Set(['addTags']))!;
    expect(Object.keys(pruned.properties!.actions.properties!)).toEqual(['tags']);
    expect(pruned.properties!.name).toEqual(schema.properties!.name);
  });
  it('keeps everything for a user holding every key, without changing the input', () => {
    const pruned = pruneByPermission(schema, new Set(['addTags', 'brandCustomListSettings']))!;
    expect(pruned).toEqual(schema);
    expect(pruneByPermission({ type: 'void', 'x-permission': 'x' }, new Set())).toBeNull();
  });
});
