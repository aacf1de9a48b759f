import { describe, expect, it } from 'vitest';
import { shippedEdition } from '../../src/server/classification/classificationSources.js';
import { compactOf, tableOfCompact } from '../../src/server/classification/compactClassification.js';
import { ClassificationFormatError } from '../../src/server/classification/parseClassification.js';

describe('the compact classification file', () => {
  it('holds the whole table and reads back to exactly what was packed', async () => {
    const table = (await shippedEdition())!.read();
    expect([table.classes.length, table.groups.length, table.items.length]).toEqual([45, 494, 10158]);
    expect(tableOfCompact(JSON.parse(JSON.stringify(compactOf(table))))).toEqual(table);
  });

  it('refuses a file of another kind, and rows that belong to no class or group', async () => {
    expect(() => tableOfCompact({ classes: [] })).toThrow(ClassificationFormatError);
    const compact = compactOf((await shippedEdition())!.read());
    const stray = { ...compact, items: [...compact.items, ['999999', '9999', '无主商品', ''] as [string, string, string, string]] };
    expect(() => tableOfCompact(stray)).toThrow('有类似群或商品不属于任何分类');
  });
});
