import { describe, expect, it } from 'vitest';
import type { OfficialTypeItem, OfficialTypesSaveRequest } from '../../src/generated/types.js';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/** The letter-type catalogue per organisation: edited on a copy of the built-in list, restored at will, rules checked. */
describe.skipIf(skipThisDatabase)(`letter-type catalogue (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin', 'staff']);

  const list = async (token: string) => shared.server.call('officialTypes.list', { pageSize: 100 }, token);
  const byLabel = (items: OfficialTypeItem[], label: string) => items.find((i) => i.label === label);
  const toSave = (item: OfficialTypeItem): OfficialTypesSaveRequest => ({
    value: item.value,
    label: item.label,
    documentClass: item.documentClass,
    business: item.business,
    electronicDelivery: item.electronicDelivery,
    paperDelivery: item.paperDelivery,
    article: item.article,
    action: item.action,
    keywords: item.keywords,
    markStatus: item.markStatus,
  });

  it('lists the built-in catalogue with each rule in words and its article', async () => {
    const catalogue = await list(shared.tokens.corpAdmin);
    expect(catalogue.builtIn).toBe(true);
    expect(catalogue.sourceText).toContain('内置目录');
    expect(catalogue.count).toBeGreaterThan(25);
    expect(byLabel(catalogue.list, '补正通知书')).toMatchObject({
      electronicDelivery: '15d,30d',
      electronicText: '发文日起满 15 日推定送达，送达后 30 日',
      paperDelivery: '30d',
      paperText: '送达后 30 日',
      article: expect.stringContaining('商标法实施条例第十八条'),
      keywordsText: expect.stringContaining('补正通知书'),
    });
    expect(byLabel(catalogue.list, '商标注册证')).toMatchObject({ documentClass: 1, electronicText: '无答复期限' });
    const copyright = await shared.server.call('officialTypes.list', { business: 'copyright' }, shared.tokens.corpAdmin);
    expect(copyright.list.length).toBeGreaterThan(0);
    expect(copyright.list.every((i) => i.business === 'copyright')).toBe(true);
    const found = await shared.server.call('officialTypes.list', { keyword: '驳回' }, shared.tokens.corpAdmin);
    expect(found.list.map((i) => i.label)).toContain('部分驳回通知书');
  });

  it('edits a copy of the built-in list, adds and deletes an own type, another organisation is unaffected, and restores', async () => {
    const before = await list(shared.tokens.admin);
    const correction = byLabel(before.list, '补正通知书')!;
    const changed = await shared.server.call(
      'officialTypes.save',
      { ...toSave(correction), electronicDelivery: '15d, 20d', article: '本所约定：补正 20 日' },
      shared.tokens.admin,
    );
    expect(changed).toMatchObject({ value: correction.value, electronicDelivery: '15d,20d', electronicText: '发文日起满 15 日推定送达，送达后 20 日' });

    const edited = await list(shared.tokens.admin);
    expect(edited.builtIn).toBe(false);
    expect(edited.sourceText).toContain('本组织编辑过的目录');
    expect(edited.count).toBe(before.count);
    expect(byLabel(edited.list, '补正通知书')).toMatchObject({ electronicDelivery: '15d,20d', article: '本所约定：补正 20 日' });
    // Another organisation still reads the built-in rule.
    const other = await list(shared.tokens.corpAdmin);
    expect(other.builtIn).toBe(true);
    expect(byLabel(other.list, '补正通知书')).toMatchObject({ electronicDelivery: '15d,30d' });

    const own = await shared.server.call(
      'officialTypes.save',
      {
        label: '商标代理委托确认函',
        documentClass: 0,
        business: 'trademark',
        electronicDelivery: '',
        paperDelivery: '1m',
        article: '委托合同',
        keywords: [' 委托确认函 ', '委托确认函'],
      },
      shared.tokens.admin,
    );
    expect(own).toMatchObject({ value: 'own1', keywords: ['委托确认函'], paperText: '送达后 1 个月', letterCount: 0 });
    expect((await list(shared.tokens.admin)).count).toBe(before.count + 1);
    const renamed = await shared.server.call('officialTypes.save', { ...toSave(own), label: '委托确认函' }, shared.tokens.admin);
    expect(renamed).toMatchObject({ value: 'own1', label: '委托确认函' });
    await shared.server.call('officialTypes.delete', { value: 'own1' }, shared.tokens.admin);
    expect(byLabel((await list(shared.tokens.admin)).list, '委托确认函')).toBeUndefined();
    expect(await shared.server.refused('/api/officialType/delete', { value: 'own1' }, shared.tokens.admin, 404)).toBe('官文类型不存在');

    const log = (await shared.server.call('operationLog.query', { pageSize: 5 }, shared.tokens.admin)).list;
    expect(log.map((e) => e.operation)).toContain('officialTypes.delete');

    await shared.server.call('officialTypes.restore', {}, shared.tokens.admin);
    const restored = await list(shared.tokens.admin);
    expect(restored.builtIn).toBe(true);
    expect(restored.list).toEqual(before.list);
  });

  it('refuses bad rules, repeated names and keywords with a Chinese message, and saves nothing', async () => {
    const catalogue = await list(shared.tokens.corpAdmin);
    const refusal = byLabel(catalogue.list, '驳回通知书')!;
    const refused = (body: object) => shared.server.refused('/api/officialType/save', { ...toSave(refusal), ...body }, shared.tokens.corpAdmin);
    expect(await refused({ electronicDelivery: '15x' })).toBe('电子送达规则：期限规则“15x”中的“15x”不是“数字+单位”（d 日、m 月、y 年），例如 15d 或 3m');
    expect(await refused({ paperDelivery: '15d,30d,3m' })).toBe('纸质送达规则：期限规则“15d,30d,3m”最多两段（推定送达天数,期间），用逗号分隔');
    expect(await refused({ electronicDelivery: '1m,30d' })).toContain('第一段是推定送达的天数');
    expect(await refused({ label: '补正通知书' })).toBe('官文类型“补正通知书”已在目录中');
    expect(await refused({ label: '   ' })).toBe('请输入官文类型');
    expect(await refused({ keywords: ['补正通知书'] })).toBe('识别词“补正通知书”已用于官文类型“补正通知书”，同一业务的一份官文只能识别为一种类型');
    expect(await refused({ documentClass: 9 })).toMatch(/^请求参数有误：文书类别/);
    expect(await shared.server.refused('/api/officialType/save', { ...toSave(refusal), value: 'noSuchType' }, shared.tokens.corpAdmin, 404)).toBe(
      '官文类型不存在',
    );
    // Nothing half-saved: the organisation still works with the built-in list.
    expect((await list(shared.tokens.corpAdmin)).builtIn).toBe(true);
  });

  it('keeps a type that letters or case stages use: no deleting, no renaming', async () => {
    const catalogue = await list(shared.tokens.corpAdmin);
    const certificate = byLabel(catalogue.list, '商标注册证')!;
    expect(certificate.letterCount).toBeGreaterThan(0);
    expect(await shared.server.refused('/api/officialType/delete', { value: certificate.value }, shared.tokens.corpAdmin)).toBe(
      `本组织已有 ${certificate.letterCount} 份“商标注册证”官文，不能删除`,
    );
    expect(await shared.server.refused('/api/officialType/save', { ...toSave(certificate), label: '注册证' }, shared.tokens.corpAdmin)).toBe(
      `本组织已有 ${certificate.letterCount} 份“商标注册证”官文，不能改名`,
    );
    const review = byLabel(catalogue.list, '驳回复审决定书')!;
    expect(review.letterCount).toBe(0);
    expect(await shared.server.refused('/api/officialType/delete', { value: review.value }, shared.tokens.corpAdmin)).toMatch(
      /驳回复审.*的阶段“.+”按“驳回复审决定书”推进，不能删除$/,
    );
    expect((await list(shared.tokens.corpAdmin)).builtIn).toBe(true);
  });

  it('does not restore the built-in list while letters of the organisation’s own types exist', async () => {
    const own = await shared.server.call(
      'officialTypes.save',
      { label: '海关备案通知书', documentClass: 0, business: 'trademark', paperDelivery: '30d', article: '知识产权海关保护条例' },
      shared.tokens.admin,
    );
    await shared.server.call(
      'brandOfficials.addOfficialDocument',
      { documentType: '海关备案通知书', appNo: '79004321', receiveDate: '2026-02-02' },
      shared.tokens.admin,
    );
    expect(await shared.server.refused('/api/officialType/restore', {}, shared.tokens.admin)).toBe(
      '本组织已有内置目录中没有的类型的官文（“海关备案通知书” 1 份），不能恢复内置目录',
    );
    expect(await shared.server.refused('/api/officialType/delete', { value: own.value }, shared.tokens.admin)).toBe(
      '本组织已有 1 份“海关备案通知书”官文，不能删除',
    );
    const catalogue = await list(shared.tokens.admin);
    expect(catalogue.builtIn).toBe(false);
    expect(byLabel(catalogue.list, '海关备案通知书')).toMatchObject({ letterCount: 1, paperText: '送达后 30 日' });
  });

  it('is for user administrators only', async () => {
    expect((await shared.server.send('officialTypes.list', {}, shared.tokens.staff)).statusCode).toBe(403);
    expect((await shared.server.send('officialTypes.restore', {}, shared.tokens.staff)).statusCode).toBe(403);
  });
});
