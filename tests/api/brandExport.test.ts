import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import type { BrandExportRecord, Trademark, BrandExportStartRequest, CustomFieldSetCustomFieldRequest } from '../../src/generated/types.js';
import { ARCHIVE_EXPORT_COLUMNS } from '../../src/shared/archiveExportColumns.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { download, readXlsx, waitFor } from './support/xlsx.js';
import { multipart } from './support/multipart.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

describe.skipIf(skipThisDatabase)(`archive export (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  let agent: string;
  let staff: string;
  let corp: string;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-export-'));
    server = await startTestServer({ filesDir });
    [admin, agent, staff, corp] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('staff'), await server.signIn('corpAdmin')];
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const call = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.call(id, body, token);
  /** Every mark the archive list shows for a filter, page by page, in its order. */
  async function listed(filter: object, token = admin): Promise<Trademark[]> {
    const all: Trademark[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await call('brandArchives.queryBrandPage', { ...filter, pageNo, pageSize: 200 }, token);
      all.push(...page.list);
      if (page.list.length < 200) return all;
    }
  }
  async function exportOf(
    filter: BrandExportStartRequest['filter'],
    token = admin,
    columns?: BrandExportStartRequest['columns'],
    customFieldIds?: number[],
  ): Promise<{ record: BrandExportRecord; rows: string[][] }> {
    const started = await call('brandExport.start', { filter, ...(columns ? { columns } : {}), ...(customFieldIds ? { customFieldIds } : {}) }, token);
    expect(started.status).toBe('running');
    const record = await waitFor(() => call('brandExport.get', { id: started.id }, token), ['running']);
    expect(record.status, record.message).toBe('done');
    return { record, rows: await readXlsx(await download(server, token, record.fileUrl!)) };
  }

  it('exports exactly the marks the filter matches, in the archive’s order, with a summary of the filter', async () => {
    const some = (await listed({})).find((m) => m.tmCl !== null)!;
    const filter = { tmCl: [some.tmCl!], sortField: 'app_no', sortType: 'asc', pageNo: 3, pageSize: 5 };
    const expected = await listed(filter);
    expect(expected.length).toBeGreaterThan(0);
    const { record, rows } = await exportOf(filter);
    expect(rows[0]).toEqual(ARCHIVE_EXPORT_COLUMNS.map((c) => c.label));
    expect(rows.slice(1).map((r) => r[1])).toEqual(expected.map((m) => m.appNo));
    expect(rows.slice(1).every((r) => r[2] === String(some.tmCl))).toBe(true);
    expect(record).toMatchObject({
      rowCount: expected.length,
      processedRows: expected.length,
      progress: 100,
      statusText: '已完成',
      filterSummary: `类别：第${some.tmCl}类`,
    });
    expect(record.fileName).toMatch(/^商标档案导出-\d{8}-\d{6}\.xlsx$/);
  });

  it('writes only the chosen columns, in file order, and goods as the import template takes them', async () => {
    const goods = [
      { code: '0901', name: '计算机' },
      { code: '', name: '智能手表' },
      { code: '0901', name: '已删减', mark: 2 },
    ];
    const added = await server.database.db
      .insertInto('brand_archives')
      .values({
        org_id: (await server.database.db.selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow()).org_id,
        app_no: 'GOODS01',
        int_cls: 9,
        goods: JSON.stringify(goods),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const withGoods = (await listed({ ids: [added.id] }))[0]!;
    const { rows } = await exportOf({ ids: [withGoods.id] }, admin, ['goods', 'appNo']);
    expect(rows[0]).toEqual(['申请号', '商品/服务']);
    expect(rows[1]).toEqual([withGoods.appNo, '0901 计算机；智能手表']);
  });

  it('writes the chosen custom fields after the standard columns, each as a person reads it', async () => {
    const create = async (fieldTitle: string, fieldType: CustomFieldSetCustomFieldRequest['fieldType'], fieldContent?: unknown, token = admin) =>
      (
        await call(
          'customField.setCustomField',
          { type: 1, fieldTitle, fieldType, ...(fieldContent ? { fieldContent: JSON.stringify(fieldContent) } : {}) },
          token,
        )
      ).field!.id;
    const option = (cont: string) => ({ cont, color: '#FFE7BA', value: '' });
    const text = await create('内部编号', '单行文本');
    const single = await create('重要程度', '单选', [option('高'), option('低')]);
    const multiple = await create('用途', '多选', [option('自用'), option('许可'), option('转让')]);
    const date = await create('续展提醒', '日期', { 日期格式: 'y/m/d w' });
    const money = await create('评估价值', '数字', { 数字格式: '人民币' });
    const files = await create('证明文件', '附件');
    const empty = await create('暂无值', '单行文本');
    // A hidden field is still the archive's data, and can be exported.
    await call('customField.setCustomField', { type: 1, id: text, state: 0 });
    const { payload, headers } = multipart('使用证据.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'));
    const uploaded = dataOf(
      'file.upload',
      await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token: admin } }),
    );
    const mark = (await listed({}))[0]!;
    await call('customField.setTmArchiveCustomFieldData', {
      id: mark.id,
      customValues: {
        [text]: 'IPM-001',
        [single]: '高',
        [multiple]: ['自用', '转让'],
        [date]: '2031-05-06',
        [money]: '1234.5',
        [files]: [{ fileUrl: uploaded.path, fileName: '使用证据.pdf' }],
      },
    });

    // Chosen in any order, written in the organisation's order of its fields.
    const chosen = [money, files, empty, text, date, multiple, single];
    const started = await call('brandExport.start', { filter: { ids: [mark.id] }, columns: ['appNo'], customFieldIds: chosen });
    expect(started.columns).toEqual(['appNo', ...[text, single, multiple, date, money, files, empty].map((id) => `custom:${id}`)]);
    const record = await waitFor(() => call('brandExport.get', { id: started.id }), ['running']);
    expect(record.status, record.message).toBe('done');
    const file = await download(server, admin, record.fileUrl!);
    const rows = await readXlsx(file);
    expect(rows[0]).toEqual(['申请号', '内部编号', '重要程度', '用途', '续展提醒', '评估价值', '证明文件', '暂无值']);
    expect(rows[1]).toEqual([mark.appNo, 'IPM-001', '高', '自用、转让', '2031/05/06 星期二', '1234.5', '使用证据.pdf']);
    // The value is a number, shown in the field's currency format.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const cell = workbook.worksheets[0]!.getRow(2).getCell(6);
    expect(cell.value).toBe(1234.5);
    expect(cell.numFmt).toBe('"¥"#,##0.00');

    // Custom columns alone; a field that is not the organisation's live archive field is refused.
    const only = await exportOf({ ids: [mark.id] }, admin, [], [single]);
    expect(only.rows).toEqual([['重要程度'], ['高']]);
    const foreign = await create('星辰字段', '单行文本', undefined, corp);
    expect(await server.refused('/api/brandExport/start', { filter: {}, customFieldIds: [foreign] }, admin)).toBe(`自定义字段不存在或已删除：${foreign}`);
    await call('customField.setCustomField', { type: 1, id: empty, delete: 1 });
    expect(await server.refused('/api/brandExport/start', { filter: {}, customFieldIds: [single, empty] }, admin)).toBe(`自定义字段不存在或已删除：${empty}`);
    expect(await server.refused('/api/brandExport/start', { filter: {}, columns: [] }, admin)).toBe('请至少选择一列');
  });

  it('lets an agency user export only the marks they are responsible for', async () => {
    const own = await listed({}, agent);
    const all = await listed({});
    expect(own.length).toBeLessThan(all.length);
    const { rows } = await exportOf({}, agent);
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(own.map((m) => m.appNo).sort());
  });

  it('lists export records newest first for those allowed to see them, and refuses the others', async () => {
    const { list, count } = await call('brandExport.list', { pageSize: 50 });
    expect(count).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((r) => r.id)).toEqual([...list.map((r) => r.id)].sort((a, b) => b - a));
    expect(list.every((r) => r.userName.length > 0)).toBe(true);
    // Given the page, an agency user's list holds only their own export, which is also on the organisation's list.
    await server.database.db
      .updateTable('roles')
      .set({ role_auth: sql`role_auth || ',exportRecords'` })
      .where('name', '=', '代理机构')
      .execute();
    const agentAgain = await server.signIn('agent');
    const agents = await call('brandExport.list', { pageSize: 50 }, agentAgain);
    expect(agents.list.length).toBe(1);
    expect(list.map((r) => r.id)).toContain(agents.list[0]!.id);
    const hidden = await server.post('/api/brandExport/get', { id: list.find((r) => r.id !== agents.list[0]!.id)!.id }, agentAgain);
    expect(hidden.statusCode).toBe(404);
    // Staff may export (trademark) but has no exportRecords permission to see the page's list.
    const refused = await server.post('/api/brandExport/list', {}, staff);
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a filter the archive query does not know', async () => {
    const res = await server.post('/api/brandExport/start', { filter: { colour: 'red' } }, admin);
    expect(res.statusCode).toBe(422);
  });

  it('streams a large export in batches', { timeout: 240_000 }, async () => {
    const owner = await server.database.db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'corpadmin').executeTakeFirstOrThrow();
    const total = Number(process.env.EXPORT_TEST_ROWS ?? 30_000);
    const batch = 2_000;
    for (let start = 0; start < total; start += batch) {
      await server.database.db
        .insertInto('brand_archives')
        .values(
          Array.from({ length: Math.min(batch, total - start) }, (_, i) => ({
            org_id: owner.org_id,
            owner_user_id: owner.id,
            source: 2,
            app_no: `EXP${String(start + i).padStart(7, '0')}`,
            int_cls: 9,
            tm_name: `导出${start + i}`,
            applicant_cn: '大批量导出人',
          })),
        )
        .execute();
    }
    const { record, rows } = await exportOf({ applicant: '大批量导出人', sortField: 'app_no', sortType: 'asc' }, corp, ['appNo', 'tmName']);
    expect(record.rowCount).toBe(total);
    expect(rows).toHaveLength(total + 1);
    expect(rows[0]).toEqual(['商标名称', '申请号']);
    expect(rows[1]).toEqual(['导出0', 'EXP0000000']);
    expect(rows[total]).toEqual([`导出${total - 1}`, `EXP${String(total - 1).padStart(7, '0')}`]);
  });
});
