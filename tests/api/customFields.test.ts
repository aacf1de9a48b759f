import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';
import type { CustomField } from '../../src/generated/types.js';
import { sendDueReminders } from '../../src/server/customFields/reminders.js';

const TM = 1;

describe.skipIf(skipThisDatabase)(`custom fields of trademark archives (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corpAdmin: string;
  let staff: string;
  let adminId: number;
  let agentId: number;
  let records: number[];
  let corpRecord: number;
  let agencyOrg: number;

  beforeAll(async () => {
    server = await startTestServer({}, { reminderIntervalMs: 0 });
    admin = await server.signIn('admin');
    agent = await server.signIn('agent');
    corpAdmin = await server.signIn('corpAdmin');
    staff = await server.signIn('staff');
    const users = await server.database.db.selectFrom('users').select(['id', 'username', 'org_id']).execute();
    const admins = users.find((u) => u.username === 'admin')!;
    adminId = admins.id;
    agencyOrg = admins.org_id;
    agentId = users.find((u) => u.username === 'agent')!.id;
    const marks = await server.database.db.selectFrom('brand_archives').select(['id', 'org_id']).orderBy('id').execute();
    records = marks
      .filter((m) => m.org_id === admins.org_id)
      .slice(0, 3)
      .map((m) => m.id);
    corpRecord = marks.find((m) => m.org_id !== admins.org_id)!.id;
    expect(records).toHaveLength(3);
  });
  afterAll(() => server?.stop());

  // The archive list is the one place archive records are listed, custom-field conditions included.
  const call = async (path: string, body: unknown, token = admin) =>
    server.post(path === 'queryBrandPage' ? '/brandArchives/queryBrandPage' : `/customField/${path}`, body, token);
  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token = admin) => server.call(id, body, token);
  const refused = async (path: string, body: unknown, token = admin) => {
    const reply = await call(path, body, token);
    expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
    return reply.json().subMessage as string;
  };
  const list = async (token = admin, type = TM): Promise<CustomField[]> => ok('customField.getCustomFieldList', { type }, token);
  const create = async (fieldTitle: string, fieldType: CustomField['fieldType'], fieldContent?: unknown, token = admin): Promise<CustomField> =>
    (
      await ok(
        'customField.setCustomField',
        { type: TM, fieldTitle, fieldType, ...(fieldContent === undefined ? {} : { fieldContent: JSON.stringify(fieldContent) }) },
        token,
      )
    ).field!;
  const valuesOf = async (id: number) =>
    (await server.database.db.selectFrom('brand_archives').select('custom_values').where('id', '=', id).executeTakeFirstOrThrow()).custom_values;

  const options = (...names: string[]) => names.map((cont, i) => ({ cont, color: ['#FFE7BA', '#D9F7BE', '#D6E4FF'][i % 3], value: '' }));

  it('creates fields of each of the seven types and lists them in order', async () => {
    await create('备注', '单行文本');
    await create('详细说明', '多行文本');
    await create('重要程度', '单选', options('高', '中', '低'));
    await create('使用场景', '多选', options('线上', '线下', '出口'));
    await create('证明文件', '附件');
    await create('续展提醒日', '日期', { 日期格式: 'y/m/d' });
    await create('评估价值', '数字', { 数字格式: '2位小数' });
    const fields = await list();
    expect(fields.map((f) => f.fieldTitle)).toEqual(['备注', '详细说明', '重要程度', '使用场景', '证明文件', '续展提醒日', '评估价值']);
    const choice = fields.find((f) => f.fieldTitle === '重要程度')!;
    expect(JSON.parse(choice.fieldContent)).toEqual(options('高', '中', '低'));
    expect(choice.fieldTypeInfoVo.contents).toHaveLength(3);
    // Other organisations see none of them.
    expect(await list(corpAdmin)).toEqual([]);
  });

  it('refuses choice fields without options, bad settings, duplicate names and filters on numbers or attachments', async () => {
    expect(await refused('setCustomField', { type: TM, fieldTitle: '空选项', fieldType: '单选', fieldContent: JSON.stringify(options('', '', '')) })).toBe(
      '请输入选项',
    );
    expect(await refused('setCustomField', { type: TM, fieldTitle: '备注', fieldType: '单行文本' })).toBe('字段名称“备注”已存在');
    expect(
      await refused('setCustomField', { type: TM, fieldTitle: '格式', fieldType: '数字', fieldContent: JSON.stringify({ 数字格式: '三位小数' }) }),
    ).toContain('设置不正确');
    expect(
      await refused('setCustomField', {
        type: TM,
        fieldTitle: '提醒',
        fieldType: '日期',
        fieldContent: JSON.stringify({ 日期格式: 'y/m/d', 设置期限提醒: true }),
      }),
    ).toBe('请选择提醒人员');
    const fields = await list();
    for (const title of ['评估价值', '证明文件']) {
      const id = fields.find((f) => f.fieldTitle === title)!.id;
      expect(await refused('setCustomField', { type: TM, id, isFilter: 1 })).toBe('数字和附件字段不能设为筛选');
    }
    expect(await refused('setCustomField', { type: 99, fieldTitle: 'x', fieldType: '单行文本' })).toBe('未知的模块：99');
    expect((await list()).length).toBe(7);
  });

  it('shows, hides, sets and clears filters with the spec’s messages', async () => {
    const id = (await list()).find((f) => f.fieldTitle === '重要程度')!.id;
    expect((await ok('customField.setCustomField', { type: TM, id, state: 0 })).message).toBe('隐藏成功！');
    expect((await ok('customField.getCustomFieldList', { type: TM, state: 1 })).map((f) => f.id)).not.toContain(id);
    expect((await ok('customField.setCustomField', { type: TM, id, state: 1 })).message).toBe('显示成功！');
    expect((await ok('customField.setCustomField', { type: TM, id, isFilter: 1 })).message).toBe('设置筛选成功！');
    expect((await list()).find((f) => f.id === id)!.isFilter).toBe(1);
    expect((await ok('customField.setCustomField', { type: TM, id, isFilter: 0 })).message).toBe('取消筛选成功！');
    await ok('customField.setCustomField', { type: TM, id, isFilter: 1 });
  });

  it('reorders, pins at most five, and says what changed', async () => {
    const fields = await list();
    const ids = fields.map((f) => f.id).reverse();
    const moved = await ok('customField.sortCustomField', { fieldType: TM, ids: ids.join(','), isTop: '' });
    expect(moved.message).toBe('移动成功！');
    expect(moved.list.map((f) => f.id)).toEqual(ids);
    const pinned = await ok('customField.sortCustomField', { fieldType: TM, ids: ids.join(','), isTop: `${ids[3]},${ids[4]}` });
    expect(pinned.message).toBe('固定成功！');
    expect(pinned.list.slice(0, 2).map((f) => f.id)).toEqual([ids[3], ids[4]]);
    const unpinned = await ok('customField.sortCustomField', { fieldType: TM, ids: ids.join(','), isTop: `${ids[3]}` });
    expect(unpinned.message).toBe('取消固定成功！');
    expect(await refused('sortCustomField', { fieldType: TM, ids: ids.join(','), isTop: ids.slice(0, 6).join(',') })).toBe('最多只能固定 5 个字段');
    expect((await list()).filter((f) => f.isTop === 1).map((f) => f.id)).toEqual([ids[3]]);
    await ok('customField.sortCustomField', { fieldType: TM, ids: fields.map((f) => f.id).join(','), isTop: '' });
  });

  it('saves the full list: new rows added, deleted rows dropped, pins limited, all or nothing', async () => {
    const before = await list();
    const rows = before.map((f) => ({ id: f.id, fieldTitle: f.fieldTitle, fieldType: f.fieldType, fieldContent: f.fieldContent }));
    const tooManyPins = await refused('updateCustomFields', { type: TM, fields: [...rows.map((r) => ({ ...r, isTop: 1 }))] });
    expect(tooManyPins).toBe('最多只能固定 5 个字段');
    const noOptions = await refused('updateCustomFields', {
      type: TM,
      fields: [...rows, { fieldTitle: '新选项', fieldType: '多选', fieldContent: JSON.stringify(options('')) }],
    });
    expect(noOptions).toBe('请输入选项');
    expect(await list()).toEqual(before);

    const saved = await ok('customField.updateCustomFields', {
      type: TM,
      fields: [{ fieldTitle: '临时', fieldType: '单行文本' }, ...rows.slice(0, 6), { fieldTitle: '未保存就删', fieldType: '单行文本', delete: 1 }],
    });
    expect(saved.list.map((f) => f.fieldTitle)).toEqual(['临时', ...before.slice(0, 7).map((f) => f.fieldTitle)]);
    const temp = saved.list.find((f) => f.fieldTitle === '临时');
    const again = await ok('customField.updateCustomFields', { type: TM, fields: [{ id: temp!.id, delete: 1 }, ...rows] });
    expect(again.list.map((f) => f.fieldTitle)).toEqual(before.map((f) => f.fieldTitle));
    // Deleted through the single call as well.
    const doomed = await create('待删除', '单行文本');
    expect((await ok('customField.setCustomField', { type: TM, id: doomed.id, delete: 1 })).message).toBe('删除成功！');
    expect((await list()).some((f) => f.id === doomed.id)).toBe(false);
    expect(await refused('setCustomField', { type: TM, id: doomed.id, state: 1 })).toBe('字段不存在或已删除');
  });

  it('needs brandCustomListSettings to change settings, and the module permission to read', async () => {
    const reply = await call('setCustomField', { type: TM, fieldTitle: '员工字段', fieldType: '单行文本' }, staff);
    expect(reply.statusCode).toBe(403);
    expect((await call('getCustomFieldList', { type: TM }, staff)).statusCode).toBe(200);
    expect((await call('getCustomFieldList', { type: 32 }, staff)).statusCode).toBe(403);
    expect((await server.post('/customField/getCustomFieldList', { type: TM })).statusCode).toBe(401);
  });

  it('keeps copyright’s built-in 版权类型 as 作品类型, locked', async () => {
    const fields = await list(admin, 32);
    expect(fields).toHaveLength(1);
    const builtIn = fields[0]!;
    expect(builtIn).toMatchObject({ fieldTitle: '版权类型', name: '作品类型', locked: true, fieldType: '单选' });
    expect(await refused('setCustomField', { type: 32, id: builtIn.id, fieldTitle: '改名', fieldType: '单选', fieldContent: builtIn.fieldContent })).toBe(
      '内置字段“作品类型”不能修改',
    );
    expect(await refused('setCustomField', { type: 32, id: builtIn.id, delete: 1 })).toBe('内置字段“作品类型”不能删除');
    expect(await refused('updateCustomFields', { type: 32, fields: [{ id: builtIn.id, delete: 1 }] })).toBe('内置字段“作品类型”不能删除');
    expect(await refused('updateCustomFields', { type: 32, fields: [{ id: builtIn.id, fieldTitle: '别名' }] })).toBe('内置字段“作品类型”不能修改');
    expect((await ok('customField.setCustomField', { type: 32, id: builtIn.id, state: 0 })).message).toBe('隐藏成功！');
    expect(await list(admin, 32)).toHaveLength(1);
  });

  it('stores one record’s values by field id, checking each against its type and limits', async () => {
    const byTitle = Object.fromEntries((await list()).map((f) => [f.fieldTitle, f.id]));
    const id = records[0]!;
    const set = (customValues: Record<string, unknown>, token = admin) => call('setTmArchiveCustomFieldData', { id, customValues }, token);
    const saved = await set({
      [byTitle['备注']!]: '核心商标',
      [byTitle['重要程度']!]: '高',
      [byTitle['使用场景']!]: ['线上', '出口'],
      [byTitle['评估价值']!]: '12345.67',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await valuesOf(id)).toEqual({
      [byTitle['备注']!]: '核心商标',
      [byTitle['重要程度']!]: '高',
      [byTitle['使用场景']!]: ['线上', '出口'],
      [byTitle['评估价值']!]: '12345.67',
    });

    const problems: [Record<string, unknown>, string][] = [
      [{ [byTitle['备注']!]: '字'.repeat(51) }, '备注不能超过 50 个字符'],
      [{ [byTitle['详细说明']!]: '字'.repeat(201) }, '详细说明不能超过 200 个字符'],
      [{ [byTitle['评估价值']!]: '1'.repeat(21) }, '评估价值不能超过 20 个字符'],
      [{ [byTitle['评估价值']!]: '1.234' }, '评估价值最多 2 位小数'],
      [{ [byTitle['评估价值']!]: '十二' }, '评估价值只能填写数字'],
      [{ [byTitle['重要程度']!]: '极高' }, '重要程度没有选项“极高”'],
      [{ [byTitle['使用场景']!]: ['线上', '太空'] }, '使用场景没有选项“太空”'],
      [{ [byTitle['续展提醒日']!]: '2026-02-30' }, '续展提醒日不是有效的日期'],
      [{ [byTitle['证明文件']!]: [{ fileUrl: '1/202601/nothing.pdf', fileName: '证明.pdf' }] }, '附件不存在，请重新上传：1/202601/nothing.pdf'],
      [{ 999999: '无' }, '自定义字段不存在或已删除：999999'],
    ];
    for (const [values, message] of problems) {
      const reply = await set({ [byTitle['备注']!]: '不应保存', ...values });
      expect(reply.statusCode, JSON.stringify(values)).toBe(422);
      expect(reply.json().subMessage).toBe(message);
    }
    expect((await valuesOf(id))[byTitle['备注']!]).toBe('核心商标');

    // A cleared value leaves the record.
    expect((await set({ [byTitle['备注']!]: '' })).statusCode).toBe(200);
    expect(await valuesOf(id)).not.toHaveProperty(String(byTitle['备注']));
    // Another organisation's record is not found.
    expect((await call('setTmArchiveCustomFieldData', { id: corpRecord, customValues: {} })).statusCode).toBe(404);
  });

  it('lets an agency user change the values of the marks they are responsible for, and of no other', async () => {
    const byTitle = Object.fromEntries((await list()).map((f) => [f.fieldTitle, f.id]));
    const marks = await server.database.db.selectFrom('brand_archives').select(['id', 'owner_user_id']).where('org_id', '=', agencyOrg).execute();
    const own = marks.find((m) => m.owner_user_id === agentId)!.id;
    const others = marks.find((m) => m.owner_user_id !== agentId)!.id;
    const before = await valuesOf(others);
    const note = String(byTitle['备注']);
    expect((await call('setTmArchiveCustomFieldData', { id: own, customValues: { [note]: '代理人填写' } }, agent)).statusCode).toBe(200);
    expect(await valuesOf(own)).toMatchObject({ [note]: '代理人填写' });
    expect(await refused('setTmArchiveCustomFieldData', { id: others, customValues: { [note]: '越权' } }, agent)).toBe('商标不存在或无权查看');
    expect(await refused('setCustomFieldData', { data: { 备注: '越权' }, source: 0, type: TM, key: `${own},${others}` }, agent)).toBe(
      `以下商标不存在或无权操作：${others}`,
    );
    expect(await valuesOf(others)).toEqual(before);
    expect((await valuesOf(own))[note]).toBe('代理人填写');
  });

  it('accepts attachments that are the organisation’s uploaded files', async () => {
    const byTitle = Object.fromEntries((await list()).map((f) => [f.fieldTitle, f.id]));
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), '证明.pdf');
    const uploaded = await server.app.inject({ method: 'POST', url: '/api/file/upload', headers: { token: admin }, payload: form as unknown as string });
    const { path } = dataOf('file.upload', uploaded);
    const value = [{ fileUrl: path, fileName: '证明.pdf' }];
    const reply = await call('setTmArchiveCustomFieldData', { id: records[1], customValues: { [byTitle['证明文件']!]: value } });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await valuesOf(records[1]!))[byTitle['证明文件']!]).toEqual(value);
  });

  it('edits several records at once by field title, all or nothing', async () => {
    const byTitle = Object.fromEntries((await list()).map((f) => [f.fieldTitle, f.id]));
    const key = records.join(',');
    const done = await ok('customField.setCustomFieldData', { data: { 重要程度: '中', 备注: '批量' }, source: 0, type: TM, key });
    expect(done).toEqual({ message: '修改成功', updated: 3 });
    for (const id of records) expect(await valuesOf(id)).toMatchObject({ [byTitle['重要程度']!]: '中', [byTitle['备注']!]: '批量' });

    // One bad value, one foreign record, one field twice or nothing chosen: nothing changes.
    expect(await refused('setCustomFieldData', { data: { 重要程度: '低', 备注: '字'.repeat(51) }, source: 0, type: TM, key })).toBe('备注不能超过 50 个字符');
    expect(await refused('setCustomFieldData', { data: { 重要程度: '低' }, source: 0, type: TM, key: `${key},${corpRecord}` })).toBe(
      '所选记录中有不存在或已删除的商标档案',
    );
    expect(await refused('setCustomFieldData', { data: { 重要程度: '低', [byTitle['重要程度']!]: '高' }, source: 0, type: TM, key })).toBe(
      '字段“重要程度”只能修改一次',
    );
    expect(await refused('setCustomFieldData', { data: {}, source: 0, type: TM, key })).toBe('请先选择所有要修改的字段');
    for (const id of records) expect((await valuesOf(id))[byTitle['重要程度']!]).toBe('中');
  });

  it('filters archive records by fields marked as filters', async () => {
    const byTitle = Object.fromEntries((await list()).map((f) => [f.fieldTitle, f.id]));
    await ok('customField.setTmArchiveCustomFieldData', { id: records[2], customValues: { [byTitle['重要程度']!]: '高' } });
    const found = await ok('brandArchives.queryBrandPage', { pageSize: 100, customFields: { [byTitle['重要程度']!]: ['高'] } });
    expect(found.list.map((r) => r.id)).toEqual([records[2]]);
    expect(found.list[0]!.customValues![byTitle['重要程度']!]).toBe('高');
    expect(await refused('queryBrandPage', { customFields: { [byTitle['备注']!]: '批量' } })).toBe('“备注”不是筛选字段');
    await ok('customField.setCustomField', { type: TM, id: byTitle['备注'], isFilter: 1 });
    const text = await ok('brandArchives.queryBrandPage', { pageSize: 100, customFields: { [byTitle['备注']!]: '批' } });
    expect(text.count).toBe(3);

    // Multiple choice holds one of the chosen; dates fall in [from, to], either end open.
    const [a, b, c] = records as [number, number, number];
    await ok('customField.setCustomField', { type: TM, id: byTitle['使用场景'], isFilter: 1 });
    await ok('customField.setCustomField', { type: TM, id: byTitle['续展提醒日'], isFilter: 1 });
    await ok('customField.setCustomFieldData', { data: { 使用场景: ['线下'], 续展提醒日: '2027-01-10' }, source: 0, type: TM, key: `${b}` });
    await ok('customField.setCustomFieldData', { data: { 使用场景: ['线上', '出口'], 续展提醒日: '2027-06-30' }, source: 0, type: TM, key: `${c}` });
    const ids = async (customFields: Record<string, unknown>) =>
      (await ok('brandArchives.queryBrandPage', { pageSize: 100, customFields })).list.map((r) => r.id).sort((x, y) => x - y);
    expect(await ids({ [byTitle['使用场景']!]: ['出口', '太空'] })).toEqual([a, c].sort((x, y) => x - y));
    expect(await ids({ [byTitle['续展提醒日']!]: ['2027-01-01', '2027-03-01'] })).toEqual([b]);
    expect(await ids({ [byTitle['续展提醒日']!]: ['2027-02-01', ''] })).toEqual([c]);
    expect(await ids({ [byTitle['续展提醒日']!]: ['2027-01-01', ''], [byTitle['使用场景']!]: ['线上'] })).toEqual([c]);
    expect(await refused('queryBrandPage', { customFields: { [byTitle['续展提醒日']!]: ['明天', ''] } })).toBe('“续展提醒日”的筛选日期应为 YYYY-MM-DD');
  });

  it('turns due date reminders into exactly one workbench message per person', async () => {
    const field = await create('异议截止日', '日期', { 日期格式: 'y/m/d', 设置期限提醒: true, 日期: '提前1天', 时间: '09:00', 人员: `${adminId},${agentId}` });
    const id = records[0]!;
    await ok('customField.setTmArchiveCustomFieldData', { id, customValues: { [field.id]: '2099-03-10' } });
    const reminders = await server.database.db.selectFrom('custom_field_reminders').selectAll().where('field_id', '=', field.id).execute();
    expect(reminders).toHaveLength(1);
    // 2099-03-09 09:00 Beijing time.
    expect(new Date(reminders[0]!.due_at).toISOString()).toBe('2099-03-09T01:00:00.000Z');
    const messages = async () =>
      await server.database.db
        .selectFrom('messages')
        .select(['user_id', 'title'])
        .where('kind', '=', 'reminder')
        .where(sql<boolean>`title like ${'%异议截止日%'}`)
        .execute();

    expect(await sendDueReminders(server.database.db, new Date('2099-03-09T00:59:00Z'))).toBe(0);
    expect(await messages()).toHaveLength(0);
    expect(await sendDueReminders(server.database.db, new Date('2099-03-09T01:00:00Z'))).toBe(1);
    const sent = await messages();
    expect(sent.map((m) => m.user_id).sort()).toEqual([adminId, agentId].sort());
    // Runs that overlap or come later send nothing again.
    const again = await Promise.all([
      sendDueReminders(server.database.db, new Date('2099-03-10T00:00:00Z')),
      sendDueReminders(server.database.db, new Date('2099-03-10T00:00:00Z')),
    ]);
    expect(again).toEqual([0, 0]);
    expect(await messages()).toHaveLength(2);
    // The admin reads it on the workbench.
    const inbox = await server.call('home.getMessageList', { pageNo: 1, pageSize: 50 }, admin);
    expect(JSON.stringify(inbox)).toContain('异议截止日');

    // Turning reminders on for a field that already has values plans them; deleting the field drops them.
    const plain = await create('答辩截止日', '日期', { 日期格式: 'y/m/d' });
    await ok('customField.setTmArchiveCustomFieldData', { id: records[2], customValues: { [plain.id]: '2099-07-01' } });
    const pendingOf = async (fieldId: number) =>
      server.database.db
        .selectFrom('custom_field_reminders')
        .select(['due_at', 'user_ids'])
        .where('field_id', '=', fieldId)
        .where('sent_at', 'is', null)
        .execute();
    expect(await pendingOf(plain.id)).toHaveLength(0);
    await ok('customField.setCustomField', {
      type: TM,
      id: plain.id,
      fieldTitle: '答辩截止日',
      fieldType: '日期',
      fieldContent: JSON.stringify({ 日期格式: 'y/m/d', 设置期限提醒: true, 日期: '提前1个月', 时间: '10:00', 人员: String(agentId) }),
    });
    const planned = await pendingOf(plain.id);
    expect(planned.map((p) => [new Date(p.due_at).toISOString(), p.user_ids])).toEqual([['2099-06-01T02:00:00.000Z', [agentId]]]);
    expect((await ok('customField.setCustomField', { type: TM, id: plain.id, delete: 1 })).message).toBe('删除成功！');
    expect(await pendingOf(plain.id)).toHaveLength(0);

    // Changing the date replaces the pending reminder; clearing it removes it.
    await ok('customField.setTmArchiveCustomFieldData', { id: records[1], customValues: { [field.id]: '2099-05-01' } });
    await ok('customField.setTmArchiveCustomFieldData', { id: records[1], customValues: { [field.id]: '2099-06-01' } });
    const pending = await server.database.db
      .selectFrom('custom_field_reminders')
      .select('due_at')
      .where('field_id', '=', field.id)
      .where('sent_at', 'is', null)
      .execute();
    expect(pending.map((p) => new Date(p.due_at).toISOString())).toEqual(['2099-05-31T01:00:00.000Z']);
    await ok('customField.setTmArchiveCustomFieldData', { id: records[1], customValues: { [field.id]: null } });
    expect(
      await server.database.db.selectFrom('custom_field_reminders').select('id').where('field_id', '=', field.id).where('sent_at', 'is', null).execute(),
    ).toHaveLength(0);
  });
});

describe.skipIf(skipThisDatabase)(`the reminder job inside the server (${dbKind})`, () => {
  let server: TestServer;
  let now = new Date('2099-01-01T00:00:00Z');
  beforeAll(async () => {
    server = await startTestServer({}, { reminderIntervalMs: 50, clock: () => now });
  });
  afterAll(() => server?.stop());

  it('sends a due reminder on its own, by its clock, once', async () => {
    const admin = await server.signIn('admin');
    const adminUser = await server.database.db.selectFrom('users').select(['id', 'org_id']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    const record = await server.database.db
      .selectFrom('brand_archives')
      .select('id')
      .where('org_id', '=', adminUser.org_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const created = await server.call(
      'customField.setCustomField',
      {
        type: 1,
        fieldTitle: '续展截止日',
        fieldType: '日期',
        fieldContent: JSON.stringify({ 日期格式: 'y/m/d', 设置期限提醒: true, 日期: '当天', 时间: '08:00', 人员: String(adminUser.id) }),
      },
      admin,
    );
    const fieldId = created.field!.id;
    expect(
      (await server.post('/customField/setTmArchiveCustomFieldData', { id: record.id, customValues: { [fieldId]: '2099-02-01' } }, admin)).statusCode,
    ).toBe(200);
    // Other jobs (approvals, case stages) remind the admin of demo records too; count only this field's.
    const reminders = () =>
      server.database.db
        .selectFrom('messages')
        .select('id')
        .where('kind', '=', 'reminder')
        .where('user_id', '=', adminUser.id)
        .where('title', 'like', '%续展截止日')
        .execute();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reminders()).toHaveLength(0);
    // 2099-02-01 08:00 Beijing time has come.
    now = new Date('2099-02-01T00:00:00Z');
    await expect.poll(async () => (await reminders()).length, { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await reminders()).toHaveLength(1);
  });
});
