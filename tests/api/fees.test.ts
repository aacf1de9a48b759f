import { describe, expect, it } from 'vitest';
import type { FeeListRequest, FeePrice } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/** Fee configuration: the organisation's price list, saved and deleted by an administrator, checked field by field. */
describe.skipIf(skipThisDatabase)(`fee configuration (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin']);

  const list = async (token: string, filter: FeeListRequest = {}) => shared.server.call('fee.list', { pageSize: 100, ...filter }, token);
  const find = (prices: FeePrice[], caseType: string, countryCode: string | null, feeItem: string) =>
    prices.filter((p) => p.caseType === caseType && p.countryCode === countryCode && p.feeItem === feeItem);

  it('lists each demo organisation’s own price list, named, in the case types’ order', async () => {
    const agency = await list(shared.tokens.admin);
    expect(agency.count).toBeGreaterThan(30);
    const [first] = agency.list;
    expect(first).toMatchObject({ caseType: 'domesticRegistration', caseTypeName: '国内商标注册', countryCode: 'CN', countryName: '中国', feeItem: 'agency' });
    // The newer price first; the price in effect now is 800.
    expect(find(agency.list, 'domesticRegistration', 'CN', 'agency').map((p) => p.amount)).toEqual([900, 800]);
    expect(find(agency.list, 'domesticRegistration', 'CN', 'official')[0]).toMatchObject({
      amount: 270,
      currency: 'CNY',
      note: expect.stringContaining('每类'),
    });
    expect(find(agency.list, 'overseasRegistration', 'US', 'official')[0]).toMatchObject({ amount: 350, currency: 'USD', countryName: '美国' });
    expect(find(agency.list, 'overseasRegistration', 'WO', 'official')[0]).toMatchObject({ currency: 'CHF', countryName: '马德里' });
    expect(find(agency.list, 'overseasRegistration', null, 'agency')[0]).toMatchObject({ countryName: '全部国家/地区', amount: 3500 });
    // Registrations first, then the other types in the order their schemas give.
    const order = (await shared.server.call('fee.options', {}, shared.tokens.admin)).caseTypes.map((t) => t.value);
    const positions = agency.list.map((p) => order.indexOf(p.caseType));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(order.slice(0, 3)).toEqual(['domesticRegistration', 'overseasRegistration', 'renewal']);

    const company = await list(shared.tokens.corpAdmin);
    expect(find(company.list, 'domesticRegistration', 'CN', 'agency').map((p) => p.amount)).toEqual([810, 720]);
    expect(find(company.list, 'rejectRecheck', 'CN', 'agency')[0]!.note).toBe('框架协议价');
    const ids = new Set(agency.list.map((p) => p.id));
    expect(company.list.some((p) => ids.has(p.id))).toBe(false);
  });

  it('filters by case type, country (* for every country), currency and fee item', async () => {
    const renewals = await list(shared.tokens.admin, { caseType: 'renewal' });
    expect(renewals.list.map((p) => [p.feeItem, p.amount])).toEqual([
      ['agency', 1000],
      ['official', 450],
    ]);
    expect((await list(shared.tokens.admin, { countryCode: 'US' })).list.every((p) => p.countryCode === 'US')).toBe(true);
    const everyCountry = await list(shared.tokens.admin, { countryCode: '*' });
    expect(everyCountry.list.map((p) => p.countryCode)).toEqual([null]);
    const euros = await list(shared.tokens.admin, { currency: 'EUR' });
    expect(euros.list.map((p) => p.countryCode)).toEqual(['EM']);
    expect((await list(shared.tokens.admin, { feeItem: 'official', caseType: 'changeName' })).count).toBe(0);
    const paged = await shared.server.call('fee.list', { pageNo: 2, pageSize: 5 }, shared.tokens.admin);
    expect(paged.list).toHaveLength(5);
    expect(paged.list[0]!.id).toBe((await list(shared.tokens.admin)).list[5]!.id);
  });

  it('adds, modifies and deletes a price, and the log says so', async () => {
    const created = await shared.server.call(
      'fee.save',
      { caseType: 'licenseRecordStop', countryCode: '*', feeItem: 'agency', amount: 650.5, currency: 'CNY', effectiveFrom: '2026-03-01', note: '  含公告  ' },
      shared.tokens.admin,
    );
    expect(created).toMatchObject({
      caseTypeName: '许可提前终止备案',
      countryCode: null,
      countryName: '全部国家/地区',
      amount: 650.5,
      note: '含公告',
      createdByName: '王管理',
    });
    const changed = await shared.server.call('fee.save', { id: created.id, amount: 700, countryCode: 'CN', note: null }, shared.tokens.admin);
    expect(changed).toMatchObject({ id: created.id, amount: 700, countryCode: 'CN', countryName: '中国', note: null, effectiveFrom: '2026-03-01' });
    expect(find((await list(shared.tokens.admin, { caseType: 'licenseRecordStop' })).list, 'licenseRecordStop', 'CN', 'agency')).toHaveLength(1);

    await shared.server.call('fee.delete', { id: created.id }, shared.tokens.admin);
    expect((await list(shared.tokens.admin, { caseType: 'licenseRecordStop' })).count).toBe(0);
    expect(await shared.server.refused('/api/fee/delete', { id: created.id }, shared.tokens.admin, 404)).toBe('价格不存在');

    const log = (await shared.server.call('operationLog.query', { pageSize: 3 }, shared.tokens.admin)).list;
    expect(log.map((e) => e.operationName)).toEqual(['删除费用配置', '保存费用配置', '保存费用配置']);
    expect(log[2]!.detailText).toBe(
      `价格：${created.id}；案件类型：许可提前终止备案；国家/地区：全部国家/地区；费用项：代理费；金额：650.5；币种：CNY；生效日期：2026-03-01；备注：含公告；新增：是`,
    );
    expect(log[1]!.detailText).toBe(`价格：${created.id}；案件类型：许可提前终止备案；国家/地区：中国；费用项：代理费；金额：700；备注：空`);
    expect(log[0]!.userName).toBe('王管理');
  });

  it('refuses bad prices in Chinese, naming the field, and saves nothing', async () => {
    const good = { caseType: 'renewal', countryCode: 'JP', feeItem: 'agency', amount: 1200, currency: 'JPY', effectiveFrom: '2026-01-01' } as const;
    const before = (await list(shared.tokens.admin)).count;
    expect(await shared.server.refused('/api/fee/save', { ...good, caseType: 'noSuchCase' }, shared.tokens.admin)).toBe('案件类型“noSuchCase”不存在');
    expect(await shared.server.refused('/api/fee/save', { ...good, countryCode: 'ZZ' }, shared.tokens.admin)).toBe('国家/地区“ZZ”不存在');
    expect(await shared.server.refused('/api/fee/save', { ...good, countryCode: 'japan' }, shared.tokens.admin)).toBe(
      '请求参数有误：国家/地区格式不正确：应为二位代码；*、空文字或 null 为全部国家/地区',
    );
    expect(await shared.server.refused('/api/fee/save', { ...good, amount: 0 }, shared.tokens.admin)).toBe('请求参数有误：金额须大于 0');
    expect(await shared.server.refused('/api/fee/save', { ...good, amount: -5 }, shared.tokens.admin)).toBe('请求参数有误：金额须大于 0');
    expect(await shared.server.refused('/api/fee/save', { ...good, amount: 12.345 }, shared.tokens.admin)).toBe('金额最多两位小数');
    expect(await shared.server.refused('/api/fee/save', { ...good, amount: '1200' }, shared.tokens.admin)).toBe('请求参数有误：金额应为数字');
    expect(await shared.server.refused('/api/fee/save', { ...good, currency: 'RMB' }, shared.tokens.admin)).toMatch(
      /^请求参数有误：币种的取值只能是：CNY、USD、EUR、JPY/,
    );
    expect(await shared.server.refused('/api/fee/save', { ...good, feeItem: '代理费' }, shared.tokens.admin)).toMatch(/^请求参数有误：费用项的取值只能是/);
    expect(await shared.server.refused('/api/fee/save', { ...good, effectiveFrom: '2026-02-30' }, shared.tokens.admin)).toBe(
      '请求参数有误：生效日期格式不正确',
    );
    expect(await shared.server.refused('/api/fee/save', { ...good, note: '长'.repeat(201) }, shared.tokens.admin)).toBe(
      '请求参数有误：备注不能超过 200 个字符',
    );
    const { effectiveFrom: _date, ...noDate } = good;
    void _date;
    expect(await shared.server.refused('/api/fee/save', noDate, shared.tokens.admin)).toBe('请选择生效日期');
    expect(await shared.server.refused('/api/fee/save', { amount: 10 }, shared.tokens.admin)).toBe('请选择案件类型');
    // One price per case type, country, fee item and date.
    expect(
      await shared.server.refused('/api/fee/save', { ...good, countryCode: 'CN', currency: 'CNY', effectiveFrom: '2025-01-01' }, shared.tokens.admin),
    ).toBe('商标续展在中国的代理费已有自 2025-01-01 起生效的价格，请修改那一条或换一个生效日期');
    const renewal = find((await list(shared.tokens.admin, { caseType: 'renewal' })).list, 'renewal', 'CN', 'official')[0]!;
    expect(await shared.server.refused('/api/fee/save', { id: renewal.id, feeItem: 'agency' }, shared.tokens.admin)).toBe(
      '商标续展在中国的代理费已有自 2025-01-01 起生效的价格，请修改那一条或换一个生效日期',
    );
    expect(await shared.server.refused('/api/fee/save', { id: renewal.id }, shared.tokens.admin)).toBe('没有要修改的内容');
    expect((await list(shared.tokens.admin)).count).toBe(before);
  });

  it('keeps another organisation’s prices out of sight and out of reach', async () => {
    const agencyPrice = (await list(shared.tokens.admin)).list[0]!;
    expect(await shared.server.refused('/api/fee/save', { id: agencyPrice.id, amount: 1 }, shared.tokens.corpAdmin, 404)).toBe('价格不存在');
    expect(await shared.server.refused('/api/fee/delete', { id: agencyPrice.id }, shared.tokens.corpAdmin, 404)).toBe('价格不存在');
    expect((await list(shared.tokens.admin)).list[0]).toEqual(agencyPrice);
    const mine = await shared.server.call(
      'fee.save',
      // A cleared country field arrives empty: every country.
      { caseType: 'ipFirstInstance', countryCode: '', feeItem: 'agency', amount: 20000, currency: 'CNY', effectiveFrom: '2026-01-01' },
      shared.tokens.corpAdmin,
    );
    expect(mine).toMatchObject({ countryCode: null, countryName: '全部国家/地区' });
    expect((await list(shared.tokens.admin, { caseType: 'ipFirstInstance' })).count).toBe(0);
    expect((await list(shared.tokens.corpAdmin, { caseType: 'ipFirstInstance' })).list.map((p) => p.id)).toEqual([mine.id]);
  });

  it('refuses the price list to a role without user management', async () => {
    const staff = await shared.server.signIn('staff');
    expect(await shared.server.refused('/api/fee/list', {}, staff, 403)).toBe('没有“用户与配置”权限');
    expect(await shared.server.refused('/api/fee/save', { caseType: 'renewal' }, staff, 403)).toBe('没有“用户与配置”权限');
    expect(await shared.server.refused('/api/fee/delete', { id: 1 }, staff, 403)).toBe('没有“用户与配置”权限');
    // The choices are anyone's: a case form reads them.
    const options = await shared.server.call('fee.options', {}, staff);
    expect(options.caseTypes).toHaveLength(25);
    expect(options.caseTypes[0]).toEqual({ value: 'domesticRegistration', label: '国内商标注册' });
    expect(options.caseTypes.find((t) => t.value === 'removeApply')!.label).toBe('撤三申请');
    expect(options.feeItems.map((i) => i.label)).toEqual(['代理费', '官费', '杂费']);
    expect(options.currencies.slice(0, 3)).toEqual([
      { value: 'CNY', label: '人民币' },
      { value: 'USD', label: '美元' },
      { value: 'EUR', label: '欧元' },
    ]);
  });
});
