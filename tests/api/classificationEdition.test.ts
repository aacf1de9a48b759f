import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shippedEdition } from '../../src/server/classification/classificationSources.js';
import { prepareClassification } from '../../src/server/classification/prepareClassification.js';
import type { ClassificationTable } from '../../src/server/classification/parseClassification.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/** The table in the public source's tree form, as an administrator's newer edition would come. */
function treeOf(table: ClassificationTable): unknown[] {
  return table.classes.map((c) => {
    const id = String(c.classNo).padStart(2, '0');
    return {
      id,
      name: c.name,
      type: 'class',
      remark: c.remark,
      children: table.groups
        .filter((g) => g.classNo === c.classNo)
        .map((g) => ({
          id: g.groupNo,
          name: g.name,
          type: 'group',
          remark: g.remark,
          children: table.items.filter((i) => i.groupNo === g.groupNo).map((i) => ({ id: i.code, name: i.name, type: 'item', remark: i.remark })),
        })),
    };
  });
}

describe.skipIf(skipThisDatabase)(`the classification shipped with the product (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ shippedClassification: true, classificationFile: undefined });
  });
  afterAll(() => server?.stop());

  const itemName = async (code: string) =>
    (await server.database.db.selectFrom('classification_items').select('name').where('code', '=', code).executeTakeFirstOrThrow()).name;
  const edition = () => server.database.db.selectFrom('classification_edition').selectAll().executeTakeFirstOrThrow();

  it('fills a fresh install with all 45 classes, 494 groups and 10,158 items, with no configuration', async () => {
    const tree = await server.call('classification.queryAllCgList', {});
    expect(tree).toHaveLength(45);
    expect(tree.reduce((n, c) => n + c.cgList.length, 0)).toBe(494);
    expect(tree.reduce((n, c) => n + c.cgList.reduce((m, g) => m + g.cgList.length, 0), 0)).toBe(10158);
    expect(tree[0]!.cgList[0]!.cgList[0]).toMatchObject({ cgNum: '010039', cgName: '碱土金属' });
    expect(await edition()).toMatchObject({ source: 'shipped', digest: (await shippedEdition())!.digest });
  });

  it('is not imported again at the next start, and gives way to a configured file, which it never overwrites', async () => {
    const db = server.database.db;
    const shipped = await edition();
    expect(await prepareClassification(db, { shippedClassification: true })).toBe(true);
    expect(await edition()).toEqual(shipped);

    const table = (await shippedEdition())!.read();
    const renamed = { ...table, items: table.items.map((i) => (i.code === '010039' ? { ...i, name: '碱土金属（新版）' } : i)) };
    const file = join(mkdtempSync(join(tmpdir(), 'classification-')), 'newer.json');
    writeFileSync(file, JSON.stringify(treeOf(renamed)));
    expect(await prepareClassification(db, { shippedClassification: true, classificationFile: file })).toBe(true);
    expect(await itemName('010039')).toBe('碱土金属（新版）');
    expect(await edition()).toMatchObject({ source: 'file' });

    // The file is no longer configured: the shipped edition does not undo what the administrator chose.
    await prepareClassification(db, { shippedClassification: true });
    expect(await itemName('010039')).toBe('碱土金属（新版）');
  });

  it('replaces an older shipped edition with the one the product now ships', async () => {
    const db = server.database.db;
    await db.updateTable('classification_edition').set({ source: 'shipped', digest: 'an-older-edition' }).execute();
    await prepareClassification(db, { shippedClassification: true });
    expect(await itemName('010039')).toBe('碱土金属');
    expect(await edition()).toMatchObject({ source: 'shipped', digest: (await shippedEdition())!.digest });
  });
});
