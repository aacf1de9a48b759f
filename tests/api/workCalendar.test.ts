import { describe, expect, it } from 'vitest';
import { dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

/** Working-day corrections: one platform-wide table, kept by the platform's operators only. */
describe.skipIf(skipThisDatabase)(`holiday corrections (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin']);
  const operator = () => shared.tokens.admin;

  it('adds, edits and deletes corrections, and says which years the shipped table knows', async () => {
    const empty = await shared.server.call('workCalendar.list', { year: 2031 }, operator());
    expect(empty).toMatchObject({ count: 0, list: [] });
    expect(empty.knownYears).toContain(2026);
    expect(empty.knownYears).not.toContain(2031);
    expect(empty.knownYearsText).toMatch(/^随产品提供的节假日表包含 2004–20\d\d 年/);

    const holiday = await shared.server.call('workCalendar.save', { day: '2031-01-01', kind: 'holiday', name: ' 元旦 ' }, operator());
    expect(holiday).toMatchObject({ day: '2031-01-01', kind: 'holiday', name: '元旦', updatedByName: '王管理' });
    // A Sunday made a working day.
    await shared.server.call('workCalendar.save', { day: '2031-01-05', kind: 'workday', name: '元旦' }, operator());
    // Saving the same day again replaces it.
    await shared.server.call('workCalendar.save', { day: '2031-01-01', kind: 'holiday', name: '元旦节' }, operator());
    let listed = await shared.server.call('workCalendar.list', { year: 2031 }, operator());
    expect(listed.list.map((d) => [d.day, d.kind, d.name])).toEqual([
      ['2031-01-05', 'workday', '元旦'],
      ['2031-01-01', 'holiday', '元旦节'],
    ]);

    // Editing may move the day.
    await shared.server.call('workCalendar.save', { originalDay: '2031-01-01', day: '2031-01-02', kind: 'holiday', name: '元旦' }, operator());
    listed = await shared.server.call('workCalendar.list', { year: 2031 }, operator());
    expect(listed.list.map((d) => d.day)).toEqual(['2031-01-05', '2031-01-02']);

    await shared.server.call('workCalendar.delete', { day: '2031-01-02' }, operator());
    await shared.server.call('workCalendar.delete', { day: '2031-01-05' }, operator());
    expect((await shared.server.call('workCalendar.list', { year: 2031 }, operator())).count).toBe(0);

    const log = (await shared.server.call('operationLog.query', { pageSize: 5 }, operator())).list;
    expect(log.map((e) => e.operation)).toContain('workCalendar.delete');
  });

  it('refuses what makes no sense, with a Chinese message', async () => {
    expect(await shared.server.refused('/api/workCalendar/save', { day: '2031-01-06', kind: 'workday' }, operator())).toBe(
      '2031-01-06 是星期一，本来就是工作日，不需要记为调休上班',
    );
    expect(await shared.server.refused('/api/workCalendar/save', { day: '2031-02-30', kind: 'holiday' }, operator())).toMatch(/^请求参数有误：日期/);
    expect(await shared.server.refused('/api/workCalendar/save', { day: '2031-02-03', kind: 'rest' }, operator())).toMatch(/^请求参数有误：安排/);
    expect(await shared.server.refused('/api/workCalendar/save', { originalDay: '2031-03-03', day: '2031-03-04', kind: 'holiday' }, operator(), 404)).toBe(
      '2031-03-03 没有节假日更正',
    );
    expect(await shared.server.refused('/api/workCalendar/delete', { day: '2031-03-03' }, operator(), 404)).toBe('2031-03-03 没有节假日更正');
    expect((await shared.server.call('workCalendar.list', { year: 2031 }, operator())).count).toBe(0);
  });

  it('is kept by platform operators only', async () => {
    const other = shared.tokens.corpAdmin;
    expect(await shared.server.refused('/api/workCalendar/list', {}, other, 403)).toBe('只有平台运营人员可以维护节假日');
    expect(await shared.server.refused('/api/workCalendar/save', { day: '2031-05-01', kind: 'holiday', name: '劳动节' }, other, 403)).toBe(
      '只有平台运营人员可以维护节假日',
    );
    expect(await shared.server.refused('/api/workCalendar/delete', { day: '2031-05-01' }, other, 403)).toBe('只有平台运营人员可以维护节假日');
    expect((await shared.server.call('workCalendar.list', { year: 2031 }, operator())).count).toBe(0);
  });

  it('gives every signed-in user the corrections to count deadlines with, as the server counts them', async () => {
    await shared.server.call('workCalendar.save', { day: '2032-01-02', kind: 'holiday', name: '元旦' }, operator());
    const { days } = await shared.server.call('workCalendar.corrections', {}, shared.tokens.corpAdmin);
    expect(days).toContainEqual({ day: '2032-01-02', kind: 'holiday', name: '元旦' });
    await shared.server.call('workCalendar.delete', { day: '2032-01-02' }, operator());
    expect((await shared.server.call('workCalendar.corrections', {}, shared.tokens.corpAdmin)).days).not.toContainEqual(
      expect.objectContaining({ day: '2032-01-02' }),
    );
  });
});
