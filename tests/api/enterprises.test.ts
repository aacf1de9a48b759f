import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

const ZHOU = '周明--上海市徐汇区漕溪北路 12 号';

describe.skipIf(skipThisDatabase)(`my enterprises: detail, edit and delete (${dbKind})`, () => {
  const shared = sharedTestServer(['admin']);

  const list = async (token: string) => (await shared.server.call('enterprise.getList', { flatIs: true, pageSize: 100 }, token)).list;
  const idOf = async (name: string) =>
    (await shared.server.database.db.selectFrom('enterprises').select('id').where('applicant_name', '=', name).executeTakeFirstOrThrow()).id;
  const stored = async (id: number) => shared.server.database.db.selectFrom('enterprises').selectAll().where('id', '=', id).executeTakeFirst();

  it('shows a personal applicant by name; the address stays in its own field', async () => {
    const zhou = (await list(shared.tokens.admin)).find((e) => e.applicantName === ZHOU)!;
    expect(zhou).toMatchObject({ displayName: '周明', applicantAddress: '上海市徐汇区漕溪北路 12 号', applicantType: 0 });
    const company = (await list(shared.tokens.admin)).find((e) => e.applicantType === 1)!;
    expect(company.displayName).toBe(company.applicantName);
    // Sorting by the shown name is sorting by the stored one.
    const sorted = await shared.server.call('enterprise.getList', { flatIs: true, sortField: 'displayName', sortType: 'asc' }, shared.tokens.admin);
    expect(sorted.list[0].displayName).toBe('周明');
  });

  it('stores a new personal applicant as name--address', async () => {
    const saved = await shared.server.call(
      'enterprise.saveInfo',
      { applicantType: 0, bookType: 1, applicantName: '张三', applicantAddress: '北京市海淀区中关村大街 1 号' },
      shared.tokens.admin,
    );
    expect(saved).toMatchObject({ applicantName: '张三--北京市海淀区中关村大街 1 号', displayName: '张三', applicantAddress: '北京市海淀区中关村大街 1 号' });
  });

  it('refuses a group that does not exist, 0 included, by name and saving nothing', async () => {
    const before = (await list(shared.tokens.admin)).length;
    for (const groupId of [0, -1, 999999]) {
      const res = await shared.server.send(
        'enterprise.saveInfo',
        { applicantType: 1, bookType: 1, applicantName: `无分组公司${groupId}`, groupId },
        shared.tokens.admin,
      );
      expect(res.statusCode, String(groupId)).toBe(422);
      expect(res.json().subMessage).toBe('所属分组不存在');
    }
    expect((await list(shared.tokens.admin)).length).toBe(before);
  });

  it('gives the detail of one of the organisation’s enterprises, and of no other organisation’s', async () => {
    const detail = await shared.server.call('enterprise.getCompanyDetailInfo', { id: await idOf(ZHOU) }, shared.tokens.admin);
    expect(detail).toMatchObject({
      groupName: '未分组',
      applicantTypeName: '个人',
      bookTypeName: '中国大陆',
      enterprise: { displayName: '周明', postCode: '200030' },
    });
    const grouped = await shared.server.call('enterprise.getCompanyDetailInfo', { id: await idOf('杭州青禾食品有限公司') }, shared.tokens.admin);
    expect(grouped.groupName).toBe('重点客户');
    const corp = await shared.server.signIn('corpAdmin');
    expect(await shared.server.refused('/enterPrise/getCompanyDetailInfo', { id: await idOf(ZHOU) }, corp, 404)).toBe('企业不存在');
    expect(await shared.server.refused('/enterPrise/getCompanyDetailInfo', { id: await idOf(ZHOU) }, await shared.server.signIn('staff'), 403)).toBe(
      '没有“我的企业”权限',
    );
  });

  it('changes only the fields sent', async () => {
    const id = await idOf('深圳云帆电子科技有限公司');
    const before = await stored(id);
    const changed = await shared.server.call('enterprise.modifyInfo', { id, postCode: '518000', legalPerson: '' }, shared.tokens.admin);
    expect(changed).toMatchObject({
      postCode: '518000',
      legalPerson: null,
      applicantName: before!.applicant_name,
      applicantCreditCode: before!.applicant_credit_code,
    });
    const after = await stored(id);
    expect({ ...after, post_code: before!.post_code, legal_person: before!.legal_person }).toEqual(before);
  });

  it('keeps a personal applicant’s stored name in step with its name and address', async () => {
    const id = await idOf(ZHOU);
    const renamed = await shared.server.call('enterprise.modifyInfo', { id, displayName: '周明明' }, shared.tokens.admin);
    expect(renamed).toMatchObject({ applicantName: '周明明--上海市徐汇区漕溪北路 12 号', displayName: '周明明' });
    const moved = await shared.server.call('enterprise.modifyInfo', { id, applicantAddress: '上海市黄浦区南京东路 1 号' }, shared.tokens.admin);
    expect(moved).toMatchObject({ applicantName: '周明明--上海市黄浦区南京东路 1 号', displayName: '周明明', applicantAddress: '上海市黄浦区南京东路 1 号' });
    expect((await stored(id))!.post_code).toBe('200030');
  });

  it('refuses an empty change, malformed fields, a duplicate name and another organisation’s enterprise, in Chinese', async () => {
    const id = await idOf('杭州青禾食品有限公司');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id }, shared.tokens.admin)).toBe('没有需要保存的修改');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, postCode: '12' }, shared.tokens.admin)).toBe('请求参数有误：邮政编码格式不正确');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, applicantCreditCode: 'abc' }, shared.tokens.admin)).toBe(
      '请求参数有误：统一社会信用代码格式不正确',
    );
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, displayName: '' }, shared.tokens.admin)).toBe('请求参数有误：申请人名称不能为空');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, displayName: '   ' }, shared.tokens.admin)).toBe('申请人名称不能为空');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, displayName: '深圳云帆电子科技有限公司' }, shared.tokens.admin)).toBe(
      '申请人“深圳云帆电子科技有限公司”已存在',
    );
    const corp = await shared.server.signIn('corpAdmin');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, displayName: '改名' }, corp, 404)).toBe('企业不存在');
    expect(await shared.server.refused('/enterPrise/modifyInfo', { id, displayName: '改名' }, await shared.server.signIn('staff'), 403)).toBe(
      '没有“我的企业”权限',
    );
    expect((await stored(id))!.applicant_name).toBe('杭州青禾食品有限公司');
  });

  it('deletes one of the organisation’s enterprises, and refuses another organisation or someone without the permission', async () => {
    const corp = await shared.server.signIn('corpAdmin');
    const id = await idOf('张三--北京市海淀区中关村大街 1 号');
    expect(await shared.server.refused('/enterPrise/deleteInfo', { id }, corp, 404)).toBe('企业不存在');
    expect(await shared.server.refused('/enterPrise/deleteInfo', { id }, await shared.server.signIn('staff'), 403)).toBe('没有“我的企业”权限');
    expect(await stored(id)).toBeDefined();
    await shared.server.call('enterprise.deleteInfo', { id }, await shared.server.signIn('agent'));
    expect(await stored(id)).toBeUndefined();
    expect((await list(shared.tokens.admin)).some((e) => e.id === id)).toBe(false);
    expect(await shared.server.refused('/enterPrise/deleteInfo', { id }, shared.tokens.admin, 404)).toBe('企业不存在');
    const log = await shared.server.database.db
      .selectFrom('operation_log')
      .select('detail')
      .where('operation', '=', 'enterprise.deleteInfo')
      .executeTakeFirstOrThrow();
    expect(log.detail).toMatchObject({ id });
  });
});
