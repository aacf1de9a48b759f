import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

const CODE = 'UK-HZ-2026-00481234';

describe.skipIf(skipThisDatabase)(`an enterprise’s e-filing certificate code (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let corp: string;
  let qinghe: number;
  beforeAll(async () => {
    server = await startTestServer({ credentialKey: randomBytes(32).toString('base64') });
    admin = await server.signIn('admin');
    corp = await server.signIn('corpAdmin');
    qinghe = (await server.database.db.selectFrom('enterprises').select('id').where('applicant_name', '=', '杭州青禾食品有限公司').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => server?.stop());

  const db = () => server.database.db;
  const stored = () => db().selectFrom('enterprise_ukey_codes').selectAll().where('enterprise_id', '=', qinghe).executeTakeFirst();

  it('says when no code is set', async () => {
    expect(await server.call('softCertificate.getUKeySignInfo', { enterpriseId: qinghe }, admin)).toEqual({
      enterpriseId: qinghe,
      set: false,
      readable: false,
      maskedCode: null,
      setAt: null,
      setByName: null,
    });
  });

  it('keeps the code encrypted in the table and answers only with its masked tail, when and by whom', async () => {
    const reply = await server.send('softCertificate.saveUKeyCode', { enterpriseId: qinghe, ukeyCode: CODE }, admin);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain('00481234');
    expect(reply.json().data).toMatchObject({ enterpriseId: qinghe, set: true, readable: true, maskedCode: '****1234', setByName: '王管理' });
    const row = await stored();
    expect(row!.code_cipher).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(row!.code_cipher).not.toContain('1234');
    // Nowhere in the database in clear: not in the table, not in the operation log.
    const clear = await db()
      .selectFrom('operation_log')
      .select('operation')
      .where((eb) => eb(eb.cast('detail', 'text'), 'like', `%${CODE}%`))
      .execute();
    expect(clear).toEqual([]);
    const log = await db().selectFrom('operation_log').select('detail').where('operation', '=', 'softCertificate.saveUKeyCode').executeTakeFirstOrThrow();
    expect(log.detail).toMatchObject({ replaced: false, enterpriseId: qinghe, applicantName: '杭州青禾食品有限公司' });

    const info = await server.send('softCertificate.getUKeySignInfo', { enterpriseId: qinghe }, admin);
    expect(info.body).not.toContain('00481234');
    expect(info.json().data).toMatchObject({ set: true, readable: true, maskedCode: '****1234', setAt: expect.any(String) });
    // Nor does any enterprise read carry it.
    const detail = await server.send('enterprise.getCompanyDetailInfo', { id: qinghe }, admin);
    expect(detail.body).not.toContain('1234');
  });

  it('replaces the code with a fresh ciphertext', async () => {
    const before = (await stored())!.code_cipher;
    const agent = await server.signIn('agent');
    const replaced = await server.call('softCertificate.saveUKeyCode', { enterpriseId: qinghe, ukeyCode: 'NEW-CODE-5678' }, agent);
    expect(replaced).toMatchObject({ maskedCode: '****5678', setByName: expect.any(String) });
    expect(replaced.setByName).not.toBe('王管理');
    expect((await stored())!.code_cipher).not.toBe(before);
    expect(
      (await db().selectFrom('operation_log').select('detail').where('operation', '=', 'softCertificate.saveUKeyCode').execute()).filter(
        (row) => (row.detail as { replaced?: boolean }).replaced,
      ),
    ).toHaveLength(1);
  });

  it('says a code sealed with another key is set but cannot be read, and never fails the page', async () => {
    const good = (await stored())!.code_cipher;
    const bytes = Buffer.from(good.slice(3), 'base64');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
    await db()
      .updateTable('enterprise_ukey_codes')
      .set({ code_cipher: `v1:${bytes.toString('base64')}` })
      .where('enterprise_id', '=', qinghe)
      .execute();
    expect(await server.call('softCertificate.getUKeySignInfo', { enterpriseId: qinghe }, admin)).toMatchObject({
      set: true,
      readable: false,
      maskedCode: null,
    });
    // Copied to another enterprise, a ciphertext does not open there either.
    const yunfan = await db()
      .selectFrom('enterprises')
      .select(['id', 'org_id'])
      .where('applicant_name', '=', '深圳云帆电子科技有限公司')
      .executeTakeFirstOrThrow();
    await db().insertInto('enterprise_ukey_codes').values({ enterprise_id: yunfan.id, org_id: yunfan.org_id, code_cipher: good }).execute();
    expect(await server.call('softCertificate.getUKeySignInfo', { enterpriseId: yunfan.id }, admin)).toMatchObject({ set: true, readable: false });
    await server.call('softCertificate.saveUKeyCode', { enterpriseId: qinghe, ukeyCode: CODE }, admin);
    expect(await server.call('softCertificate.getUKeySignInfo', { enterpriseId: qinghe }, admin)).toMatchObject({ readable: true, maskedCode: '****1234' });
  });

  it('refuses a code of the wrong form, another organisation’s enterprise and someone without the permission', async () => {
    const before = (await stored())!.code_cipher;
    for (const code of ['12345', 'has space 1', '中文编码123456', 'x'.repeat(65)]) {
      expect(await server.refused('/softCertificate/saveUKeyCode', { enterpriseId: qinghe, ukeyCode: code }, admin), code).toBe(
        '请求参数有误：证书编码格式不正确：应为字母、数字或英文符号，共 6 到 64 个，不含空格',
      );
    }
    expect(await server.refused('/softCertificate/saveUKeyCode', { enterpriseId: qinghe, ukeyCode: 'THEIRS-0001' }, corp, 404)).toBe('企业不存在');
    expect(await server.refused('/softCertificate/getUKeySignInfo', { enterpriseId: qinghe }, corp, 404)).toBe('企业不存在');
    const staff = await server.signIn('staff');
    expect(await server.refused('/softCertificate/getUKeySignInfo', { enterpriseId: qinghe }, staff, 403)).toBe('没有“我的企业”权限');
    expect(await server.refused('/softCertificate/saveUKeyCode', { enterpriseId: qinghe, ukeyCode: 'STAFF-0001' }, staff, 403)).toBe('没有“我的企业”权限');
    expect((await stored())!.code_cipher).toBe(before);
  });

  it('goes with its enterprise', async () => {
    await server.call('enterprise.deleteInfo', { id: qinghe }, admin);
    expect(await stored()).toBeUndefined();
  });
});
