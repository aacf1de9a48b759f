import { describe, expect, it } from 'vitest';
import type { OfficialFee } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/**
 * The official fee table an admin edits (issue 35 §6): a price added for an item from a date prices
 * the cases of that date on, earlier cases keep the price they had, the built-in entries stay, and
 * another organisation is not touched.
 */
describe.skipIf(skipThisDatabase)(`the official fee table (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin', 'staff']);
  const db = () => shared.server.database.db;

  const list = async (token: string, item?: string) => (await shared.server.call('fee.officialList', item ? { item } : {}, token)).list;
  const inForce = (entries: OfficialFee[], item: string) => entries.filter((e) => e.item === item && e.inForce);

  /** A draft registration in two classes, three goods in class 9 (none over ten). */
  const registration = (token: string) =>
    shared.server.call(
      'caseManage.saveCase',
      {
        caseType: 'domesticRegistration',
        bizParam: {
          tmName: '官费测试',
          tmItems: [
            {
              appCountry: 'CN',
              tmCl: [9, 25],
              goodsItem: Array.from({ length: 12 }, (_, i) => ({ tmCl: 9, name: `测试商品${i + 1}` })).concat([{ tmCl: 25, name: '服装' }]),
            },
          ],
        },
      },
      token,
    );

  it('lists the built-in entries, each item’s newest first, the one in force marked, none removable', async () => {
    const entries = await list(shared.tokens.admin);
    const registrations = entries.filter((e) => e.item === 'registration');
    expect(registrations.map((e) => [e.effectiveFrom, e.paper, e.online, e.extraPaper, e.extraOnline, e.builtIn])).toEqual([
      ['2019-07-01', 300, 270, 30, 27, true],
      ['2017-04-01', 300, 300, 30, 30, true],
    ]);
    expect(registrations[0]).toMatchObject({ itemName: '受理商标注册费', unit: 'class', goodsIncluded: 10, inForce: true, createdByName: null });
    expect(registrations[0]!.source).toContain('发改价格〔2019〕914号');
    expect(entries.every((e) => e.id < 0)).toBe(true);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    expect(entries[0]!.item).toBe('registration');
    const items = (await shared.server.call('fee.options', {}, shared.tokens.admin)).officialItems;
    expect(items.slice(0, 2)).toEqual([
      { value: 'registration', label: '受理商标注册费' },
      { value: 'collectiveRegistration', label: '受理集体商标注册费' },
    ]);
    // A built-in entry is not the organisation's to delete.
    expect(await shared.server.refused('/api/fee/officialDelete', { id: registrations[0]!.id }, shared.tokens.admin)).toContain('官费价格');
    // Staff without 用户与配置 cannot read or change it.
    expect(await shared.server.refused('/api/fee/officialList', {}, shared.tokens.staff, 403)).toBeTruthy();
  });

  it('prices cases of the effective date on by the added price, earlier ones by the old; another organisation keeps the built-in table', async () => {
    const before = await registration(shared.tokens.admin);
    // Online 2019: 270 a class, 27 for each of the two goods over ten in class 9.
    expect(before.bizParam.tmItems[0]!.officialFees).toBe(270 * 2 + 27 * 2);
    await db()
      .updateTable('cases')
      .set({ status: 'filed', stage: 'filed', submitted_at: new Date('2024-05-20T02:00:00Z'), filed_at: new Date('2024-06-03T02:00:00Z') })
      .where('case_no', '=', before.caseNo)
      .execute();

    const added = await shared.server.call(
      'fee.officialSave',
      {
        item: 'registration',
        effectiveFrom: '2025-01-01',
        paper: 320,
        online: 288,
        extraPaper: 32,
        extraOnline: 28.8,
        source: '  国家知识产权局《关于调整商标业务收费的公告》（测试）  ',
      },
      shared.tokens.admin,
    );
    expect(added).toMatchObject({
      builtIn: false,
      item: 'registration',
      itemName: '受理商标注册费',
      unit: 'class',
      effectiveFrom: '2025-01-01',
      paper: 320,
      online: 288,
      goodsIncluded: 10,
      extraPaper: 32,
      extraOnline: 28.8,
      source: '国家知识产权局《关于调整商标业务收费的公告》（测试）',
      inForce: true,
      createdByName: '王管理',
    });
    expect(added.id).toBeGreaterThan(0);
    const entries = await list(shared.tokens.admin, 'registration');
    expect(entries.map((e) => [e.effectiveFrom, e.builtIn])).toEqual([
      ['2025-01-01', false],
      ['2019-07-01', true],
      ['2017-04-01', true],
    ]);
    expect(inForce(entries, 'registration').map((e) => e.id)).toEqual([added.id]);

    const after = await registration(shared.tokens.admin);
    expect(after.bizParam.tmItems[0]!.officialFees).toBe(288 * 2 + 28.8 * 2);
    expect(after.fees.find((f) => f.kind === 'official')).toMatchObject({ quantity: 2, amount: 633.6 });
    // Filed in 2024: priced by the 2019 entry still.
    expect((await shared.server.call('caseManage.queryCase', { caseNo: before.caseNo }, shared.tokens.admin)).bizParam.tmItems[0]!.officialFees).toBe(594);

    const company = await list(shared.tokens.corpAdmin, 'registration');
    expect(company.every((e) => e.builtIn)).toBe(true);
    expect(inForce(company, 'registration')[0]).toMatchObject({ effectiveFrom: '2019-07-01', online: 270 });
    expect((await registration(shared.tokens.corpAdmin)).bizParam.tmItems[0]!.officialFees).toBe(594);
    expect(await shared.server.refused('/api/fee/officialDelete', { id: added.id }, shared.tokens.corpAdmin, 404)).toBe('官费价格不存在（内置条目不能删除）');

    const log = (await shared.server.call('operationLog.query', { operation: 'fee.officialSave', pageSize: 1 }, shared.tokens.admin)).list[0];
    expect(log).toMatchObject({ operation: 'fee.officialSave', userName: '王管理' });
    expect(JSON.stringify(log)).toContain('2025-01-01');

    await shared.server.call('fee.officialDelete', { id: added.id }, shared.tokens.admin);
    expect((await list(shared.tokens.admin, 'registration')).map((e) => e.effectiveFrom)).toEqual(['2019-07-01', '2017-04-01']);
    expect((await shared.server.call('caseManage.queryCase', { caseNo: after.caseNo }, shared.tokens.admin)).bizParam.tmItems[0]!.officialFees).toBe(594);
    expect(await shared.server.refused('/api/fee/officialDelete', { id: added.id }, shared.tokens.admin, 404)).toContain('官费价格不存在');
  });

  it('on the day of a built-in entry the organisation’s price wins; an item charged per request is priced without goods', async () => {
    const added = await shared.server.call(
      'fee.officialSave',
      { item: 'renewal', effectiveFrom: '2019-07-01', paper: 480, source: '本组织核对的金额' },
      shared.tokens.admin,
    );
    expect(added).toMatchObject({ paper: 480, online: 480, extraPaper: null, goodsIncluded: null, inForce: true });
    const renewals = await list(shared.tokens.admin, 'renewal');
    expect(renewals.filter((e) => e.inForce).map((e) => e.id)).toEqual([added.id]);
    await shared.server.call('fee.officialDelete', { id: added.id }, shared.tokens.admin);
  });

  it('refuses bad input in Chinese, naming what is wrong, and saves nothing', async () => {
    const good = { item: 'renewal', effectiveFrom: '2026-01-01', paper: 500, source: '测试依据' };
    const count = async () => Number((await db().selectFrom('official_fee_prices').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const start = await count();
    const refused = (body: object) => shared.server.refused('/api/fee/officialSave', body, shared.tokens.admin);
    expect(await refused({ ...good, item: 'noSuchItem' })).toBe('收费项目“noSuchItem”不在官费表中');
    expect(await refused({ ...good, source: '   ' })).toContain('依据');
    expect(await refused({ ...good, paper: 500.123 })).toBe('纸质申请金额最多两位小数');
    expect(await refused({ ...good, paper: -1 })).toContain('纸质申请金额');
    expect(await refused({ ...good, effectiveFrom: '2026-13-01' })).toContain('生效日期');
    expect(await refused({ ...good, extraPaper: 50 })).toBe('“受理商标续展注册费”不按商品项数加收，不要填写超出每项的金额');
    expect(await refused({ ...good, item: 'registration' })).toBe('“受理商标注册费”每类含 10 项商品，请填写超出每项的纸质金额');
    const first = await shared.server.call('fee.officialSave', good, shared.tokens.admin);
    expect(await refused({ ...good, paper: 450 })).toBe('“受理商标续展注册费”已有本组织自 2026-01-01 起生效的价格，请先删除那一条或换一个生效日期');
    expect(await count()).toBe(start + 1);
    await shared.server.call('fee.officialDelete', { id: first.id }, shared.tokens.admin);
    expect(await count()).toBe(start);
  });
});
