import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trademark, WorkQueue } from '../../src/generated/types.js';
import { addDays, addMonths, chinaToday, daysBetween, graceEndDate, GRACE_MONTHS } from '../../src/shared/trademarkDates.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import type { OperationId, OperationRequest } from '../../src/generated/client.js';

type Expiry = OperationRequest<'brandArchives.getExpiryReminders'>['expiry'];

describe.skipIf(skipThisDatabase)(`the workbench's trademark reminders and to-dos (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corp: string;
  let staff: string;
  beforeAll(async () => {
    server = await startTestServer();
    [admin, agent, corp, staff] = [await server.signIn('admin'), await server.signIn('agent'), await server.signIn('corpAdmin'), await server.signIn('staff')];
  });
  afterAll(() => server?.stop());

  const ok = <Id extends OperationId>(id: Id, body: OperationRequest<Id>, token: string) => server.call(id, body, token);
  const reminders = (token: string, expiry: Expiry, limit = 20) => ok('brandArchives.getExpiryReminders', { expiry, limit }, token);
  const archive = async (token: string, query: OperationRequest<'brandArchives.queryBrandPage'> = {}) =>
    (await ok('brandArchives.queryBrandPage', { pageSize: 200, ...query }, token)).list;
  const statistics = (token: string, query: OperationRequest<'brandArchives.getBrandDetailsStatistics'> = {}) =>
    ok('brandArchives.getBrandDetailsStatistics', query, token);
  const userId = async (token: string) => (await ok('auth.getUserInfo', {}, token)).id;

  /** The marks a reminder should hold, worked out from the whole archive as the user sees it. */
  const expected = (marks: Trademark[], expiry: Expiry, months = 6) => {
    const today = chinaToday();
    const [from, to] = expiry === 'expiring' ? [today, addMonths(today, months)] : [addMonths(today, -GRACE_MONTHS), addDays(today, -1)];
    return marks.filter((m) => m.privateEndDate && m.privateEndDate >= from && m.privateEndDate <= to);
  };

  it('the demo gives both organisations, and each agent, marks expiring and in their grace period', async () => {
    for (const token of [admin, agent, corp, staff]) {
      for (const expiry of ['expiring', 'grace'] as const) {
        const queue = await reminders(token, expiry);
        expect(queue.count, expiry).toBeGreaterThan(0);
        // Realistic: registered marks, not lapsed ones.
        const byId = new Map((await archive(token)).map((m) => [m.id, m]));
        expect(queue.items.every((i) => ['已注册', '续展'].includes(byId.get(i.id)!.tmStatus))).toBe(true);
      }
    }
  });

  it('counts and lists exactly the marks the archive’s expiry condition and statistics select, nearest deadline first', async () => {
    const marks = await archive(admin);
    for (const expiry of ['expiring', 'grace'] as const) {
      const queue = await reminders(admin, expiry);
      const due = expected(marks, expiry);
      const filtered = await archive(admin, { expiry });
      expect(queue.count).toBe(due.length);
      expect(filtered.map((m) => m.id).sort((a, b) => a - b)).toEqual(due.map((m) => m.id).sort((a, b) => a - b));
      expect((await statistics(admin, { expiry })).total).toBe(due.length);
      const byEnd = [...due].sort((a, b) => a.privateEndDate!.localeCompare(b.privateEndDate!) || a.id - b.id);
      expect(queue.items.map((i) => i.id)).toEqual(byEnd.map((m) => m.id));
      const today = chinaToday();
      for (const item of queue.items) {
        const mark = due.find((m) => m.id === item.id)!;
        const deadline = expiry === 'expiring' ? mark.privateEndDate! : graceEndDate(mark.privateEndDate)!;
        expect(item).toEqual({
          id: mark.id,
          title: mark.newTmName || mark.tmName,
          description: expect.stringContaining(mark.regNo ?? mark.appNo),
          date: deadline,
          dateLabel: expiry === 'expiring' ? '专用权截止' : '宽展期截止',
          daysLeft: daysBetween(today, deadline),
          link: `/brand/detail?id=${mark.id}`,
        });
        expect(item.daysLeft).toBeGreaterThanOrEqual(0);
      }
    }
    const stats = await statistics(admin);
    expect([stats.expiringSoon, stats.inGrace]).toEqual([(await reminders(admin, 'expiring')).count, (await reminders(admin, 'grace')).count]);
    // The few nearest, and the count of all.
    const two = await reminders(admin, 'expiring', 2);
    expect(two.items).toHaveLength(2);
    expect(two.count).toBe(expected(marks, 'expiring').length);
  });

  it('takes both ends of each range as of today, whatever day the test runs', async () => {
    const today = chinaToday();
    const graceFrom = addMonths(today, -GRACE_MONTHS);
    const ends: [string, Expiry | null][] = [
      [today, 'expiring'],
      [addMonths(today, 6), 'expiring'],
      [addDays(addMonths(today, 6), 1), null],
      [addDays(today, -1), 'grace'],
      [graceFrom, 'grace'],
      [addDays(graceFrom, -1), null],
    ];
    const before = { expiring: (await reminders(corp, 'expiring')).count, grace: (await reminders(corp, 'grace')).count };
    const added: number[] = [];
    for (const [i, [end]] of ends.entries()) {
      const mark = await ok(
        'brandArchives.addBrand',
        { appNo: `EDGE${Date.now()}${i}`, tmName: `边界${i}`, tmCl: 3, tmStatus: '已注册', regDate: addDays(addMonths(end, -120), 1), privateEndDate: end },
        corp,
      );
      added.push(mark.id);
    }
    const expiring = await reminders(corp, 'expiring');
    const grace = await reminders(corp, 'grace');
    expect(expiring.count).toBe(before.expiring + 2);
    expect(grace.count).toBe(before.grace + 2);
    const ids = (queue: WorkQueue) => queue.items.map((i) => i.id);
    for (const [i, [, expiry]] of ends.entries()) {
      expect(ids(expiring).includes(added[i]!), `${ends[i]![0]} expiring`).toBe(expiry === 'expiring');
      expect(ids(grace).includes(added[i]!), `${ends[i]![0]} grace`).toBe(expiry === 'grace');
    }
    expect(expiring.items.find((i) => i.id === added[0])).toMatchObject({ daysLeft: 0 });
    expect(grace.items.find((i) => i.id === added[4])).toMatchObject({ date: today, daysLeft: 0 });
    await ok('brandArchives.delTrademarkList', { ids: added as [number, ...number[]] }, corp);
  });

  it('looks as far ahead as the organisation’s archive setting says', async () => {
    const settings = await ok('brandArchives.getGlobalConfiguration', {}, corp);
    const later = addMonths(chinaToday(), 4);
    const mark = await ok(
      'brandArchives.addBrand',
      { appNo: `LATER${Date.now()}`, tmName: '四个月后', tmCl: 3, tmStatus: '已注册', regDate: addDays(addMonths(later, -120), 1), privateEndDate: later },
      corp,
    );
    const marks = await archive(corp);
    await ok('brandArchives.updateGlobalConfiguration', { ...settings, expiryReminderMonths: 2 }, corp);
    try {
      const queue = await reminders(corp, 'expiring');
      expect(queue.count).toBe(expected(marks, 'expiring', 2).length);
      expect(queue.count).toBeLessThan(expected(marks, 'expiring', 6).length);
      expect(queue.note).toBe('专用权在 2 个月内截止');
      expect((await archive(corp, { expiry: 'expiring' })).length).toBe(queue.count);
      expect((await statistics(corp)).expiringSoon).toBe(queue.count);
    } finally {
      await ok('brandArchives.updateGlobalConfiguration', settings, corp);
    }
    const sixMonths = await reminders(corp, 'expiring');
    expect(sixMonths.note).toBe('专用权在 6 个月内截止');
    expect(sixMonths.items.map((i) => i.id)).toContain(mark.id);
    await ok('brandArchives.delTrademarkList', { ids: [mark.id] }, corp);
  });

  it('keeps to the agency rule and to the organisation, on the server', async () => {
    const agentId = await userId(agent);
    const all = await archive(admin);
    for (const expiry of ['expiring', 'grace'] as const) {
      const theirs = expected(all, expiry).filter((m) => m.ownerUserId === agentId);
      const queue = await reminders(agent, expiry);
      expect(queue.count).toBe(theirs.length);
      expect(queue.count).toBeLessThan((await reminders(admin, expiry)).count);
      expect(queue.items.map((i) => i.id).sort((a, b) => a - b)).toEqual(theirs.map((m) => m.id).sort((a, b) => a - b));
      expect((await archive(agent, { expiry })).every((m) => m.ownerUserId === agentId)).toBe(true);
      // Tagging by the filter acts on the same marks, not on every mark.
      expect((await ok('brandLabels.inquireLabelsByCon', { filter: { expiry } }, admin)).count).toBe(expected(all, expiry).length);
      // Another organisation's marks are never among them, nor counted.
      const agencyIds = new Set(all.map((m) => m.id));
      const company = await reminders(corp, expiry);
      expect(company.items.some((i) => agencyIds.has(i.id))).toBe(false);
      expect(company.count).toBe(expected(await archive(corp), expiry).length);
      // A staff member of a company (not an agency) sees all of its marks.
      expect((await reminders(staff, expiry)).count).toBe(company.count);
    }
    // A mark the agent is given shows up in the agent's reminders at once.
    const soon = addDays(chinaToday(), 20);
    const mark = await ok(
      'brandArchives.addBrand',
      {
        appNo: `AGENT${Date.now()}`,
        tmName: '代理新标',
        tmCl: 9,
        tmStatus: '已注册',
        regDate: addDays(addMonths(soon, -120), 1),
        privateEndDate: soon,
        ownerUserId: agentId,
      },
      admin,
    );
    expect((await reminders(agent, 'expiring')).items.map((i) => i.id)).toContain(mark.id);
    expect((await reminders(corp, 'expiring')).items.map((i) => i.id)).not.toContain(mark.id);
    await ok('brandArchives.delTrademarkList', { ids: [mark.id] }, admin);
  });

  it('says what is wrong with a request', async () => {
    expect(await server.refused('/brandArchives/getExpiryReminders', { expiry: 'soon' }, admin)).toBe('请求参数有误：到期提醒的取值只能是：expiring、grace');
    expect(await server.refused('/brandArchives/getExpiryReminders', {}, admin)).toContain('到期提醒');
    expect(await server.refused('/brandArchives/queryBrandPage', { expiry: 'later' }, admin)).toContain('到期提醒');
    expect((await server.post('/brandArchives/getExpiryReminders', { expiry: 'grace' })).statusCode).toBe(401);
  });

  it('completes a to-do and takes it back, only one’s own', async () => {
    const open = async (token: string) => await ok('home.todoList', {}, token);
    const before = await open(staff);
    const todo = before.list[0]!;
    await ok('home.completeTodo', { id: todo.id }, staff);
    expect((await open(staff)).list.map((t) => t.id)).not.toContain(todo.id);
    // Someone else can neither complete nor reopen it.
    expect(await server.refused('/api/todo-reopen', { id: todo.id }, corp, 404)).toBe('待办不存在或尚未完成');
    expect((await open(staff)).count).toBe(before.count - 1);
    await ok('home.reopenTodo', { id: todo.id }, staff);
    expect(await open(staff)).toEqual(before);
    expect(await server.refused('/api/todo-reopen', { id: todo.id }, staff, 404)).toBe('待办不存在或尚未完成');
    // And done again, as often as one changes one's mind.
    await ok('home.completeTodo', { id: todo.id }, staff);
    await ok('home.reopenTodo', { id: todo.id }, staff);
    expect((await open(staff)).count).toBe(before.count);
  });
});
