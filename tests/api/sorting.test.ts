import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationRequest } from '../../src/generated/client.js';

describe.skipIf(skipThisDatabase)(`sorting lists by several keys and saved sort presets (${dbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  const names = async (token: string, sort: Pick<OperationRequest<'enterprise.getList'>, 'sortField' | 'sortType'>) =>
    (await server.call('enterprise.getList', { flatIs: true, pageNo: 1, pageSize: 10, ...sort }, token)).list.map((e) => e.applicantName);

  it('sorts the enterprise list by one key or by several, comma-joined, in order', async () => {
    const admin = await server.signIn('admin');
    expect(await names(admin, { sortField: 'applicantName', sortType: 'asc' })).toEqual([
      '周明--上海市徐汇区漕溪北路 12 号',
      '杭州青禾食品有限公司',
      '深圳云帆电子科技有限公司',
    ]);
    expect(await names(admin, { sortField: 'applicantName', sortType: 'desc' })).toEqual([
      '深圳云帆电子科技有限公司',
      '杭州青禾食品有限公司',
      '周明--上海市徐汇区漕溪北路 12 号',
    ]);
    // Organisations (type 1) first, then by name descending: the second key decides within the first.
    expect(await names(admin, { sortField: 'applicantType,applicantName', sortType: 'desc,desc' })).toEqual([
      '深圳云帆电子科技有限公司',
      '杭州青禾食品有限公司',
      '周明--上海市徐汇区漕溪北路 12 号',
    ]);
    expect(await names(admin, { sortField: 'applicantType,applicantName', sortType: 'asc,asc' })).toEqual([
      '周明--上海市徐汇区漕溪北路 12 号',
      '杭州青禾食品有限公司',
      '深圳云帆电子科技有限公司',
    ]);
    // Without a sort, the order they were added in.
    expect(await names(admin, {})).toEqual(['杭州青禾食品有限公司', '深圳云帆电子科技有限公司', '周明--上海市徐汇区漕溪北路 12 号']);
  });

  it('refuses sort keys outside the list’s own, naming the field', async () => {
    const admin = await server.signIn('admin');
    const injected = await server.post('/enterPrise/getList', { flatIs: true, sortField: 'applicantName;drop table enterprises', sortType: 'asc' }, admin);
    expect(injected.statusCode).toBe(422);
    expect(injected.json().subMessage).toContain('排序字段格式不正确');
    const badDirection = await server.post('/enterPrise/getList', { flatIs: true, sortField: 'applicantName', sortType: 'up' }, admin);
    expect(badDirection.json().subMessage).toContain('排序方向格式不正确');
    expect((await names(admin, {})).length).toBe(3);
  });

  it('keeps each user’s saved sort presets (display preference 8) for them alone', async () => {
    const admin = await server.signIn('admin');
    const agent = await server.signIn('agent');
    const presets = [
      {
        name: '类型与名称',
        list: [
          { name: '申请人类型', key: 'applicantType', ascending: false },
          { name: '申请人名称', key: 'applicantName', ascending: true },
        ],
      },
    ];
    await server.call('display.set', { displayType: 8, displayContent: JSON.stringify(presets) }, admin);
    expect(JSON.parse((await server.call('display.query', { displayType: 8 }, admin))!)).toEqual(presets);
    expect(await server.call('display.query', { displayType: 8 }, agent)).toBeNull();
    await server.call('display.set', { displayType: 8, displayContent: '[]' }, admin);
    expect(await server.call('display.query', { displayType: 8 }, admin)).toBe('[]');
  });
});
