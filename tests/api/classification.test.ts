import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { importClassificationFile } from '../../src/server/classification/importClassification.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

// The classification data lives outside the project; CI points CLASSIFICATION_FILE at it.
const file = process.env.CLASSIFICATION_FILE;
const haveFile = file !== undefined && existsSync(file);

describe.skipIf(skipThisDatabase)(`goods and services classification (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  it('says plainly that the table is not imported yet', async () => {
    const res = await server.post('/api/queryAllCgList');
    expect(res.statusCode).toBe(503);
    expect(res.json().subMessage).toBe('商品和服务分类表尚未导入，请管理员执行 npm run import:classification');
  });

  describe.skipIf(!haveFile)('after importing the file', () => {
    beforeAll(async () => {
      const summary = await importClassificationFile(server.database.db, file!);
      expect(summary).toEqual({ classes: 45, groups: 494, items: 10158 });
    });

    it('serves the whole tree for an empty request', async () => {
      const tree = await server.call('classification.queryAllCgList', {});
      expect(tree).toHaveLength(45);
      expect(tree.reduce((n, c) => n + c.cgList.length, 0)).toBe(494);
      expect(tree.reduce((n, c) => n + c.cgList.reduce((m, g) => m + g.cgList.length, 0), 0)).toBe(10158);
      expect(tree[0]).toMatchObject({ cgNum: '1', cgName: '化工原料', dirLevel: 0, count: tree[0].cgList.length });
      expect(tree[0].cgList[0]).toMatchObject({ cgNum: '0101', dirLevel: 1 });
      expect(tree[0].cgList[0].cgList[0]).toMatchObject({ cgNum: '010039', cgName: '碱土金属', dirLevel: 2 });
    });

    it('serves the 45 classes alone, one class’s groups, or one group’s items', async () => {
      const classes = await server.call('classification.queryAllCgList', { maxLevel: 0 });
      expect(classes.map((c) => c.cgNum)).toEqual(Array.from({ length: 45 }, (_, i) => String(i + 1)));
      expect(classes.every((c) => c.cgList.length === 0 && c.count > 0)).toBe(true);
      const groups = await server.call('classification.queryAllCgList', { parentNum: '9', maxLevel: 1 });
      expect(groups.every((g) => g.cgNum.startsWith('09') && g.cgList.length === 0)).toBe(true);
      const full = await server.call('classification.queryAllCgList', { parentNum: '9' });
      expect(groups.reduce((n, g) => n + g.count, 0)).toBe(full.reduce((n, g) => n + g.cgList.length, 0));
      const items = await server.call('classification.queryAllCgList', { parentNum: '0901' });
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((i) => i.dirLevel === 2)).toBe(true);
    });

    it('keeps only matching items and their parents for a keyword', async () => {
      const tree = await server.call('classification.queryAllCgList', { keyword: '咖啡' });
      const names = tree.flatMap((c) => c.cgList.flatMap((g) => g.cgList.map((i) => i.cgName)));
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n) => n.includes('咖啡'))).toBe(true);
      expect(tree.map((c) => c.cgNum)).toContain('30');
    });

    it('refuses a malformed parent number', async () => {
      const res = await server.post('/api/queryAllCgList', { parentNum: 'abc' });
      expect(res.statusCode).toBe(422);
      expect(res.json().subMessage).toBe('请求参数有误：上级编号格式不正确');
    });
  });
});
