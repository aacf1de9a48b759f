import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationRequest } from '../../src/generated/client.js';

// The classification data lives outside the project; CI points CLASSIFICATION_FILE at it.
const file = process.env.CLASSIFICATION_FILE;
const haveFile = file !== undefined && existsSync(file);

describe.skipIf(skipThisDatabase)(`classification picker: paging and server search (${dbKind})`, () => {
  describe('before the classification is imported', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ classificationFile: undefined });
    });
    afterAll(() => server?.stop());

    it('says plainly that the table is not imported yet', async () => {
      const res = await server.post('/api/classification/children');
      expect(res.statusCode).toBe(503);
      expect(res.json().subMessage).toBe('商品和服务分类表尚未导入，请管理员执行 npm run import:classification');
    });
  });

  describe.skipIf(!haveFile)('with the imported classification', () => {
    let server: TestServer;
    let token: string;
    beforeAll(async () => {
      server = await startTestServer({ classificationFile: file });
      token = await server.signIn('staff');
    });
    afterAll(() => server?.stop());

    const children = (body: OperationRequest<'classification.children'>) => server.call('classification.children', body, token);
    const search = (body: OperationRequest<'classification.search'>) => server.call('classification.search', body, token);

    it('lists the 45 classes on one page of 50, with their group counts', async () => {
      const classes = await children({});
      expect(classes.count).toBe(45);
      expect(classes.list).toHaveLength(45);
      expect(classes.list[8]).toEqual({ cgId: 'c9', cgName: '科学仪器', cgNum: '9', dirLevel: 0, count: 23, classNum: '9', groupNum: null, groupName: null });
      expect(classes.list.reduce((n, c) => n + c.count, 0)).toBe(494);
    });

    it('pages through a group of 110 goods 50 at a time, in the book’s order', async () => {
      const groups = await children({ parentNum: '9' });
      expect(groups.count).toBe(23);
      expect(groups.list[0]).toMatchObject({ cgNum: '0901', cgName: '电子计算机及其外部设备', dirLevel: 1, count: 110, classNum: '9' });
      const first = await children({ parentNum: '0901' });
      const second = await children({ parentNum: '0901', pageNo: 2 });
      const third = await children({ parentNum: '0901', pageNo: 3 });
      expect([first.list.length, second.list.length, third.list.length]).toEqual([50, 50, 10]);
      expect(first.count).toBe(110);
      const ids = [...first.list, ...second.list, ...third.list].map((i) => i.cgId);
      expect(new Set(ids).size).toBe(110);
      expect(first.list[0]).toMatchObject({ dirLevel: 2, classNum: '9', groupNum: '0901', groupName: '电子计算机及其外部设备' });
      expect(
        first.list.some((i) => i.cgName === '计算机软件（已录制）') ||
          second.list.some((i) => i.cgName === '计算机软件（已录制）') ||
          third.list.some((i) => i.cgName === '计算机软件（已录制）'),
      ).toBe(true);
    });

    it('searches names on the server across the three levels, classes first', async () => {
      const result = await search({ keyword: '咖啡' });
      expect(result.count).toBeGreaterThan(result.list.filter((e) => e.dirLevel < 2).length);
      expect(result.list.every((e) => e.cgName.includes('咖啡'))).toBe(true);
      const levels = result.list.map((e) => e.dirLevel);
      expect([...levels].sort()).toEqual(levels);
      expect(result.list.filter((e) => e.dirLevel === 1).map((e) => e.cgNum)).toContain('3001');
    });

    it('finds a class by its number and a group by its number', async () => {
      const ninth = await search({ keyword: '第9类' });
      expect(ninth.list[0]).toMatchObject({ cgNum: '9', dirLevel: 0, cgName: '科学仪器' });
      const group = await search({ keyword: '0901' });
      expect(group.list[0]).toMatchObject({ cgNum: '0901', dirLevel: 1 });
      expect(group.list.slice(1).every((e) => e.dirLevel === 2 && e.cgNum.startsWith('0901'))).toBe(true);
    });

    it('pages a large search without repeating or losing a match', async () => {
      const first = await search({ keyword: '机', pageSize: 50 });
      expect(first.count).toBeGreaterThan(100);
      const seen = new Set<string>();
      const pages = Math.ceil(first.count / 50);
      for (let p = 1; p <= pages; p++) {
        const next = await search({ keyword: '机', pageNo: p, pageSize: 50 });
        expect(next.list.length).toBe(p < pages ? 50 : first.count - 50 * (pages - 1));
        for (const e of next.list) seen.add(e.cgId);
      }
      expect(seen.size).toBe(first.count);
    });

    it('names chosen classes and groups, and ignores numbers that do not exist', async () => {
      const named = await server.call('classification.lookup', { categories: ['9', '25'], groups: ['0901', '9999'] }, token);
      expect(named.map((e) => `${e.cgNum} ${e.cgName}`)).toEqual(['9 科学仪器', '25 服装鞋帽', '0901 电子计算机及其外部设备']);
    });

    it('refuses an empty keyword and a page size over 100 with Chinese messages', async () => {
      const empty = await server.post('/api/classification/search', { keyword: '' }, token);
      expect(empty.statusCode).toBe(422);
      expect(empty.json().subMessage).toContain('关键词');
      const big = await server.post('/api/classification/children', { pageSize: 500 }, token);
      expect(big.statusCode).toBe(422);
      expect(big.json().subMessage).toContain('每页条数');
    });
  });
});
