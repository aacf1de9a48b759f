import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables.js';
import { pdfOfSize } from './support/multipart.js';
import { download, uploadFile } from './support/xlsx.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

let serial = 0;

describe.skipIf(skipThisDatabase)(`a mark's official documents (${dbKind})`, () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let admin: string;
  let agent: string;
  let corp: string;
  let users: Map<string, { id: number; orgId: number }>;

  beforeAll(async () => {
    server = await startTestServer();
    db = server.database.db;
    [admin, agent, corp] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('corpAdmin')];
    const rows = await db.selectFrom('users').select(['id', 'org_id', 'username']).execute();
    users = new Map(rows.map((u) => [u.username, { id: u.id, orgId: u.org_id }]));
  });
  afterAll(() => server?.stop());

  const user = (name: string) => users.get(name)!;
  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token: string) => server.call(id, body, token);
  const refused = (url: string, body: object, token: string, status?: number) => server.refused(url, body, token, status);
  const listOf = (brandId: number, token = admin, extra: object = {}) => ok('brandOfficials.brandOfficialList', { brandId, ...extra }, token);
  const manage = (body: OperationRequest<'brandOfficials.officialManagement'>, token = admin) => server.send('brandOfficials.officialManagement', body, token);

  async function mark(owner: string): Promise<number> {
    const { id, orgId } = user(owner);
    const row = await db
      .insertInto('brand_archives')
      .values({
        org_id: orgId,
        owner_user_id: id,
        app_no: `OD${Date.now() % 100000}${serial++}`,
        int_cls: 3,
        tm_name: '官文测试',
        tm_status: '已注册',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function doc(
    brandId: number | null,
    orgId: number,
    values: Partial<{ document_type: string; receive_date: string; official_limit: string | null; status: 0 | 1 | 2; file_id: number }> = {},
  ) {
    const row = await db
      .insertInto('official_documents')
      .values({
        org_id: orgId,
        brand_archive_id: brandId,
        document_type: '商标注册申请补正通知书',
        receive_date: '2026-10-01',
        official_limit: '2026-10-31',
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const stored = async (ids: number[]) =>
    db
      .selectFrom('official_documents')
      .select(['id', 'brand_archive_id', 'status', 'is_read', 'handled_by', 'handled_at', 'remark'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();

  it('seeds the demo marks with documents: handled notices and certificates, some notices pending with deadlines near today', async () => {
    // Runs first: every document is the demo's.
    const seeded = await db.selectFrom('official_documents').select(['document_type', 'status', 'official_limit']).execute();
    expect(seeded.some((d) => d.document_type === '商标注册证' && d.status === 1)).toBe(true);
    const pending = seeded.filter((d) => d.status === 0);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((d) => d.official_limit !== null)).toBe(true);
  });

  it('lists a mark’s documents newest received first, with its file, the pending count and a status filter', async () => {
    const brand = await mark('admin');
    const uploaded = await uploadFile(server, admin, '补正通知书.pdf', pdfOfSize(2048), 'officialDocument');
    const file = dataOf('file.upload', uploaded);
    const orgId = user('admin').orgId;
    const older = await doc(brand, orgId, { document_type: '商标注册申请受理通知书', receive_date: '2026-03-02', official_limit: null, status: 1 });
    const newest = await doc(brand, orgId, { receive_date: '2026-11-02', file_id: Number(file.uid) });
    const middle = await doc(brand, orgId, { document_type: '商标驳回通知书', receive_date: '2026-08-15', official_limit: '2026-08-30' });
    await doc(await mark('admin'), orgId);

    const all = await listOf(brand);
    expect(all.list.map((d) => d.id)).toEqual([newest, middle, older]);
    expect(all).toMatchObject({ count: 3, pending: 2 });
    expect(all.list[0]).toMatchObject({
      brandId: brand,
      documentType: '商标注册申请补正通知书',
      receiveDate: '2026-11-02',
      officalLimit: '2026-10-31',
      deliveryMethod: '电子',
      status: 0,
      isRead: false,
      handledByName: null,
    });
    expect(all.list[0]!.files).toEqual([expect.objectContaining({ uid: file.uid, name: '补正通知书.pdf', url: file.url })]);
    expect((await download(server, admin, all.list[0]!.files[0]!.url)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(all.list[2]).toMatchObject({ officalLimit: null, files: [] });

    const handled = await listOf(brand, admin, { status: 1 });
    expect(handled.list.map((d) => d.id)).toEqual([older]);
    expect(handled).toMatchObject({ count: 1, pending: 2 });
    const paged = await listOf(brand, admin, { pageNo: 2, pageSize: 2 });
    expect(paged.list.map((d) => d.id)).toEqual([older]);
    expect(paged.count).toBe(3);
  });

  it('handles, ignores and reopens documents, recording who and when', async () => {
    const brand = await mark('admin');
    const orgId = user('admin').orgId;
    const [a, b] = [await doc(brand, orgId), await doc(brand, orgId)];

    const done = await manage({ ids: [a, b], status: 1, remark: ' 已提交补正材料 ' });
    expect(dataOf('brandOfficials.officialManagement', done)).toEqual({ updated: 2 });
    const listed = await listOf(brand);
    expect(listed.pending).toBe(0);
    expect(listed.list.every((d) => d.status === 1 && d.isRead && d.remark === '已提交补正材料' && d.handledByName === '王管理' && d.handledAt !== null)).toBe(
      true,
    );

    expect((await manage({ ids: [b], status: 2 })).statusCode).toBe(200);
    expect((await stored([b]))[0]).toMatchObject({ status: 2, remark: '已提交补正材料', handled_by: user('admin').id });
    expect((await manage({ ids: [a], status: 0, remark: '' })).statusCode).toBe(200);
    expect((await stored([a]))[0]).toMatchObject({ status: 0, remark: '', handled_by: null, handled_at: null, is_read: true });
    expect((await listOf(brand)).pending).toBe(1);
  });

  it('refuses a whole batch naming an unknown, unattached or foreign document, changing nothing', async () => {
    const brand = await mark('admin');
    const orgId = user('admin').orgId;
    const mine = await doc(brand, orgId);
    const unattached = await doc(null, orgId);
    const foreign = await doc(await mark('corpadmin'), user('corpadmin').orgId);
    const before = await stored([mine, unattached]);
    for (const ids of [
      [mine, 99_999_999],
      [mine, unattached],
      [mine, foreign],
    ] as [number, number][]) {
      const reply = await manage({ ids, status: 1 });
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json().subMessage).toBe(`以下官文不存在或无权操作：编号 ${ids[1]}`);
    }
    expect(await stored([mine, unattached])).toEqual(before);
    expect(await refused('/brandArchives/brandOfficialList', { brandId: brand }, corp, 404)).toBe('商标不存在或无权查看');
  });

  it('records a letter with the deadline the law gives it, and how it was reached', async () => {
    const brand = await mark('admin');
    const recorded = await ok(
      'brandOfficials.addOfficialDocument',
      { brandId: brand, documentType: '驳回通知书', dispatchNo: `tmzc${brand}bh01`, appNo: 'X1', sendDate: '2024-03-01', receiveDate: '2024-03-20' },
      admin,
    );
    // 条例 §10: served 15 days after sending (03-16); 商标法 §34: 15 days end on Sunday 03-31, moved to Monday.
    expect(recorded.officalLimit).toBe('2024-04-01');
    expect(recorded.deadlineBasis!.map((s) => s.kind)).toEqual(['base', 'presumption', 'period', 'shift']);
    const listed = (await listOf(brand)).list[0]!;
    expect(listed).toMatchObject({
      documentType: '驳回通知书',
      dispatchNo: `TMZC${brand}BH01`,
      sendDate: '2024-03-01',
      officalLimit: '2024-04-01',
      business: 'trademark',
    });
    expect(listed.deadlineBasis).toEqual(recorded.deadlineBasis);

    // Another name the letter is printed under is the catalogue's type; a type without a rule takes the deadline typed in.
    const alias = await ok(
      'brandOfficials.addOfficialDocument',
      { brandId: brand, documentType: '商标驳回通知书', appNo: 'X1', receiveDate: '2024-03-22', deliveryMethod: '纸质' },
      admin,
    );
    // 15 days from the postmark end on Saturday 04-06, the last day of 清明; Sunday 04-07 was a make-up workday.
    expect(alias.officalLimit).toBe('2024-04-07');
    const certificate = await ok(
      'brandOfficials.addOfficialDocument',
      { brandId: brand, documentType: '商标注册证', appNo: 'X1', receiveDate: '2024-05-01', officalLimit: '2024-06-01' },
      admin,
    );
    expect(certificate).toMatchObject({ officalLimit: '2024-06-01', deadlineBasis: [expect.objectContaining({ text: expect.stringContaining('手工填写') })] });
    const [stored] = await db.selectFrom('official_documents').select('document_type').where('id', '=', alias.id).execute();
    expect(stored!.document_type).toBe('驳回通知书');
    // The copyright centre posts its letters: a correction notice recorded without a delivery method is taken as posted, so its 30 days count.
    const posted = await ok(
      'brandOfficials.addOfficialDocument',
      { business: 'copyright', documentType: '著作权登记补正通知书', appNo: '2024R11L0000123', receiveDate: '2024-06-03' },
      admin,
    );
    expect(posted.officalLimit).toBe('2024-07-03');
    const [postedRow] = await db.selectFrom('official_documents').select('delivery_method').where('id', '=', posted.id).execute();
    expect(postedRow!.delivery_method).toBe('纸质');
  });

  it('refuses a letter it cannot count or has already, storing nothing', async () => {
    const brand = await mark('admin');
    const before = await db
      .selectFrom('official_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const letter = { brandId: brand, appNo: 'X2', receiveDate: '2025-01-10' };
    expect(await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '不存在的通知书' }, admin)).toBe(
      '当前官文类型不存在，请重新选择或联系客服添加：不存在的通知书',
    );
    expect(await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '驳回通知书' }, admin)).toContain('须填写发文日期');
    expect(
      await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '驳回通知书', receiveDate: '2099-01-01', sendDate: '2098-12-01' }, admin),
    ).toContain('晚于今天');
    expect(await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '驳回通知书', sendDate: '2025-02-01' }, admin)).toContain(
      '晚于收文日期',
    );
    expect(
      await refused(
        '/brandArchives/addOfficialDocument',
        { ...letter, documentType: '驳回通知书', sendDate: '2025-01-02', handlingLimit: '2025-03-01' },
        admin,
      ),
    ).toContain('办理期限 2025-03-01 晚于官方期限');
    expect(
      await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '驳回通知书', sendDate: '2025-01-02', caseId: 99999999 }, admin),
    ).toContain('关联案件不存在');
    expect(await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '作品登记证书', business: 'copyright' }, admin)).toBe(
      '版权官文不能关联商标',
    );
    const after = await db
      .selectFrom('official_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const dispatchNo = `TMZC${brand}SL01`;
    await ok('brandOfficials.addOfficialDocument', { ...letter, documentType: '受理通知书', dispatchNo }, admin);
    expect(
      await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '受理通知书', dispatchNo: dispatchNo.toLowerCase() }, admin, 409),
    ).toContain(`官文已存在：发文编号 ${dispatchNo}`);
    const file = dataOf('file.upload', await uploadFile(server, admin, '受理通知书.pdf', pdfOfSize(2049), 'officialDocument'));
    await ok('brandOfficials.addOfficialDocument', { ...letter, documentType: '受理通知书', fileId: Number(file.uid) }, admin);
    expect(await refused('/brandArchives/addOfficialDocument', { ...letter, documentType: '受理通知书', fileId: Number(file.uid) }, admin, 409)).toContain(
      '官文已存在：同一文件',
    );
    // Another organisation records the same dispatch number as its own letter.
    expect(
      (await server.send('brandOfficials.addOfficialDocument', { appNo: 'X2', receiveDate: '2025-01-10', documentType: '受理通知书', dispatchNo }, corp))
        .statusCode,
    ).toBe(200);
  });

  it('gives clear messages for a bad request', async () => {
    expect(await refused('/brandArchives/officialManagement', { ids: [], status: 1 }, admin)).toMatch(/官文/);
    expect(await refused('/brandArchives/officialManagement', { ids: [1], status: 3 }, admin)).toMatch(/处理状态/);
    expect(await refused('/brandArchives/officialManagement', { ids: [1], status: 1, remark: '长'.repeat(201) }, admin)).toMatch(/处理备注/);
    expect(await refused('/brandArchives/brandOfficialList', {}, admin)).toMatch(/档案商标/);
  });

  it('keeps the agency rule: an agency user sees and handles only the documents of their own marks', async () => {
    const orgId = user('agent').orgId;
    const own = await mark('agent');
    const others = await mark('admin');
    const [ownDoc, othersDoc] = [await doc(own, orgId), await doc(others, orgId)];
    expect((await listOf(own, agent)).list.map((d) => d.id)).toEqual([ownDoc]);
    expect(await refused('/brandArchives/brandOfficialList', { brandId: others }, agent, 404)).toBe('商标不存在或无权查看');
    const reply = await manage({ ids: [ownDoc, othersDoc], status: 1 }, agent);
    expect(reply.statusCode).toBe(422);
    expect(reply.json().subMessage).toBe(`以下官文不存在或无权操作：编号 ${othersDoc}`);
    expect((await stored([ownDoc]))[0]!.status).toBe(0);
    expect((await manage({ ids: [ownDoc], status: 1 }, agent)).statusCode).toBe(200);
  });

  it('moves a merged mark’s documents to the kept mark, and keeps them unattached when their mark is deleted', async () => {
    const orgId = user('admin').orgId;
    const [kept, merged, deleted] = [await mark('admin'), await mark('admin'), await mark('admin')];
    const [d1, d2, d3] = [await doc(kept, orgId), await doc(merged, orgId), await doc(deleted, orgId)];
    await ok('brandMerge.mergeBrand', { mergeList: [{ targetBrandId: kept, mergedBrandIds: [merged] }] }, admin);
    expect((await listOf(kept)).list.map((d) => d.id).sort()).toEqual([d1, d2].sort());
    await ok('brandArchives.delTrademarkList', { ids: [deleted] }, admin);
    expect((await stored([d3]))[0]!.brand_archive_id).toBeNull();
  });
});
