import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueCaseStageReminders } from '../../src/server/cases/caseStageReminders.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * A case stage's handling deadline is reminded of like a letter's: with the organisation's lead times
 * for handling deadlines, once, to the case's handler, and no more once the case has left the stage.
 */
describe.skipIf(skipThisDatabase)(`case stage deadline reminders (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
  });
  afterAll(() => server?.stop());

  const run = (at: string) => sendDueCaseStageReminders(server.database.db, server.services.schemas, new Date(at));
  const remindersOf = (caseNo: string) =>
    server.database.db
      .selectFrom('messages')
      .select(['user_id', 'title', 'content', 'link'])
      .where('title', 'like', `%${caseNo}%`)
      .where('kind', '=', 'reminder')
      .execute();

  it('reminds the handler two days before the evidence deadline, once, and stops when the case moves on', async () => {
    const saved = await server.call('caseManage.saveCase', { caseType: 'objectionDefence', bizParam: { tmName: '提醒测试' } }, admin);
    await server.database.db.updateTable('cases').set({ status: 'pending' }).where('case_no', '=', saved.caseNo).execute();
    // Filed 2026-07-01: the 3-month evidence stage ends on 2026-10-08 (国庆 moves it on).
    await server.call('caseManage.confirmSubmissionCase', { caseNo: saved.caseNo, filedDate: '2026-07-01' }, admin);
    const handler = await server.database.db.selectFrom('cases').select('handler_user_id').where('case_no', '=', saved.caseNo).executeTakeFirstOrThrow();
    expect(handler.handler_user_id).not.toBeNull();

    // (The demo cases' own stages may owe reminders at these times too: only this case's are counted.)
    // 提前2周 falls at 09:00 Beijing on 09-24: nothing is owed a few days before.
    await run('2026-09-20T02:00:00Z');
    expect(await remindersOf(saved.caseNo)).toEqual([]);
    expect(await run('2026-09-24T01:30:00Z')).toBeGreaterThanOrEqual(1);
    await run('2026-09-24T03:00:00Z');
    const first = await remindersOf(saved.caseNo);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ user_id: handler.handler_user_id, title: `【案件期限】已答辩（补充证据期三个月） · 提醒测试 · ${saved.caseNo}` });
    expect(first[0]!.content).toContain('办理期限为 2026-10-08，还有 14 天');
    expect(first[0]!.link).toBe(`/case/defenseObjection?caseNo=${saved.caseNo}`);

    // A server that was down on 10-01 (提前1周) sends only the latest lead owed, 提前2天, once.
    await run('2026-10-06T01:30:00Z');
    await run('2026-10-06T02:30:00Z');
    const second = await remindersOf(saved.caseNo);
    expect(second).toHaveLength(2);
    expect(second.map((m) => m.content).join()).toContain('还有 2 天');

    // Leaving the stage ends its reminders: 当天 on 10-08 owes nothing.
    await server.database.db
      .updateTable('case_stage_records')
      .set({ left_at: new Date('2026-10-07T00:00:00Z') })
      .where('deadline', '=', '2026-10-08')
      .execute();
    await run('2026-10-08T02:00:00Z');
    expect(await remindersOf(saved.caseNo)).toHaveLength(2);
  });
});
