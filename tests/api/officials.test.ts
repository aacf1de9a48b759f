import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables.js';
import { addDays, chinaToday } from '../../src/shared/trademarkDates.js';
import { pdfOfSize } from './support/multipart.js';
import { readXlsx, uploadFile } from './support/xlsx.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

let serial = 0;

describe.skipIf(skipThisDatabase)(`the letters lists and their operations (${dbKind})`, () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let admin: string;
  let agent: string;
  let corp: string;
  let users: Map<string, { id: number; orgId: number }>;
  const today = chinaToday();

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    [admin, agent, corp] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('corpAdmin')];
    const rows = await db.selectFrom('users').select(['id', 'org_id', 'username']).execute();
    users = new Map(rows.map((u) => [u.username, { id: u.id, orgId: u.org_id }]));
  });
  afterAll(() => server?.stop());

  const user = (name: string) => users.get(name)!;
  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.call(id, body, token);
  const send = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.send(id, body, token);
  const list = (body: OperationRequest<'officials.officialList'>, token = admin) => ok('officials.officialList', { pageSize: 100, ...body }, token);

  async function mark(owner: string, name = '官文列表测试'): Promise<{ id: number; appNo: string }> {
    const { id, orgId } = user(owner);
    const appNo = `OL${Date.now() % 100000}${serial++}`;
    const row = await db
      .insertInto('brand_archives')
      .values({ org_id: orgId, owner_user_id: id, app_no: appNo, int_cls: 9, tm_name: name, tm_status: '申请中' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, appNo };
  }
  type LetterValues = Partial<Database['official_documents'] extends infer T ? { [K in keyof T]: unknown } : never>;
  async function letter(brandId: number | null, owner: string, values: LetterValues = {}): Promise<number> {
    const { orgId, id } = user(owner);
    const row = await db
      .insertInto('official_documents')
      .values({
        org_id: orgId,
        brand_archive_id: brandId,
        document_type: '补正通知书',
        app_no: `L${serial++}`,
        dispatch_no: `TMZC${Date.now() % 1000000}${serial++}`,
        receive_date: addDays(today, -3),
        official_limit: addDays(today, 27),
        created_by: id,
        ...values,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('lists trademark letters with the mark’s name, class and days left, filtered by each condition', async () => {
    const m = await mark('admin', '青禾测试');
    const a = await letter(m.id, 'admin', {
      document_type: '驳回通知书',
      app_no: m.appNo,
      official_limit: addDays(today, 5),
      receive_date: addDays(today, -10),
    });
    const b = await letter(m.id, 'admin', {
      document_type: '补正通知书',
      app_no: m.appNo,
      official_limit: addDays(today, -2),
      is_read: true,
      receive_date: '2026-01-05',
    });
    const c = await letter(m.id, 'admin', { document_type: '商标注册证', app_no: m.appNo, official_limit: null, status: 1, dispatch_no: 'TMZC-FIND-ME-1' });
    const copyright = await letter(null, 'admin', { business: 'copyright', document_type: '著作权登记补正通知书', app_no: m.appNo });

    const mine = await list({ keyword: m.appNo });
    expect(mine.list.map((r) => r.id).sort()).toEqual([a, b, c].sort());
    const row = mine.list.find((r) => r.id === a)!;
    expect(row).toMatchObject({ tmName: '青禾测试', tmCl: 9, daysLeft: 5, documentType: '驳回通知书', status: 0, isRead: false });
    expect(mine.list.find((r) => r.id === c)!.daysLeft).toBeNull();
    // Newest received first.
    expect(mine.list.map((r) => r.id)).toEqual([c, a, b]);

    expect((await list({ keyword: '青禾测试' })).list.map((r) => r.id)).toEqual(expect.arrayContaining([a, b, c]));
    expect((await list({ keyword: 'TMZC-FIND-ME-1' })).list.map((r) => r.id)).toEqual([c]);
    expect((await list({ keyword: m.appNo, documentType: '驳回通知书' })).list.map((r) => r.id)).toEqual([a]);
    expect((await list({ keyword: m.appNo, status: 1 })).list.map((r) => r.id)).toEqual([c]);
    expect((await list({ keyword: m.appNo, isRead: true })).list.map((r) => r.id)).toEqual([b]);
    expect((await list({ keyword: m.appNo, due: 'overdue' })).list.map((r) => r.id)).toEqual([b]);
    expect((await list({ keyword: m.appNo, due: '7' })).list.map((r) => r.id)).toEqual([a]);
    expect((await list({ keyword: m.appNo, receiveDateFrom: '2026-01-01', receiveDateTo: '2026-01-31' })).list.map((r) => r.id)).toEqual([b]);
    const page = await ok('officials.officialList', { keyword: m.appNo, pageNo: 2, pageSize: 2 });
    expect(page).toMatchObject({ count: 3 });
    expect(page.list.map((r) => r.id)).toEqual([b]);

    // The copyright letters are a list of their own.
    const copyrights = await list({ business: 'copyright', keyword: m.appNo });
    expect(copyrights.list.map((r) => r.id)).toEqual([copyright]);
  });

  it('needs the business’s permission, and an agency user sees only the letters of their own marks and their own', async () => {
    const res = await send('officials.officialList', { business: 'copyright' }, agent);
    expect(res.statusCode).toBe(403);
    expect(res.json().subMessage).toContain('版权官文');

    const own = await mark('agent');
    const others = await mark('admin');
    const onOwn = await letter(own.id, 'admin', { app_no: own.appNo });
    const onOthers = await letter(others.id, 'admin', { app_no: others.appNo });
    const recorded = await letter(null, 'agent', { app_no: 'AGENT-OWN-1' });
    const seen = (await list({}, agent)).list.map((r) => r.id);
    expect(seen).toEqual(expect.arrayContaining([onOwn, recorded]));
    expect(seen).not.toContain(onOthers);
    expect((await server.refused('/api/batchIgnoreOfficial', { ids: [onOwn, onOthers] }, agent)).toString()).toContain(String(onOthers));
    expect((await server.app.inject({ method: 'GET', url: `/official/${onOthers}`, headers: { token: agent } })).statusCode).toBe(404);
  });

  it('keeps organisations apart: another organisation’s letters are neither listed, read, ignored nor deleted', async () => {
    const theirs = await letter(null, 'corpadmin', { app_no: 'CORP-LETTER-1', document_type: '驳回通知书' });
    expect((await list({ keyword: 'CORP-LETTER-1' })).list).toEqual([]);
    expect((await list({ keyword: 'CORP-LETTER-1' }, corp)).list.map((r) => r.id)).toEqual([theirs]);
    await server.refused('/api/batchIgnoreOfficial', { ids: [theirs] }, admin);
    await server.refused('/api/batchDeleteOfficial', { ids: [theirs] }, admin);
    await server.refused('/api/all-read', { ids: [theirs] }, admin);
    expect((await server.app.inject({ method: 'GET', url: `/official/${theirs}`, headers: { token: admin } })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'POST', url: '/api/office/download', payload: { id: theirs }, headers: { token: admin } })).statusCode).toBe(404);
    const stored = await db.selectFrom('official_documents').select(['status', 'is_read']).where('id', '=', theirs).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 0, is_read: false });
  });

  it('marks read, ignores and deletes in batches, all or nothing', async () => {
    const m = await mark('admin');
    const [x, y, z] = [
      await letter(m.id, 'admin', { app_no: m.appNo }),
      await letter(m.id, 'admin', { app_no: m.appNo }),
      await letter(m.id, 'admin', { app_no: m.appNo }),
    ];
    expect(await ok('officials.allRead', { ids: [x] })).toEqual({ updated: 1 });
    expect((await list({ keyword: m.appNo, isRead: false })).list.map((r) => r.id).sort()).toEqual([y, z].sort());
    expect(await ok('officials.batchIgnoreOfficial', { ids: [y] })).toEqual({ updated: 1 });
    const ignored = await db.selectFrom('official_documents').select(['status', 'is_read', 'handled_by']).where('id', '=', y).executeTakeFirstOrThrow();
    expect(ignored).toEqual({ status: 2, is_read: true, handled_by: user('admin').id });
    // One letter that does not exist refuses the whole batch.
    expect(await server.refused('/api/batchDeleteOfficial', { ids: [z, 999999999] }, admin)).toContain('999999999');
    expect(await db.selectFrom('official_documents').select('id').where('id', '=', z).executeTakeFirst()).toBeDefined();
    expect(await ok('officials.batchDeleteOfficial', { ids: [x, z] })).toEqual({ deleted: 2 });
    expect((await list({ keyword: m.appNo })).list.map((r) => r.id)).toEqual([y]);
    // Without ids: every unread letter of the business the reader may see.
    await letter(m.id, 'admin', { app_no: m.appNo });
    expect((await ok('officials.allRead', { business: 'trademark' })).updated).toBeGreaterThan(0);
    expect((await list({ isRead: false })).count).toBe(0);
  });

  it('refuses bad input by name', async () => {
    expect(await server.refused('/api/official-list', { due: '5' }, admin)).toContain('官方期限');
    expect(await server.refused('/api/official-list', { receiveDateFrom: '2026-13-01' }, admin)).toContain('收文日期起');
    expect(await server.refused('/api/batchIgnoreOfficial', { ids: [] }, admin)).toContain('官文');
    expect((await server.app.inject({ method: 'GET', url: '/official/abc', headers: { token: admin } })).statusCode).toBe(422);
  });

  it('exports the current filter as .xlsx', async () => {
    const m = await mark('admin', '导出测试');
    await letter(m.id, 'admin', { app_no: m.appNo, document_type: '驳回通知书', official_limit: addDays(today, 10), dispatch_no: 'TMZC-EXPORT-1' });
    await letter(m.id, 'admin', { app_no: m.appNo, document_type: '补正通知书', status: 1 });
    const res = await server.app.inject({ method: 'POST', url: '/api/export-official', payload: { keyword: m.appNo, status: 0 }, headers: { token: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([
      '文件类型',
      '发文编号',
      '申请号',
      '商标名称',
      '类别',
      '发文日期',
      '收文日期',
      '送达方式',
      '官方期限',
      '剩余天数',
      '办理期限',
      '处理状态',
      '备注',
    ]);
    expect(rows.slice(1)).toHaveLength(1);
    expect(rows[1]!.slice(0, 5)).toEqual(['驳回通知书', 'TMZC-EXPORT-1', m.appNo, '导出测试', '9']);
    expect(rows[1]![9]).toBe('10');
    expect(rows[1]![11]).toBe('待处理');
  });

  it('reads one letter with its mark, and downloads its file', async () => {
    const m = await mark('admin', '单件测试');
    const file = dataOf('file.upload', await uploadFile(server, admin, '驳回通知书.pdf', pdfOfSize(2048), 'officialDocument'));
    const id = await letter(m.id, 'admin', { app_no: m.appNo, file_id: Number(file.uid), details: JSON.stringify({ tmStatus: '驳回' }) });
    const res = await server.app.inject({ method: 'GET', url: `/official/${id}`, headers: { token: admin } });
    expect(res.statusCode, res.body).toBe(200);
    const { letter: read, brandDetail } = res.json().data;
    expect(read).toMatchObject({ id, appNo: m.appNo, details: { tmStatus: '驳回' } });
    expect(brandDetail).toEqual([expect.objectContaining({ id: m.id, appNo: m.appNo, tmName: '单件测试', tmCl: 9 })]);
    const pdf = await server.app.inject({ method: 'POST', url: '/api/office/download', payload: { id }, headers: { token: admin } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const without = await letter(m.id, 'admin', { app_no: m.appNo });
    expect((await server.app.inject({ method: 'POST', url: '/api/office/download', payload: { id: without }, headers: { token: admin } })).statusCode).toBe(
      404,
    );
  });

  it('serves the organisation’s catalogue, by business', async () => {
    const trademark = await ok('officials.getOfficialTypeList', { business: 'trademark' });
    expect(trademark.map((e) => e.officalType)).toContain('驳回通知书');
    expect(trademark.every((e) => e.business === 'trademark')).toBe(true);
    expect(trademark.find((e) => e.officalType === '商标注册证')!.documentClass).toBe(1);
    const copyright = await ok('officials.getOfficialTypeList', { business: 'copyright' });
    expect(copyright.map((e) => e.officalType)).toContain('作品登记证书');
  });

  it('puts letters falling due in the next 30 days on the workbench, soonest first', async () => {
    const m = await mark('admin', '工作台测试');
    const soon = await letter(m.id, 'admin', { app_no: m.appNo, official_limit: today, document_type: '驳回通知书' });
    await letter(m.id, 'admin', { app_no: m.appNo, official_limit: addDays(today, 29) });
    const far = await letter(m.id, 'admin', { app_no: m.appNo, official_limit: addDays(today, 31) });
    const handled = await letter(m.id, 'admin', { app_no: m.appNo, official_limit: addDays(today, 3), status: 1 });
    const queue = await ok('officials.dueLetters', { days: 30, limit: 20 });
    const ids = queue.items.map((i) => i.id);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(far);
    expect(ids).not.toContain(handled);
    expect(queue.items.find((i) => i.id === soon)).toMatchObject({
      daysLeft: 0,
      dateLabel: '官方期限',
      title: '驳回通知书 · 工作台测试',
      link: `/brand/filesAll?letter=${soon}`,
    });
    const dates = queue.items.map((i) => i.date);
    expect([...dates].sort()).toEqual(dates);
    // The same letters as the lists' due condition, of both businesses.
    expect(queue.count).toBe((await list({ due: '30' })).count + (await list({ business: 'copyright', due: '30' })).count);
  });

  describe('the official-document form’s save', () => {
    const manage = (body: OperationRequest<'officials.officialManage'>, token = admin) => send('officials.officialManage', body, token);
    const stored = (id: number) => db.selectFrom('official_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('records a letter on the mark chosen, its deadline counted by the engine with how it was reached', async () => {
      const m = await mark('admin', '表单测试');
      // A Monday paper refusal received on 2026-09-14: 15 days → 2026-09-29 (a Tuesday, a working day).
      const reply = await ok('officials.officialManage', {
        documentType: '驳回通知书',
        mediaAttributes: '纸质',
        brandDetail: [{ id: m.id, appNo: m.appNo }],
        dispatchNo: 'tmzc-form-0001',
        sendDate: '2026-09-08',
        receiveDate: '2026-09-14',
        handlingLimit: '2026-09-25',
        tmStatus: '驳回',
        remark: '尽快复审',
      });
      expect(reply.ids).toHaveLength(1);
      const row = await stored(reply.ids[0]!);
      expect(row).toMatchObject({
        brand_archive_id: m.id,
        dispatch_no: 'TMZC-FORM-0001',
        official_limit: '2026-09-29',
        handling_limit: '2026-09-25',
        delivery_method: '纸质',
        remark: '尽快复审',
      });
      expect(row.details).toEqual({ tmStatus: '驳回' });
      expect(row.deadline_basis!.map((s) => s.kind)).toEqual(['base', 'period']);
      expect((await list({ keyword: m.appNo })).list[0]).toMatchObject({ id: reply.ids[0], officalLimit: '2026-09-29', handlingLimit: '2026-09-25' });
      // The same dispatch number again is the same letter.
      const again = await manage({
        documentType: '驳回通知书',
        mediaAttributes: '纸质',
        brandDetail: [{ id: m.id, appNo: m.appNo }],
        dispatchNo: 'TMZC-FORM-0001',
        receiveDate: '2026-09-14',
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().subMessage).toContain('官文已存在');
    });

    it('edits a letter: a changed delivery method or date counts the deadline again', async () => {
      const m = await mark('admin');
      const [id] = (
        await ok('officials.officialManage', {
          documentType: '补正通知书',
          mediaAttributes: '纸质',
          brandDetail: [{ id: m.id, appNo: m.appNo }],
          receiveDate: '2026-09-01',
        })
      ).ids;
      expect((await stored(id!)).official_limit).toBe('2026-10-08'); // 30 days → 10-01, in 国庆 (10-01–10-07) → the first working day after.
      await ok('officials.officialManage', {
        id: id!,
        documentType: '补正通知书',
        mediaAttributes: '电子',
        brandDetail: [{ id: m.id, appNo: m.appNo }],
        sendDate: '2026-08-10',
        receiveDate: '2026-08-12',
      });
      const edited = await stored(id!);
      // Served 15 days after sending (08-25), then 30 days: 09-24.
      expect(edited).toMatchObject({ delivery_method: '电子', send_date: '2026-08-10', official_limit: '2026-09-24' });
      expect(edited.deadline_basis!.map((s) => s.kind)).toEqual(['base', 'presumption', 'period']);
      const read = await server.app.inject({ method: 'GET', url: `/official/${id}`, headers: { token: admin } });
      expect(read.json().data.letter.officalLimit).toBe('2026-09-24');
    });

    it('writes the mark’s status, numbers, dates and applicant back to the archive in the same transaction', async () => {
      const m = await mark('admin');
      await ok('officials.officialManage', {
        documentType: '商标注册证',
        brandDetail: [{ id: m.id, appNo: m.appNo }],
        mediaAttributes: '纸质',
        receiveDate: '2026-06-20',
        regNo: m.appNo,
        regDate: '2026-06-13',
        endDate: '2036-06-12',
        updateBrandInfo: { id: m.id, tmStatus: '已注册', regNo: m.appNo, regDate: '2026-06-13', endDate: '2036-06-12' },
      });
      const archived = await db
        .selectFrom('brand_archives')
        .select(['tm_status', 'reg_no', 'reg_date', 'private_end_date'])
        .where('id', '=', m.id)
        .executeTakeFirstOrThrow();
      expect(archived).toMatchObject({ tm_status: '已注册', reg_no: m.appNo, reg_date: '2026-06-13', private_end_date: '2036-06-12' });

      // Without an end date, the term is counted from the registration date: ten years, to the day before.
      const other = await mark('admin');
      const [certificate] = await ok('officials.officialManage', {
        documentType: '商标注册证',
        brandDetail: [{ id: other.id, appNo: other.appNo }],
        mediaAttributes: '纸质',
        receiveDate: '2026-06-20',
        regDate: '2016-02-29',
        updateBrandInfo: { id: other.id, tmStatus: '已注册', regDate: '2016-02-29' },
      }).then((r) => r.ids);
      expect((await stored(certificate!)).details).toMatchObject({ regDate: '2016-02-29', endDate: '2026-02-28' });
      const term = await db.selectFrom('brand_archives').select('private_end_date').where('id', '=', other.id).executeTakeFirstOrThrow();
      expect(term.private_end_date).toBe('2026-02-28');

      // A refused letter changes neither the archive nor the letters.
      const before = await db.selectFrom('official_documents').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const refused = await manage({
        documentType: '核准转让证明',
        brandDetail: [{ id: m.id, appNo: m.appNo }],
        receiveDate: '2099-01-01',
        updateBrandInfo: { id: m.id, applicant: '不应写入' },
      });
      expect(refused.statusCode).toBe(422);
      expect((await db.selectFrom('brand_archives').select('applicant_cn').where('id', '=', m.id).executeTakeFirstOrThrow()).applicant_cn).not.toBe('不应写入');
      expect(await db.selectFrom('official_documents').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    });

    it('refuses a type not in the catalogue, a future date, a dispatch number on several marks, and another business without its permission', async () => {
      const m = await mark('admin');
      const first = { id: m.id, appNo: m.appNo };
      const base: { brandDetail: [typeof first]; receiveDate: string } = { brandDetail: [first], receiveDate: '2026-09-01' };
      expect((await manage({ ...base, documentType: '不存在的通知书' })).json().subMessage).toContain('当前官文类型不存在，请重新选择或联系客服添加');
      expect((await manage({ ...base, documentType: '驳回通知书', receiveDate: addDays(today, 1) })).json().subMessage).toContain('晚于今天');
      const two = await mark('admin');
      expect(
        (await manage({ ...base, documentType: '驳回通知书', dispatchNo: 'X1', brandDetail: [first, { id: two.id, appNo: two.appNo }] })).json().subMessage,
      ).toContain('发文编号');
      expect((await manage({ ...base, documentType: '驳回通知书', brandDetail: [] as never })).statusCode).toBe(422);
      expect((await manage({ ...base, business: 'copyright', documentType: '著作权登记补正通知书' }, agent)).statusCode).toBe(403);
      // Another organisation's mark is not found, and nothing is recorded.
      const theirs = await mark('corpadmin');
      expect(
        (await manage({ documentType: '驳回通知书', brandDetail: [{ id: theirs.id, appNo: theirs.appNo }], receiveDate: '2026-09-01' })).statusCode,
      ).not.toBe(200);
      expect(await db.selectFrom('official_documents').select('id').where('brand_archive_id', '=', theirs.id).execute()).toEqual([]);
    });

    it('records one letter per mark, and by number alone when the archive has none', async () => {
      const [a, b] = [await mark('admin'), await mark('admin')];
      const reply = await ok('officials.officialManage', {
        documentType: '受理通知书',
        brandDetail: [
          { id: a.id, appNo: a.appNo },
          { id: b.id, appNo: b.appNo },
          { appNo: 'NOT-IN-ARCHIVE-1', tmName: '占位商标' },
        ],
        sendDate: '2026-09-01',
        receiveDate: '2026-09-02',
      });
      expect(reply.ids).toHaveLength(3);
      const rows = await db
        .selectFrom('official_documents')
        .select(['brand_archive_id', 'app_no', 'details'])
        .where('id', 'in', reply.ids)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.brand_archive_id)).toEqual([a.id, b.id, null]);
      expect(rows[2]).toMatchObject({ app_no: 'NOT-IN-ARCHIVE-1', details: { tmName: '占位商标' } });
    });
  });
});
