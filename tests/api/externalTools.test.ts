import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const DEFAULT = 'https://search.example.invalid/trademark';

describe.skipIf(skipThisDatabase)(`external tool addresses set by an administrator (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ externalTools: { dplsearch1: DEFAULT } });
    admin = await server.signIn('admin');
  });
  afterAll(() => server?.stop());

  const settings = async (token: string) => (await server.call('site.listExternalToolSettings', { pageSize: 100 }, token)).list;
  const addressOf = async (token: string, key: string) => (await server.call('site.getExternalTools', {}, token)).tools.find((t) => t.key === key)?.url;
  const menuLink = (menu: MenuEntry[], path: string): string | undefined => {
    for (const entry of menu) {
      if (entry.path === path) return entry.meta.isLink;
      const inner = menuLink(entry.children, path);
      if (inner !== undefined) return inner;
    }
    return undefined;
  };

  it('lists every tool a page opens in menu order, with the environment’s address as the default', async () => {
    const list = await settings(admin);
    expect(list.map((s) => s.key)).toEqual([
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `dplsearch${n}`),
      ...['brandSearch', 'batchSearch', 'brandNotice', 'goodsService', 'review', 'overseasMonitor'],
    ]);
    expect(list.find((s) => s.key === 'dplsearch1')).toEqual({
      key: 'dplsearch1',
      title: 'D-Search / 商标查询',
      url: '',
      defaultUrl: DEFAULT,
      effectiveUrl: DEFAULT,
      source: 'default',
    });
    expect(list.find((s) => s.key === 'brandSearch')).toMatchObject({ url: '', defaultUrl: '', effectiveUrl: '', source: 'none' });
  });

  it('an administrator’s address is stored, used by the tool page and the menu, and cleared back to the default', async () => {
    await server.call('site.saveExternalTool', { key: 'brandSearch', url: 'https://tools.example.invalid/brand' }, admin);
    await server.call('site.saveExternalTool', { key: 'dplsearch1', url: ' http://own.example.invalid/tm ' }, admin);
    expect(await addressOf(admin, 'brandSearch')).toBe('https://tools.example.invalid/brand');
    expect(await addressOf(admin, 'dplsearch1')).toBe('http://own.example.invalid/tm');
    const menu = await server.call('auth.getMenuList', {}, admin);
    expect(menuLink(menu, '/tool/dplsearch1')).toBe('http://own.example.invalid/tm');
    expect((await settings(admin)).find((s) => s.key === 'dplsearch1')).toMatchObject({
      url: 'http://own.example.invalid/tm',
      defaultUrl: DEFAULT,
      source: 'organisation',
    });
    // Everyone in the organisation gets it.
    expect(await addressOf(await server.signIn('agent'), 'brandSearch')).toBe('https://tools.example.invalid/brand');

    await server.call('site.saveExternalTool', { key: 'dplsearch1', url: '' }, admin);
    expect(await addressOf(admin, 'dplsearch1')).toBe(DEFAULT);
  });

  it('is the organisation’s own: another organisation keeps the default', async () => {
    const corp = await server.signIn('corpAdmin');
    expect(await addressOf(corp, 'brandSearch')).toBeUndefined();
    await server.call('site.saveExternalTool', { key: 'brandSearch', url: 'https://corp.example.invalid/' }, corp);
    expect(await addressOf(corp, 'brandSearch')).toBe('https://corp.example.invalid/');
    expect(await addressOf(admin, 'brandSearch')).toBe('https://tools.example.invalid/brand');
  });

  it('refuses what is not an http(s) address, naming the field or the tool, and an unknown tool', async () => {
    expect(await server.refused('/api/external-tools/save', { key: 'review', url: 'ftp://files.example.invalid' }, admin)).toBe(
      '请求参数有误：地址格式不正确：应为以 http:// 或 https:// 开头的网址（留空则使用默认地址）',
    );
    expect(await server.refused('/api/external-tools/save', { key: 'review', url: 'javascript:alert(1)' }, admin)).toMatch(/^请求参数有误：地址格式不正确/);
    expect(await server.refused('/api/external-tools/save', { key: 'review', url: 'http://[bad' }, admin)).toBe(
      '“智能工具 / 评审文书”的地址不是有效的网址，应以 http:// 或 https:// 开头，例如 https://search.example.com',
    );
    expect(await server.refused('/api/external-tools/save', { key: 'nothing', url: 'https://x.example.invalid' }, admin)).toBe('没有名为“nothing”的外部工具');
    expect((await settings(admin)).find((s) => s.key === 'review')?.source).toBe('none');
  });

  it('only an administrator may see or set the addresses', async () => {
    const agent = await server.signIn('agent');
    expect(await server.refused('/api/external-tools/save', { key: 'review', url: 'https://evil.example.invalid' }, agent, 403)).toBe('没有“用户与配置”权限');
    await server.refused('/api/external-tools/settings', {}, agent, 403);
    const staff = await server.signIn('staff');
    await server.refused('/api/external-tools/save', { key: 'review', url: 'https://evil.example.invalid' }, staff, 403);
    expect(await addressOf(agent, 'review')).toBeUndefined();
  });
});
