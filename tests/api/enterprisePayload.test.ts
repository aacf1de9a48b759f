import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { multipart } from './support/multipart.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const QINGHE = '杭州青禾食品有限公司';

describe.skipIf(skipThisDatabase)(`my enterprises: the save payload of spec 000 §3 (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  let admin: string;
  let corp: string;
  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-enterprise-'));
    server = await startTestServer({ filesDir });
    admin = await server.signIn('admin');
    corp = await server.signIn('corpAdmin');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const db = () => server.database.db;
  const idOf = async (name: string) => (await db().selectFrom('enterprises').select('id').where('applicant_name', '=', name).executeTakeFirstOrThrow()).id;
  const stored = async (id: number) => db().selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const upload = async (token: string, name: string, content: Buffer = logoPng(3)) => {
    const { payload, headers } = multipart(name, content, { purpose: 'general' });
    return dataOf('file.upload', await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } })).path;
  };
  const count = async () => Number((await db().selectFrom('enterprises').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('gives the demo enterprises credit codes whose check character is right', async () => {
    const codes = await db().selectFrom('enterprises').select('applicant_credit_code').where('applicant_credit_code', 'is not', null).execute();
    expect(codes.map((c) => c.applicant_credit_code).sort()).toEqual(['91320594MA1M00000E', '91330106MA2H00000B', '91440300MA5F000007']);
  });

  it('saves the whole payload: certificate type 1, superior number, English information and former names as JSON text, the pictures', async () => {
    const licence = await upload(admin, '营业执照.png');
    const photo = await upload(admin, '法人身份证.png', logoPng(4));
    const saved = await server.call(
      'enterprise.saveInfo',
      {
        applicantType: 1,
        bookType: 1,
        applicantName: '宁波海曙远航贸易有限公司',
        applicantAddress: '浙江省宁波市海曙区中山西路 1 号',
        applicantCreditCode: '91350100M000100Y43',
        certificateType: 1,
        superiorNo: 12,
        applicantEnglish: '{"address": " 1 Zhongshan West Rd ", "name": "Ningbo Yuanhang Trading Co., Ltd."}',
        usedApplicantParam: '[" 宁波远航贸易商行 ", "远航贸易"]',
        businessLicense: licence,
        idPhoto: photo,
      },
      admin,
    );
    expect(saved).toMatchObject({
      certificateType: 1,
      superiorNo: 12,
      applicantCreditCode: '91350100M000100Y43',
      // One canonical text: trimmed, name first.
      applicantEnglish: '{"name":"Ningbo Yuanhang Trading Co., Ltd.","address":"1 Zhongshan West Rd"}',
      usedApplicantParam: '["宁波远航贸易商行","远航贸易"]',
      businessLicense: licence,
      idPhoto: photo,
      groupName: null,
    });
    const detail = await server.call('enterprise.getCompanyDetailInfo', { id: saved.id }, admin);
    expect(detail).toMatchObject({
      englishName: 'Ningbo Yuanhang Trading Co., Ltd.',
      englishAddress: '1 Zhongshan West Rd',
      formerNames: ['宁波远航贸易商行', '远航贸易'],
      businessLicenseUrl: `/api/file/download?path=${encodeURIComponent(licence)}`,
      idPhotoUrl: `/api/file/download?path=${encodeURIComponent(photo)}`,
    });
    const log = await db()
      .selectFrom('operation_log')
      .select('detail')
      .where('operation', '=', 'enterprise.saveInfo')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.detail).toMatchObject({ id: saved.id, created: true });
  });

  it('appends a personal applicant’s address after a double dash and keeps book type 1 as China', async () => {
    const saved = await server.call(
      'enterprise.saveInfo',
      { applicantType: 0, bookType: 1, applicantName: '李华', applicantAddress: '江苏省南京市鼓楼区中山路 1 号' },
      admin,
    );
    expect(saved).toMatchObject({ applicantName: '李华--江苏省南京市鼓楼区中山路 1 号', displayName: '李华', certificateType: 1 });
    expect((await server.call('enterprise.getCompanyDetailInfo', { id: saved.id }, admin)).bookTypeName).toBe('中国大陆');
  });

  it('refuses a credit code with a wrong check character, and other wrong codes, saving nothing', async () => {
    const before = await count();
    const body = { applicantType: 1, bookType: 1, applicantName: '校验位错误有限公司' };
    expect(await server.refused('/enterPrise/saveInfo', { ...body, applicantCreditCode: '91350100M000100Y44' }, admin)).toBe('统一社会信用代码校验位不正确');
    expect(await server.refused('/enterPrise/saveInfo', { ...body, applicantCreditCode: '91330106MA2H000001' }, admin)).toBe('统一社会信用代码校验位不正确');
    expect(await server.refused('/enterPrise/saveInfo', { ...body, applicantCreditCode: '91350100M000100YO3' }, admin)).toBe(
      '请求参数有误：统一社会信用代码格式不正确',
    );
    expect(await server.refused('/enterPrise/saveInfo', { ...body, certificateType: 2 }, admin)).toMatch(/^请求参数有误：证件类型/);
    expect(await server.refused('/enterPrise/saveInfo', { ...body, superiorNo: -1 }, admin)).toMatch(/^请求参数有误：上级编号/);
    const id = await idOf(QINGHE);
    expect(await server.refused('/enterPrise/modifyInfo', { id, applicantCreditCode: '91330106MA2H000001' }, admin)).toBe('统一社会信用代码校验位不正确');
    expect(await count()).toBe(before);
    expect((await stored(id)).applicant_credit_code).toBe('91330106MA2H00000B');
  });

  it('refuses JSON texts of the wrong shape, naming the field in Chinese', async () => {
    const id = await idOf(QINGHE);
    const refusals: [object, string][] = [
      [{ applicantEnglish: 'Qinghe Foods' }, '英文信息不是合法的 JSON'],
      [{ applicantEnglish: '["Qinghe"]' }, '英文信息应为含英文名称 name 与英文地址 address 的 JSON 对象'],
      [{ applicantEnglish: '{"name":"Qinghe","phone":"1"}' }, '英文信息中不能有 phone：只有英文名称 name 与英文地址 address'],
      [{ applicantEnglish: '{"name":7}' }, '英文信息的英文名称应为文字'],
      [{ usedApplicantParam: '青禾' }, '曾用名不是合法的 JSON'],
      [{ usedApplicantParam: '{"0":"青禾"}' }, '曾用名应为名称的 JSON 列表，如 ["旧名甲", "旧名乙"]'],
      [{ usedApplicantParam: '["青禾食品厂", ""]' }, '曾用名第 2 项不能为空'],
      [{ usedApplicantParam: '["青禾食品厂", "青禾食品厂"]' }, '曾用名第 2 项与前面的重复：青禾食品厂'],
    ];
    for (const [change, message] of refusals)
      expect(await server.refused('/enterPrise/modifyInfo', { id, ...change }, admin), JSON.stringify(change)).toBe(message);
    const row = await stored(id);
    expect([row.applicant_english, row.used_applicant_param]).toEqual([null, null]);
  });

  it('changes the new fields one at a time, clears them with empty text, and leaves them alone when a save does not carry them', async () => {
    const id = await idOf(QINGHE);
    await server.call('enterprise.modifyInfo', { id, usedApplicantParam: '["杭州青禾食品厂"]' }, admin);
    await server.call('enterprise.modifyInfo', { id, applicantEnglish: '{"name":"Hangzhou Qinghe Foods Co., Ltd."}', superiorNo: 3 }, admin);
    expect(await stored(id)).toMatchObject({
      used_applicant_param: '["杭州青禾食品厂"]',
      applicant_english: '{"name":"Hangzhou Qinghe Foods Co., Ltd.","address":""}',
      superior_no: 3,
      applicant_credit_code: '91330106MA2H00000B',
    });
    // The list's in-place save sends the fields it shows: the rest stay.
    const row = await stored(id);
    await server.call(
      'enterprise.saveInfo',
      { id, applicantType: 1, bookType: 1, applicantName: QINGHE, applicantCreditCode: '91330106MA2H00000B', legalPerson: '王青' },
      admin,
    );
    expect(await stored(id)).toMatchObject({
      used_applicant_param: row.used_applicant_param,
      applicant_english: row.applicant_english,
      superior_no: 3,
      legal_person: '王青',
    });
    await server.call('enterprise.modifyInfo', { id, usedApplicantParam: '', applicantEnglish: null, superiorNo: null }, admin);
    expect(await stored(id)).toMatchObject({ used_applicant_param: null, applicant_english: null, superior_no: null });
  });

  it('takes only pictures the organisation uploaded: another organisation’s file or a missing one is refused by name', async () => {
    const id = await idOf(QINGHE);
    const theirs = await upload(corp, '执照.png', logoPng(9));
    const pdf = await upload(admin, '执照.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const org = (await stored(id)).org_id;
    expect(await server.refused('/enterPrise/modifyInfo', { id, businessLicense: theirs }, admin)).toBe('营业执照不存在，请重新上传');
    expect(await server.refused('/enterPrise/modifyInfo', { id, idPhoto: theirs }, admin)).toBe('身份证件照片不存在，请重新上传');
    expect(await server.refused('/enterPrise/modifyInfo', { id, businessLicense: `${org}/202601/${'0'.repeat(64)}.png` }, admin)).toBe(
      '营业执照不存在，请重新上传',
    );
    expect(await server.refused('/enterPrise/modifyInfo', { id, businessLicense: pdf }, admin)).toBe('营业执照只能是 jpg、jpeg、png 格式的图片');
    expect(
      await server.refused('/enterPrise/saveInfo', { applicantType: 1, bookType: 1, applicantName: '借用执照有限公司', businessLicense: theirs }, admin),
    ).toBe('营业执照不存在，请重新上传');
    expect((await stored(id)).business_license).toBeNull();
    const mine = await upload(admin, '青禾执照.png', logoPng(5));
    expect((await server.call('enterprise.modifyInfo', { id, businessLicense: mine }, admin)).businessLicense).toBe(mine);
    expect((await server.call('enterprise.modifyInfo', { id, businessLicense: '' }, admin)).businessLicense).toBeNull();
  });

  describe('the applicant’s address from the register', () => {
    const lookup = (body: { applicantName: string; address?: string }, token = admin) => server.call('monitor.getApplicantAddress', body, token);

    beforeAll(async () => {
      const rows = [
        ['浙江省杭州市西湖区文三路 90 号', 'Qinghe Foods', '90 Wensan Road, Hangzhou'],
        ['浙江省杭州市西湖区文三路 90 号', 'Qinghe Foods', '90 Wensan Road, Hangzhou'],
        ['浙江省杭州市余杭区五常街道 8 号', 'Qinghe Foods', ''],
        ['', '', ''],
      ];
      await db()
        .insertInto('tm_register')
        .values(
          rows.map(([address, en, addressEn], i) => ({
            app_no: `ADDR${i}`,
            applicant_cn: '杭州青禾地址测试有限公司',
            applicant_en: en!,
            applicant_address: address!,
            applicant_address_en: addressEn!,
            int_cls: 29,
            tm_status: '已注册',
          })),
        )
        .execute();
      await db()
        .insertInto('tm_register')
        .values({
          app_no: 'ADDR9',
          applicant_cn: '杭州青禾地址测试有限公司分公司',
          applicant_address: '浙江省杭州市上城区 1 号',
          int_cls: 29,
          tm_status: '已注册',
        })
        .execute();
    });

    it('gives the distinct addresses of exactly that name, most frequent first, never an empty one', async () => {
      expect((await lookup({ applicantName: ' 杭州青禾地址测试有限公司 ' })).list).toEqual([
        { address: '浙江省杭州市西湖区文三路 90 号', count: 2 },
        { address: '浙江省杭州市余杭区五常街道 8 号', count: 1 },
      ]);
      // The English name finds the English addresses, whatever its case.
      expect((await lookup({ applicantName: 'QINGHE FOODS' })).list).toEqual([{ address: '90 Wensan Road, Hangzhou', count: 2 }]);
      expect((await lookup({ applicantName: '杭州青禾地址测试' })).list).toEqual([]);
    });

    it('narrows by a fuzzy address: every word it holds, in any case', async () => {
      expect((await lookup({ applicantName: '杭州青禾地址测试有限公司', address: '余杭 8号' })).list).toEqual([]);
      expect((await lookup({ applicantName: '杭州青禾地址测试有限公司', address: '余杭  8 号' })).list).toEqual([
        { address: '浙江省杭州市余杭区五常街道 8 号', count: 1 },
      ]);
      expect((await lookup({ applicantName: 'Qinghe Foods', address: 'wensan' })).list).toHaveLength(1);
      // The user's own % and _ are letters, not wildcards.
      expect((await lookup({ applicantName: '杭州青禾地址测试有限公司', address: '%' })).list).toEqual([]);
    });

    it('finds the demo enterprises’ addresses, and needs the enterprise permission', async () => {
      expect((await lookup({ applicantName: QINGHE })).list[0]).toMatchObject({ address: '浙江省杭州市西湖区文三路 90 号' });
      expect(await server.refused('/monitor/getApplicantAddress', { applicantName: '  ' }, admin)).toBe('申请人名称不能为空');
      expect(await server.refused('/monitor/getApplicantAddress', { applicantName: QINGHE }, await server.signIn('staff'), 403)).toBe('没有“我的企业”权限');
    });
  });
});
