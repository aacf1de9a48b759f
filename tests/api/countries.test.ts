import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountryTreeNode } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const leaf = (code: string, name: string): CountryTreeNode => ({ code, name, subList: [] });

describe.skipIf(skipThisDatabase)(`country list and per-organisation country tree (${dbKind})`, () => {
  let server: TestServer;
  let agencyAdmin: string;
  let companyAdmin: string;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer();
    [agencyAdmin, companyAdmin, staff] = await Promise.all([server.signIn('admin'), server.signIn('corpAdmin'), server.signIn('staff')]);
  });
  afterAll(() => server?.stop());

  const treeOf = (token: string) => server.call('country.treeList', {}, token);

  it('lists every country in Chinese, the unions with their members, for an empty body', async () => {
    expect((await server.post('/common/getCountryList')).statusCode).toBe(401);
    const list = await server.call('country.getCountryList', {}, staff);
    expect(list.slice(0, 4).map((c) => c.name)).toEqual(['欧盟', '非洲知识产权组织', '比荷卢', '马德里']);
    const byCode = new Map(list.map((c) => [c.code, c]));
    expect(byCode.get('DE')).toEqual({ code: 'DE', name: '德国', nameEn: 'Germany', region: false, members: [] });
    expect(byCode.get('TW')?.name).toBe('中国台湾');
    expect(byCode.get('HK')?.name).toBe('中国香港');
    expect(byCode.get('EM')?.members).toHaveLength(27);
    expect(byCode.get('OA')?.members).toHaveLength(17);
    expect(byCode.get('BX')?.members).toEqual(['BE', 'LU', 'NL']);
    expect(byCode.get('WO')).toMatchObject({ region: true, members: [] });
    expect(list.filter((c) => !c.region)).toHaveLength(250);
  });

  it('hands out the built-in tree until an organisation saves its own: regional organisations, then the continents', async () => {
    const tree = await treeOf(staff);
    expect(tree.map((g) => g.name)).toEqual(['地区组织与国际注册', '亚洲', '欧洲', '北美洲', '南美洲', '非洲', '大洋洲', '南极洲']);
    expect(tree[0].subList.map((c) => c.code)).toEqual(['EM', 'OA', 'BX', 'WO']);
    const codes = tree.slice(1).flatMap((g) => g.subList.map((c) => c.code));
    expect(codes).toHaveLength(250);
    expect(new Set(codes).size).toBe(250);
    expect(tree.find((g) => g.code === 'asia')?.subList.map((c) => c.name)).toContain('中国');
  });

  it('saves one organisation’s arrangement without touching the other’s', async () => {
    const own = [
      {
        code: 'keyMarkets',
        name: '  重点市场 ',
        subList: [leaf('US', '美国'), leaf('EM', '欧盟'), { code: 'asean', name: '东盟', subList: [leaf('SG', '新加坡'), leaf('TH', '泰国')] }],
      },
      leaf('WO', '马德里'),
    ];
    const res = await server.call('country.reSave', { tree: own }, agencyAdmin);
    expect(res[0].name).toBe('重点市场');
    // Another user of the same organisation sees it too.
    const saved = await treeOf(await server.signIn('agent'));
    expect(saved.map((n) => n.code)).toEqual(['keyMarkets', 'WO']);
    expect(saved[0].subList[2].subList.map((n) => n.name)).toEqual(['新加坡', '泰国']);
    // The company still sees the built-in tree.
    expect((await treeOf(companyAdmin))[0].code).toBe('regional');
    const stored = await server.database.db.selectFrom('country_trees').select('org_id').execute();
    expect(stored).toHaveLength(1);
  });

  it('refuses bad trees with a Chinese message and keeps what was saved', async () => {
    const before = await treeOf(agencyAdmin);
    const refuse = async (tree: unknown, message: string) => {
      const res = await server.post('/countryCtg/reSave', { tree }, agencyAdmin);
      expect(res.statusCode).toBe(422);
      expect(res.json().subMessage).toBe(message);
    };
    await refuse([{ code: 'g1', name: '分组', subList: [leaf('ZZ', '不存在')] }], '未知的国家或地区代码：ZZ');
    await refuse(
      [{ code: 'europe', name: '欧洲', subList: [{ code: 'west', name: '西欧', subList: [{ code: 'europe', name: '又是欧洲', subList: [] }] }] }],
      '分组“欧洲”（europe）不能包含它自己',
    );
    await refuse([{ code: 'g1', name: '   ', subList: [leaf('DE', '德国')] }], '代码为 g1 的节点名称不能为空');
    await refuse([{ code: 'g1', name: '', subList: [] }], '请求参数有误：名称不能为空');
    await refuse(
      [
        { code: 'g1', name: '甲', subList: [leaf('DE', '德国')] },
        { code: 'g2', name: '乙', subList: [leaf('DE', '德国')] },
      ],
      '代码 DE 重复出现：每个国家、地区或分组只能出现一次',
    );
    await refuse([{ code: 'EM', name: '欧盟', subList: [leaf('DE', '德国')] }], '国家或地区“欧盟”（EM）下不能再有下级');
    await refuse([], '国家分组不能为空');
    const missing = await server.post('/countryCtg/reSave', {}, agencyAdmin);
    expect(missing.json().subMessage).toBe('请求参数有误：国家分组不能为空');
    await refuse(
      [
        {
          code: 'a',
          name: '一',
          subList: [{ code: 'b', name: '二', subList: [{ code: 'c', name: '三', subList: [{ code: 'd', name: '四', subList: [leaf('DE', '德国')] }] }] }],
        },
      ],
      '国家分组最多 4 层',
    );
    await refuse([{ code: 'de', name: '德国', subList: [], extra: 1 }], '请求参数有误：国家分组第 1 项中不允许的字段：extra');
    expect(await treeOf(agencyAdmin)).toEqual(before);
  });

  it('lets only holders of 系统设置 save, and restores the built-in tree on request', async () => {
    const denied = await server.post('/countryCtg/reSave', { tree: [leaf('US', '美国')] }, staff);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().subMessage).toBe('没有“系统设置”权限');
    expect((await server.post('/countryCtg/restoreDefault', {}, staff)).statusCode).toBe(403);
    const restored = await server.call('country.restoreDefault', {}, agencyAdmin);
    expect(restored[0].code).toBe('regional');
    expect((await treeOf(agencyAdmin))[0].code).toBe('regional');
  });
});
