import JSZip from 'jszip';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { chinaToday, addDays, addMonths } from '../../src/shared/trademarkDates.js';
import { coveragePeriods } from '../../src/shared/evidenceCoverage.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { tableChecksums, changedTables } from './support/tableChecksums.js';
import { dataOf, dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';
import { readXlsx, uploadFile } from './support/xlsx.js';

/**
 * Evidence of use per mark: saving refuses future dates, goods the mark does not have and other
 * organisations' marks and files, writing nothing; the coverage of the three years before a
 * reference date; the bundle's zip with its index sheet; merging marks moves their evidence.
 */
describe.skipIf(skipThisDatabase)(`use evidence (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin', 'agent']);

  const orgOf = async (username: string) =>
    (await shared.server.database.db.selectFrom('users').select('org_id').where('username', '=', username).executeTakeFirstOrThrow()).org_id;

  /** A registered mark of the organisation with a few goods items and no evidence yet. */
  async function freshMark(orgId: number, name: string, goods: string[]): Promise<number> {
    const row = await shared.server.database.db
      .insertInto('brand_archives')
      .values({
        org_id: orgId,
        app_no: `EV${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`,
        int_cls: 3,
        tm_name: name,
        tm_status: '已注册',
        reg_date: '2018-03-14',
        goods: JSON.stringify([...goods.map((g, i) => ({ code: `030${i + 1}`, name: g })), { code: '0309', name: '已删减的商品', mark: 2 }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const upload = async (token: string, name: string, content: Buffer) =>
    dataOf('file.upload', await uploadFile(shared.server, token, name, content, 'general')).path;

  it('shows the demo evidence: one mark of each organisation fully covered, one with gaps', async () => {
    const { server, tokens } = shared;
    for (const token of [tokens.admin, tokens.corpAdmin]) {
      const complete = await server.call('evidence.markCoverage', { state: 'complete' }, token);
      const gaps = await server.call('evidence.markCoverage', { state: 'gaps' }, token);
      expect(complete.count).toBeGreaterThanOrEqual(1);
      expect(gaps.count).toBeGreaterThanOrEqual(1);
      const full = await server.call('evidence.coverage', { brandId: complete.list[0]!.brandId }, token);
      expect(full.gapCount).toBe(0);
      const items = await server.call('evidence.getLists', { brandId: complete.list[0]!.brandId }, token);
      expect(items.count).toBeGreaterThanOrEqual(3);
      expect(items.list.every((e) => e.files.length > 0)).toBe(true);
      // The demo files are really there.
      const file = await server.app.inject({
        method: 'GET',
        url: `/api/file/download?path=${encodeURIComponent(items.list[0]!.files[0]!.filePath)}`,
        headers: { token },
      });
      expect(file.statusCode, file.body).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(100);
    }
  });

  it('refuses future dates, goods the mark does not have and other organisations’ marks and files, saving nothing', async () => {
    const { server, tokens } = shared;
    const db = server.database.db;
    const agencyOrg = await orgOf('admin');
    const mark = await freshMark(agencyOrg, '证据校验', ['洗发水', '沐浴露']);
    const companyMark = await freshMark(await orgOf('corpadmin'), '别家商标', ['香皂']);
    const companyFile = await upload(tokens.corpAdmin, '别家发票.png', logoPng(41));
    const today = chinaToday();
    const good = {
      brandId: mark,
      title: '销售合同',
      evidenceType: 'contract' as const,
      dateFrom: addDays(today, -30),
      goods: ['洗发水'] as [string, ...string[]],
    };

    const before = await tableChecksums(db, []);
    const refusals: [object, string][] = [
      [{ ...good, dateFrom: addDays(today, 1) }, '证据日期'],
      [{ ...good, dateTo: addDays(today, 5) }, '截止日期'],
      [{ ...good, dateTo: addDays(today, -40) }, '截止日期'],
      [{ ...good, goods: ['洗发水', '牙膏'] }, '证明的商品“牙膏”不是该商标核定使用的商品'],
      [{ ...good, goods: ['已删减的商品'] }, '证明的商品'],
      [{ ...good, brandId: companyMark }, '商标'],
      [{ ...good, files: [{ fileName: '别家发票.png', filePath: companyFile }] }, '附件'],
    ];
    for (const [body, named] of refusals) {
      const reply = await server.send('evidence.save', body as typeof good, tokens.admin);
      expect(reply.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(reply.statusCode).toBeLessThan(500);
      expect(reply.json().subMessage).toContain(named);
    }
    const future = await server.send('evidence.save', { ...good, dateFrom: addDays(today, 1) }, tokens.admin);
    expect(future.json().subMessage).toMatch(/晚于今天.*不能录入未来日期的证据/);
    expect(changedTables(before, await tableChecksums(db, []))).toEqual([]);

    // Another organisation cannot read, change or delete the organisation's evidence.
    const saved = await server.call('evidence.save', good, tokens.admin);
    expect((await server.send('evidence.detail', { id: saved.id }, tokens.corpAdmin)).statusCode).toBe(404);
    expect((await server.send('evidence.delete', { id: saved.id }, tokens.corpAdmin)).statusCode).toBe(404);
    expect((await server.send('evidence.coverage', { brandId: mark }, tokens.corpAdmin)).statusCode).toBe(404);
    expect((await server.call('evidence.getLists', { brandId: mark }, tokens.corpAdmin)).count).toBe(0);
    // An agent sees only the marks they are responsible for: not this one.
    expect((await server.send('evidence.detail', { id: saved.id }, tokens.agent)).statusCode).toBe(404);
    const row = await sql<{ org_id: number }>`select org_id from evidence_items where id = ${saved.id}`.execute(db);
    expect(row.rows[0]!.org_id).toBe(agencyOrg);
  });

  it('answers the coverage of the three years before a reference date, gaps until every goods item is shown in every half-year', async () => {
    const { server, tokens } = shared;
    const mark = await freshMark(await orgOf('admin'), '覆盖核对', ['洗发水', '沐浴露']);
    const reference = chinaToday();
    const empty = await server.call('evidence.coverage', { brandId: mark }, tokens.admin);
    expect(empty).toMatchObject({ referenceDate: reference, gapCount: 12, state: 'none' });
    expect(empty.goods.map((g) => g.name)).toEqual(['洗发水', '沐浴露']);
    expect(empty.periods).toEqual(coveragePeriods(reference));

    const invoice = await server.call(
      'evidence.save',
      { brandId: mark, title: '增值税发票', evidenceType: 'invoice', dateFrom: addMonths(reference, -2), goods: ['洗发水', '沐浴露'] },
      tokens.admin,
    );
    const partly = await server.call('evidence.coverage', { brandId: mark }, tokens.admin);
    expect(partly).toMatchObject({ gapCount: 10, state: 'gaps' });
    expect(partly.goods[0]!.cells[5]).toEqual({ covered: true, evidenceIds: [invoice.id] });
    const row = (await server.call('evidence.markCoverage', { tmName: '覆盖核对' }, tokens.admin)).list[0];
    expect(row).toMatchObject({ brandId: mark, goodsCount: 2, evidenceCount: 1, gapCount: 10, state: 'gaps' });

    // A contract over the whole three years closes every gap; as of a reference date a year back, the invoice is after it and counts for nothing.
    await server.call(
      'evidence.save',
      {
        brandId: mark,
        title: '三年经销合同',
        evidenceType: 'contract',
        dateFrom: addMonths(reference, -36),
        dateTo: addDays(reference, -1),
        goods: ['洗发水', '沐浴露'],
      },
      tokens.admin,
    );
    expect(await server.call('evidence.coverage', { brandId: mark }, tokens.admin)).toMatchObject({ gapCount: 0, state: 'complete' });
    const yearBack = await server.call('evidence.coverage', { brandId: mark, referenceDate: addMonths(reference, -12) }, tokens.admin);
    expect(yearBack.goods[0]!.cells.map((c) => c.covered)).toEqual([false, false, true, true, true, true]);
    expect(yearBack.goods.flatMap((g) => g.cells.flatMap((c) => c.evidenceIds))).not.toContain(invoice.id);
    expect((await server.call('evidence.markCoverage', { tmName: '覆盖核对', state: 'complete' }, tokens.admin)).list.map((r) => r.brandId)).toEqual([mark]);
  });

  it('bundles a mark’s evidence files into a zip with an index sheet, optionally for some goods only', async () => {
    const { server, tokens } = shared;
    const mark = await freshMark(await orgOf('admin'), '证据包', ['洗发水', '沐浴露']);
    const contract = await upload(tokens.admin, '经销合同.png', logoPng(51));
    const photo = await upload(tokens.admin, '门店照片.png', logoPng(52));
    const today = chinaToday();
    await server.call(
      'evidence.save',
      {
        brandId: mark,
        title: '经销合同',
        evidenceType: 'contract',
        dateFrom: addMonths(today, -20),
        dateTo: addMonths(today, -8),
        goods: ['洗发水', '沐浴露'],
        files: [{ fileName: '经销合同.png', filePath: contract }],
      },
      tokens.admin,
    );
    await server.call(
      'evidence.save',
      {
        brandId: mark,
        title: '门店照片',
        evidenceType: 'shop',
        dateFrom: addMonths(today, -3),
        goods: ['沐浴露'],
        files: [{ fileName: '门店照片.png', filePath: photo }],
      },
      tokens.admin,
    );
    const reply = await server.send('evidence.bundle', { brandId: mark }, tokens.admin);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('application/zip');
    const zip = await JSZip.loadAsync(reply.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['01-经销合同.png', '02-门店照片.png', '证据目录.xlsx']);
    expect(Buffer.compare(await zip.file('02-门店照片.png')!.async('nodebuffer'), logoPng(52))).toBe(0);
    const index = await readXlsx(await zip.file('证据目录.xlsx')!.async('nodebuffer'));
    expect(index).toEqual([
      ['序号', '证据名称', '类型', '日期', '证明的商品', '文件名'],
      ['1', '经销合同', '销售合同', `${addMonths(today, -20)} 至 ${addMonths(today, -8)}`, '洗发水、沐浴露', '01-经销合同.png'],
      ['2', '门店照片', '店铺照片', addMonths(today, -3), '沐浴露', '02-门店照片.png'],
    ]);

    const onlyShampoo = await JSZip.loadAsync((await server.send('evidence.bundle', { brandId: mark, goods: ['洗发水'] }, tokens.admin)).rawPayload);
    expect(Object.keys(onlyShampoo.files).sort()).toEqual(['01-经销合同.png', '证据目录.xlsx']);
    const none = await server.send('evidence.bundle', { brandId: mark, dateEnd: addMonths(today, -30) }, tokens.admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().subMessage).toContain('没有符合条件的使用证据');
    expect((await server.send('evidence.bundle', { brandId: mark }, tokens.corpAdmin)).statusCode).toBe(404);
  });

  it('moves the evidence of merged duplicates to the kept mark', async () => {
    const { server, tokens } = shared;
    const org = await orgOf('admin');
    const kept = await freshMark(org, '合并证据', ['洗发水']);
    const duplicate = await freshMark(org, '合并证据', ['洗发水']);
    const moved = await server.call(
      'evidence.save',
      { brandId: duplicate, title: '重复商标上的发票', evidenceType: 'invoice', dateFrom: addMonths(chinaToday(), -6), goods: ['洗发水'] },
      tokens.admin,
    );
    await server.call('brandMerge.mergeBrand', { mergeList: [{ targetBrandId: kept, mergedBrandIds: [duplicate] }] }, tokens.admin);
    expect((await server.call('evidence.detail', { id: moved.id }, tokens.admin)).brandId).toBe(kept);
    expect((await server.call('evidence.getLists', { brandId: kept }, tokens.admin)).list.map((e) => e.id)).toEqual([moved.id]);
  });
});
