import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { BrandImportJob } from '../../src/generated/types.js';
import { IMPORT_COLUMNS } from '../../src/server/trademarks/importColumns.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { download, readXlsx, uploadFile, waitFor, xlsxOf } from './support/xlsx.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

const HEADERS = IMPORT_COLUMNS.map((c) => c.header);
type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number]['header'], string | number>>;
const line = (row: Row) => HEADERS.map((h) => row[h as keyof Row] ?? null);

describe.skipIf(skipThisDatabase)(`batch import of an existing portfolio (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  let agent: string;
  let adminId: number;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-import-'));
    server = await startTestServer({ filesDir });
    [admin, agent] = [await server.signIn('admin'), await server.signIn('agent')];
    adminId = (await server.database.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    // A small part of the classification, so goods can be checked against it.
    const db = server.database.db;
    await db.deleteFrom('classification_classes').where('class_no', '=', 9).execute();
    await sql`insert into classification_classes (class_no, name) values (9, '科学仪器')`.execute(db);
    await sql`insert into classification_groups (group_no, class_no, name, position) values ('0901', 9, '电子计算机及其外部设备', 1)`.execute(db);
    await sql`insert into classification_items (code, group_no, class_no, name, position) values ('090001', '0901', 9, '计算机', 1), ('090002', '0901', 9, '智能手机', 2)`.execute(
      db,
    );
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const call = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.call(id, body, token);
  const archive = (query: OperationRequest<'brandArchives.queryBrandPage'>, token = admin) =>
    call('brandArchives.queryBrandPage', { pageSize: 200, ...query }, token);
  const job = (id: number, token = admin) => call('brandImport.job', { id }, token);

  async function check(content: Buffer, token = admin, name = '商标清单.xlsx'): Promise<BrandImportJob> {
    const uploaded = await uploadFile(server, token, name, content);
    const started = await call('brandImport.check', { path: dataOf('file.upload', uploaded).path }, token);
    expect(started.status).toBe('checking');
    return waitFor(() => job(started.id, token), ['checking']);
  }
  const issues = async (jobId: number, token = admin) => (await call('brandImport.issues', { jobId, pageSize: 100 }, token)).list;

  it('hands out a template with the Chinese headers', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/brandImport/template', headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [header] = await readXlsx(res.rawPayload);
    expect(header).toEqual(HEADERS);
    expect(header).toEqual(expect.arrayContaining(['商标名称', '申请号', '类别', '国家/地区', '申请日期', '商品/服务', '申请方式', '代理机构', '备注']));
  });

  it('refuses a file that is not really an xlsx workbook before any check', async () => {
    const res = await uploadFile(server, admin, '商标清单.xlsx', Buffer.from('商标名称,申请号\n星辰,1\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().subMessage).toContain('不符');
    const csv = await uploadFile(server, admin, '商标清单.csv', Buffer.from('a,b\n'));
    expect(csv.statusCode).toBe(422);
    expect(csv.json().subMessage).toBe('请上传xlsx格式的文件');
  });

  it('reports every bad row by row and column, writes nothing until confirmed, then writes exactly the valid rows', async () => {
    const existing = (await archive({})).list.find((m) => m.tmCl !== null && m.countryCode === 'CN')!;
    const register = await server.database.db
      .selectFrom('tm_register')
      .select(['id', 'app_no', 'int_cls', 'tm_name'])
      .where('country_code', '=', 'CN')
      .where('app_no', 'not in', server.database.db.selectFrom('brand_archives').select('app_no'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const content = await xlsxOf(HEADERS, [
      line({
        商标名称: '星辰新品',
        申请号: 'IMP0001',
        类别: 9,
        申请人: '华信测试',
        申请日期: '2021-03-05',
        '商品/服务': '0901 计算机；智能手机；量子烤面包机',
      }),
      line({ 商标名称: '错类', 申请号: 'IMP0002', 类别: '46' }),
      line({ 商标名称: '错日', 申请号: 'IMP0003', 类别: 9, 申请日期: '2021年3月5日' }),
      line({ 商标名称: '无号', 类别: 9 }),
      line({ 商标名称: '星辰新品', 申请号: 'IMP0001', 类别: '第9类' }),
      line({ 商标名称: existing.tmName || '已有', 申请号: existing.appNo, 类别: existing.tmCl!, 备注: '导入更新' }),
      line({ 商标名称: register.tm_name || '公告', 申请号: register.app_no, 类别: register.int_cls, '国家/地区': '中国', 注册日期: '2022-01-01' }),
      line({ 商标名称: 'Lumora', 申请号: 'IMP0004', 类别: 25, '国家/地区': '美国', 申请方式: '马德里国际注册' }),
    ]);
    const before = (await archive({})).count;
    const checked = await check(content);
    expect(checked).toMatchObject({ status: 'checked', totalRows: 8, validRows: 4, errorRows: 4, existingRows: 1, progress: 100 });
    expect(checked.warningRows).toBe(2);

    const found = await issues(checked.id);
    const at = (rowNo: number) => found.filter((i) => i.rowNo === rowNo);
    expect(at(3)).toEqual([expect.objectContaining({ column: '类别', level: 'error', message: expect.stringContaining('类别应为 1–45 的整数') })]);
    expect(at(4)).toEqual([expect.objectContaining({ column: '申请日期', level: 'error', message: expect.stringContaining('申请日期格式应为 YYYY-MM-DD') })]);
    expect(at(5)).toEqual([expect.objectContaining({ column: '申请号', level: 'error', message: '申请号不能为空' })]);
    expect(at(6)).toEqual([expect.objectContaining({ column: '整行', level: 'error', message: expect.stringContaining('与第 2 行重复') })]);
    expect(at(7)).toEqual([expect.objectContaining({ column: '申请号', level: 'warning', message: expect.stringContaining('档案中已有该商标') })]);
    expect(at(2)).toEqual([expect.objectContaining({ column: '商品/服务', level: 'warning', message: expect.stringContaining('量子烤面包机') })]);
    expect(at(8)).toEqual([]);

    // The report repeats the file with a verdict column.
    const report = await readXlsx(await download(server, admin, checked.reportUrl!));
    expect(report[0]).toEqual(['行号', ...HEADERS, '校验结果']);
    expect(report).toHaveLength(9);
    expect(report[2]![0]).toBe('3');
    expect(report[2]!.at(-1)).toContain('【错误】类别');
    expect(report[7]!.at(-1)).toBe('通过');

    // Checking wrote nothing into the archive.
    expect((await archive({})).count).toBe(before);

    const confirmed = await call('brandImport.confirm', { id: checked.id, existingMode: 'update' });
    expect(confirmed.status).toBe('importing');
    const done = await waitFor(() => job(checked.id), ['importing']);
    expect(done).toMatchObject({ status: 'done', insertedRows: 3, updatedRows: 1, skippedRows: 0 });
    expect((await archive({})).count).toBe(before + 3);

    const imported = (await archive({ source: [2] })).list;
    expect(imported.map((m) => m.appNo).sort()).toEqual(['IMP0001', 'IMP0004', register.app_no].sort());
    const first = imported.find((m) => m.appNo === 'IMP0001')!;
    expect(first).toMatchObject({
      tmName: '星辰新品',
      tmCl: 9,
      countryCode: 'CN',
      applicant: '华信测试',
      appDate: '2021-03-05',
      submitWay: '单一申请',
      ownerUserId: adminId,
    });
    expect(first.goodsItems).toEqual([
      { code: '0901', name: '计算机' },
      { code: '0901', name: '智能手机' },
      { code: '', name: '量子烤面包机' },
    ]);
    const stored = await server.database.db
      .selectFrom('brand_archives')
      .select(['tm_name_pinyin', 'created_by'])
      .where('app_no', '=', 'IMP0001')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ tm_name_pinyin: 'xingchenxinpin', created_by: adminId });
    expect(imported.find((m) => m.appNo === 'IMP0004')).toMatchObject({ countryCode: 'US', tmCl: 25, submitWay: '马德里国际注册', registerId: null });
    expect(imported.find((m) => m.appNo === register.app_no)).toMatchObject({ registerId: register.id, regDate: '2022-01-01' });
    const updated = (await archive({ ids: [existing.id] })).list[0]!;
    expect(updated).toMatchObject({ remark: '导入更新', source: existing.source, applicant: existing.applicant });

    // A confirmed import cannot be confirmed twice.
    const again = await server.post('/api/brandImport/confirm', { id: checked.id, existingMode: 'skip' }, admin);
    expect(again.statusCode).toBe(422);
  });

  it('skips marks already in the archive when asked to', async () => {
    const existing = (await archive({})).list.find((m) => m.tmCl !== null)!;
    const checked = await check(
      await xlsxOf(HEADERS, [line({ 商标名称: '改名', 申请号: existing.appNo, 类别: existing.tmCl!, '国家/地区': existing.countryCode, 备注: '不应写入' })]),
    );
    expect(checked).toMatchObject({ validRows: 1, existingRows: 1 });
    await call('brandImport.confirm', { id: checked.id, existingMode: 'skip' });
    const done = await waitFor(() => job(checked.id), ['importing']);
    expect(done).toMatchObject({ status: 'done', insertedRows: 0, updatedRows: 0, skippedRows: 1 });
    expect((await archive({ ids: [existing.id] })).list[0]!.remark).not.toBe('不应写入');
  });

  it('writes nothing when the import is cancelled, and refuses a file with no valid row', async () => {
    const before = (await archive({})).count;
    const checked = await check(await xlsxOf(HEADERS, [line({ 商标名称: '取消', 申请号: 'IMP0100', 类别: 3 })]));
    const cancelled = await call('brandImport.cancel', { id: checked.id });
    expect(cancelled.status).toBe('cancelled');
    const refused = await server.post('/api/brandImport/confirm', { id: checked.id, existingMode: 'skip' }, admin);
    expect(refused.statusCode).toBe(422);
    expect((await archive({})).count).toBe(before);

    const allBad = await check(await xlsxOf(HEADERS, [line({ 商标名称: '坏', 申请号: 'IMP0101', 类别: 0 })]));
    expect(allBad).toMatchObject({ validRows: 0, errorRows: 1 });
    const none = await server.post('/api/brandImport/confirm', { id: allBad.id, existingMode: 'skip' }, admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().subMessage).toBe('没有可导入的行：请修改表格后重新上传');
  });

  it('rolls back every row when one fails to write', async () => {
    const before = (await archive({})).count;
    const checked = await check(
      await xlsxOf(HEADERS, [line({ 商标名称: '甲', 申请号: 'IMP0200', 类别: 5 }), line({ 商标名称: '乙', 申请号: 'IMP0201', 类别: 6 })]),
    );
    expect(checked.validRows).toBe(2);
    // Make the second row's write fail inside the transaction.
    await sql`alter table brand_archives add constraint import_test_refuses check (app_no <> 'IMP0201')`.execute(server.database.db);
    try {
      await call('brandImport.confirm', { id: checked.id, existingMode: 'skip' });
      const failed = await waitFor(() => job(checked.id), ['importing']);
      expect(failed.status).toBe('failed');
      expect(failed.message).toContain('未写入任何商标');
    } finally {
      await sql`alter table brand_archives drop constraint import_test_refuses`.execute(server.database.db);
    }
    expect((await archive({})).count).toBe(before);
    expect((await archive({ appNo: 'IMP0200' })).count).toBe(0);
  });

  it('keeps the batches written before a failure, says how far it got, and writes nothing of the failed batch', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => line({ 商标名称: `分批${i}`, 申请号: `PART${String(i).padStart(3, '0')}`, 类别: 7 }));
    const checked = await check(await xlsxOf(HEADERS, rows));
    expect(checked.validRows).toBe(150);
    // The 130th mark (sheet row 131) is in the second batch of 100.
    await sql`alter table brand_archives add constraint import_test_refuses check (app_no <> 'PART129')`.execute(server.database.db);
    try {
      await call('brandImport.confirm', { id: checked.id, existingMode: 'skip' });
      const failed = await waitFor(() => job(checked.id), ['importing']);
      expect(failed).toMatchObject({ status: 'failed', insertedRows: 100 });
      expect(failed.message).toContain('导入在表格第 101 行之后中断：此前的行已写入（新增 100 条，更新 0 条，跳过 0 条），其后的行未写入');
    } finally {
      await sql`alter table brand_archives drop constraint import_test_refuses`.execute(server.database.db);
    }
    expect((await archive({ appNo: 'PART099' })).count).toBe(1);
    expect((await archive({ appNo: 'PART100' })).count).toBe(0);
  });

  it('takes up an import a restart interrupted after the last row it wrote', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => line({ 商标名称: `续写${i}`, 申请号: `RESUME${i}`, 类别: 8 }));
    const checked = await check(await xlsxOf(HEADERS, rows));
    // As a server that stopped after writing sheet rows 2 and 3 would leave it (those two rows are not here, so a rewrite from the start would show).
    await server.database.db
      .updateTable('brand_import_jobs')
      .set({ status: 'importing', existing_mode: 'skip', written_through_row: 3, inserted_rows: 2, updated_at: new Date(Date.now() - 10 * 60_000) })
      .where('id', '=', checked.id)
      .execute();
    const done = await waitFor(() => job(checked.id), ['importing']);
    expect(done).toMatchObject({ status: 'done', insertedRows: 5 });
    const written = (await archive({ tmName: '续写' })).list.map((m) => m.appNo).sort();
    expect(written).toEqual(['RESUME2', 'RESUME3', 'RESUME4']);
  });

  it('names the missing columns of a file not made from the template, and says when a workbook has no sheet', async () => {
    const checked = await check(await xlsxOf(['名称', '号码'], [['星辰', '1']]));
    expect(checked.status).toBe('failed');
    expect(checked.message).toBe('表格缺少必填列：商标名称、申请号、类别（请使用导入模板）');
    const noSheet = await check(Buffer.from(await new ExcelJS.Workbook().xlsx.writeBuffer()));
    expect(noSheet).toMatchObject({ status: 'failed', message: '表格中没有工作表' });
  });

  it('keeps each person’s imports to themselves, and never lets an agency user change a mark someone else is responsible for', async () => {
    const agentId = (await server.database.db.selectFrom('users').select('id').where('username', '=', 'agent').executeTakeFirstOrThrow()).id;
    const others = (await archive({})).list.find((m) => m.tmCl !== null && m.ownerUserId !== agentId)!;
    const checked = await check(
      await xlsxOf(HEADERS, [
        line({ 商标名称: '代理', 申请号: 'IMP0300', 类别: 35 }),
        line({ 商标名称: '别人的', 申请号: others.appNo, 类别: others.tmCl!, '国家/地区': others.countryCode, 备注: '代理改写' }),
      ]),
      agent,
    );
    expect(checked, `${others.countryCode} ${others.appNo} 第 ${others.tmCl} 类`).toMatchObject({ status: 'checked', validRows: 2, existingRows: 1 });
    const other = await server.post('/api/brandImport/job', { id: checked.id }, admin);
    expect(other.statusCode).toBe(404);
    expect(await issues(checked.id, agent)).toEqual([expect.objectContaining({ rowNo: 3, message: expect.stringContaining('由他人负责，导入时将跳过') })]);
    await call('brandImport.confirm', { id: checked.id, existingMode: 'update' }, agent);
    const done = await waitFor(() => job(checked.id, agent), ['importing']);
    expect(done).toMatchObject({ insertedRows: 1, updatedRows: 0, skippedRows: 1 });
    expect((await archive({ appNo: 'IMP0300' }, agent)).list).toMatchObject([{ ownerUserId: agentId, source: 2 }]);
    expect((await archive({ ids: [others.id] })).list[0]!.remark).not.toBe('代理改写');
  });

  it('checks and imports 20,000 rows', { timeout: 240_000 }, async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) =>
      line({ 商标名称: `批量${i}`, 申请号: `BULK${String(i).padStart(6, '0')}`, 类别: (i % 45) + 1, 申请日期: '2020-01-02', 申请人: '批量申请人' }),
    );
    rows[9_999] = line({ 商标名称: '坏类', 申请号: 'BULKBAD', 类别: 99 });
    const checked = await check(await xlsxOf(HEADERS, rows));
    expect(checked).toMatchObject({ status: 'checked', totalRows: 20_000, validRows: 19_999, errorRows: 1 });
    expect((await issues(checked.id)).map((i) => i.rowNo)).toEqual([10_001]);
    await call('brandImport.confirm', { id: checked.id, existingMode: 'skip' });
    // The write goes a batch per transaction: calls are answered between batches, and each batch's count is already kept.
    const midway = await waitFor(
      async () => {
        const seen = await job(checked.id);
        return { ...seen, status: seen.status === 'importing' && seen.insertedRows === 0 ? 'waiting' : seen.status };
      },
      ['waiting'],
      200_000,
    );
    expect(midway.status).toBe('importing');
    expect(midway.insertedRows).toBeLessThan(19_999);
    const done = await waitFor(() => job(checked.id), ['importing'], 200_000);
    expect(done).toMatchObject({ status: 'done', insertedRows: 19_999 });
    expect((await archive({ applicant: '批量申请人', pageSize: 1 })).count).toBe(10_000);
    const total = await server.database.db
      .selectFrom('brand_archives')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('applicant_cn', '=', '批量申请人')
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(19_999);
  });
  it('keeps the trigram indexes of numbers off equality, which the b-tree answers', async () => {
    // pg_trgm answers `=` from a trigram index too: on an analysed archive PostgreSQL took it for an import's
    // check of a hundred numbers and read every mark sharing a trigram. On lower(number) it serves ILIKE only.
    const indexes = (
      await sql<{
        name: string;
        definition: string;
      }>`select indexname as name, indexdef as definition from pg_indexes where indexdef like '%gin_trgm_ops%' and (indexdef like '%app_no%' or indexdef like '%reg_no%')`.execute(
        server.database.db,
      )
    ).rows;
    expect(indexes.map((i) => i.name).sort()).toEqual([
      'brand_archives_app_no_trgm_idx',
      'brand_archives_reg_no_trgm_idx',
      'tm_register_app_no_trgm_idx',
      'tm_register_reg_no_trgm_idx',
    ]);
    for (const index of indexes) expect(index.definition).toMatch(/lower\((app|reg)_no\) gin_trgm_ops/);
  });
});
