import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';
import { messagesOf, userIdOf } from './support/proposals.js';

/** 转发: a mark, case, letter or proposal reaches each colleague named as a message with the note and a link to its page. */
describe.skipIf(skipThisDatabase)(`forwarding to colleagues (${dbKind})`, () => {
  const shared = sharedTestServer(['corpAdmin', 'staff', 'admin', 'agent']);

  it('sends a message with the note and the link to each recipient, for each kind of object', async () => {
    const { server, tokens } = shared;
    const db = server.database.db;
    const staffId = await userIdOf(server, tokens.staff);
    const corpOrg = (await db.selectFrom('users').select('org_id').where('id', '=', staffId).executeTakeFirstOrThrow()).org_id;
    const mark = await db.selectFrom('brand_archives').select(['id', 'tm_name']).where('org_id', '=', corpOrg).orderBy('id').executeTakeFirstOrThrow();
    const reply = await server.call(
      'forward.forward',
      { kind: 'mark', objectId: String(mark.id), userIds: [staffId], note: '请看一下这件商标的续展' },
      tokens.corpAdmin,
    );
    expect(reply).toEqual({ count: 1 });
    const got = (await messagesOf(server, tokens.staff)).find((m) => m.link === `/brand/detail?id=${mark.id}`);
    expect(got).toMatchObject({ title: expect.stringContaining('赵主管转发给您'), content: '请看一下这件商标的续展', read: false });

    const letter = await db
      .selectFrom('official_documents')
      .select(['id'])
      .where('org_id', '=', corpOrg)
      .where('business', '=', 'trademark')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await server.call('forward.forward', { kind: 'letter', objectId: String(letter.id), userIds: [staffId] }, tokens.corpAdmin);
    expect((await messagesOf(server, tokens.staff)).some((m) => m.link === `/brand/filesAll?letter=${letter.id}`)).toBe(true);

    const saved = await server.call('caseManage.saveCase', { caseType: 'objectionDefence', bizParam: { tmName: '转发测试' } }, tokens.corpAdmin);
    const caseId = (await db.selectFrom('cases').select('id').where('case_no', '=', saved.caseNo).where('org_id', '=', corpOrg).executeTakeFirstOrThrow()).id;
    await server.call('forward.forward', { kind: 'case', objectId: String(caseId), userIds: [staffId], note: '案件请跟进' }, tokens.corpAdmin);
    const caseMessage = (await messagesOf(server, tokens.staff)).find((m) => m.content === '案件请跟进');
    expect(caseMessage?.link).toContain(`caseNo=${saved.caseNo}`);
    expect(caseMessage?.title).toContain(saved.caseNo);
    // The case page names its case by number.
    expect(await server.call('forward.forward', { kind: 'case', objectId: saved.caseNo, userIds: [staffId] }, tokens.corpAdmin)).toEqual({ count: 1 });

    const demand = await db.selectFrom('demands').select(['id', 'demand_no']).where('org_id', '=', corpOrg).orderBy('id').executeTakeFirstOrThrow();
    await server.call('forward.forward', { kind: 'demand', objectId: String(demand.id), userIds: [staffId] }, tokens.corpAdmin);
    expect((await messagesOf(server, tokens.staff)).find((m) => m.link === `/brandManage/case-detail?id=${demand.id}`)?.title).toContain(demand.demand_no);
  });

  it('refuses another organisation’s object or recipient and sends nothing', async () => {
    const { server, tokens } = shared;
    const db = server.database.db;
    const staffId = await userIdOf(server, tokens.staff);
    const agentId = await userIdOf(server, tokens.agent);
    const agencyOrg = (await db.selectFrom('users').select('org_id').where('id', '=', agentId).executeTakeFirstOrThrow()).org_id;
    const foreignMark = await db.selectFrom('brand_archives').select('id').where('org_id', '=', agencyOrg).orderBy('id').executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();

    const foreignObject = await server.send('forward.forward', { kind: 'mark', objectId: String(foreignMark.id), userIds: [staffId] }, tokens.corpAdmin);
    expect(foreignObject.statusCode).toBe(404);
    const corpMark = await db.selectFrom('brand_archives').select('id').where('org_id', '<>', agencyOrg).orderBy('id').executeTakeFirstOrThrow();
    const foreignRecipient = await server.send(
      'forward.forward',
      { kind: 'mark', objectId: String(corpMark.id), userIds: [staffId, agentId] },
      tokens.corpAdmin,
    );
    expect(foreignRecipient.statusCode).toBe(422);
    expect(foreignRecipient.json().subMessage).toContain(`用户不存在或已删除：编号 ${agentId}`);
    const noSuchCase = await server.send('forward.forward', { kind: 'case', objectId: '2147483647', userIds: [staffId] }, tokens.corpAdmin);
    expect(noSuchCase.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});
