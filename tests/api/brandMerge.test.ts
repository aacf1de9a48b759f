import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables.js';
import type { OperationResponse } from '../../src/generated/client.js';
import type { ApiEnvelope } from '../../src/shared/envelope.js';
import { registerMergeReference, unregisterMergeReference, unregisteredArchiveReferences } from '../../src/server/trademarks/mergeRegistry.js';
import { createIsolatedDatabase, dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

type Row = Record<string, unknown>;
let serial = 0;

async function orgOf(db: Kysely<Database>, username: string): Promise<{ orgId: number; userId: number }> {
  const u = await db.selectFrom('users').select(['id', 'org_id']).where('username', '=', username).executeTakeFirstOrThrow();
  return { orgId: u.org_id, userId: u.id };
}

/** A mark in an organisation's archive, written directly; `ageDays` sets when it was last updated. */
async function insertMark(db: Kysely<Database>, orgId: number, values: Row = {}, ageDays = 0): Promise<number> {
  const { custom_values, goods, goods_en, ...rest } = values;
  const row = await db
    .insertInto('brand_archives')
    .values({
      org_id: orgId,
      app_no: `M${Date.now() % 100000}${serial++}`,
      int_cls: 3,
      tm_name: '合并测试',
      tm_status: '已注册',
      custom_values: JSON.stringify(custom_values ?? {}),
      goods: JSON.stringify(goods ?? []),
      goods_en: JSON.stringify(goods_en ?? []),
      ...rest,
      created_at: sql<Date>`now() - ${`${ageDays + 1} days`}::interval`,
      updated_at: sql<Date>`now() - ${`${ageDays} days`}::interval`,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const marksById = async (db: Kysely<Database>, ids: number[]) =>
  (await db.selectFrom('brand_archives').selectAll().where('id', 'in', ids).orderBy('id').execute()).map((r) => ({ ...r }));

async function waitFor<T>(what: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(skipThisDatabase)(`merging duplicate trademarks (${dbKind})`, () => {
  let server: TestServer;
  let db: Kysely<Database>;
  let admin: string;
  let agent: string;
  let corp: string;
  let agency: { orgId: number; userId: number };
  let agentUser: { orgId: number; userId: number };
  let company: { orgId: number; userId: number };

  beforeAll(async () => {
    server = await startTestServer({ batchTaskPollMs: 20 });
    db = server.database.db;
    admin = await server.signIn('admin');
    agent = await server.signIn('agent');
    corp = await server.signIn('corpAdmin');
    agency = await orgOf(db, 'admin');
    agentUser = await orgOf(db, 'agent');
    company = await orgOf(db, 'corpadmin');
    // A table of the kind a later domain adds (tags): a foreign key and a unique pair.
    await sql`create table merge_probe (id serial primary key, brand_id integer not null references brand_archives(id) on delete cascade, node text not null, unique (brand_id, node));
      grant select, insert, update, delete on merge_probe to ipm_app; grant usage on sequence merge_probe_id_seq to ipm_app`.execute(db);
  });
  afterAll(async () => {
    unregisterMergeReference('merge_probe', 'brand_id');
    await sql`drop table if exists merge_probe`.execute(db).catch(() => undefined);
    await server?.stop();
  });

  const merge = (mergeList: unknown, token = admin) => server.post('/brandArchives/mergeBrand', { mergeList }, token);

  it('has every table that references the archive registered with the merge (guard)', async () => {
    // A table added with a foreign key to brand_archives(id) and no registerMergeReference fails here.
    const unregistered = (await unregisteredArchiveReferences(db)).filter((fk) => fk.table !== 'merge_probe');
    expect(unregistered).toEqual([]);
  });

  it('notices an unregistered table, and passes once it is registered', async () => {
    expect(await unregisteredArchiveReferences(db)).toContainEqual({ table: 'merge_probe', column: 'brand_id' });
    registerMergeReference({ table: 'merge_probe', column: 'brand_id', uniqueWith: ['node'] });
    expect(await unregisteredArchiveReferences(db)).not.toContainEqual({ table: 'merge_probe', column: 'brand_id' });
  });

  it('keeps the kept mark’s data, fills its empty fields newest first, merges custom values, moves references and deletes the rest', async () => {
    const target = await insertMark(db, agency.orgId, { tm_name: '保留名', applicant_en: '', reg_no: null, custom_values: { f1: '保留', f2: '' } }, 5);
    const older = await insertMark(
      db,
      agency.orgId,
      { tm_name: '旧名', applicant_en: 'OLDER LTD', reg_no: '111', remark: '旧备注', custom_values: { f2: '旧', f3: '旧3' } },
      30,
    );
    const newer = await insertMark(
      db,
      agency.orgId,
      { tm_name: '新名', applicant_en: 'NEWER LTD', reg_no: null, goods_en: [{ code: '0301', name: 'soap' }], custom_values: { f2: '新' } },
      1,
    );
    await sql`insert into merge_probe (brand_id, node) values (${target}, 'x'), (${older}, 'x'), (${older}, 'y'), (${newer}, 'y'), (${newer}, 'z')`.execute(db);

    const reply = await merge([{ targetBrandId: target, mergedBrandIds: [older, newer] }]);
    expect(dataOf('brandMerge.mergeBrand', reply)).toEqual({ mergedCount: 2, targetBrandIds: [target] });

    const [kept, ...gone] = await marksById(db, [target, older, newer]);
    expect(gone).toEqual([]);
    expect(kept).toMatchObject({
      id: target,
      tm_name: '保留名',
      applicant_en: 'NEWER LTD',
      reg_no: '111',
      remark: '旧备注',
      goods_en: [{ code: '0301', name: 'soap' }],
      custom_values: { f1: '保留', f2: '新', f3: '旧3' },
    });
    const probes = await sql<{ node: string }>`select node from merge_probe where brand_id = ${target} order by node`.execute(db);
    expect(probes.rows.map((r) => r.node)).toEqual(['x', 'y', 'z']);
    expect((await sql<{ n: number }>`select count(*)::int as n from merge_probe where brand_id in (${older}, ${newer})`.execute(db)).rows[0]!.n).toBe(0);
    const log = await db.selectFrom('brand_merge_log').selectAll().where('target_id', '=', target).execute();
    expect(log).toHaveLength(1);
    expect([...log[0]!.merged_ids].sort()).toEqual([older, newer].sort());
  });

  it('refuses unknown, repeated, self-merging and foreign marks with a Chinese message, changing nothing', async () => {
    const a = await insertMark(db, agency.orgId, { applicant_en: '' });
    const b = await insertMark(db, agency.orgId, { applicant_en: 'B LTD' });
    const c = await insertMark(db, agency.orgId, { applicant_en: 'C LTD' });
    const foreign = await insertMark(db, company.orgId);
    const before = await marksById(db, [a, b, c, foreign]);
    const cases: [unknown, RegExp][] = [
      [[{ targetBrandId: a, mergedBrandIds: [99_999_999] }], /不存在、已删除或无权操作：编号 99999999/],
      [[{ targetBrandId: a, mergedBrandIds: [b, b] }], new RegExp(`编号 ${b}）在合并请求中出现了不止一次`)],
      [
        [
          { targetBrandId: a, mergedBrandIds: [b] },
          { targetBrandId: c, mergedBrandIds: [b] },
        ],
        /出现了不止一次/,
      ],
      [[{ targetBrandId: a, mergedBrandIds: [a, b] }], new RegExp(`保留的商标（编号 ${a}）不能同时作为被合并的商标`)],
      [
        [
          { targetBrandId: a, mergedBrandIds: [b] },
          { targetBrandId: c, mergedBrandIds: [foreign] },
        ],
        new RegExp(`无权操作：编号 ${foreign}`),
      ],
      [[{ targetBrandId: a, mergedBrandIds: [] }], /被合并的商标/],
    ];
    for (const [mergeList, message] of cases) {
      const reply = await merge(mergeList);
      expect(reply.statusCode, reply.body).toBe(422);
      expect(reply.json().subMessage).toMatch(message);
    }
    expect(await marksById(db, [a, b, c, foreign])).toEqual(before);
  });

  it('lets only one of two simultaneous merges of the same mark succeed', async () => {
    const [a, b, c] = [await insertMark(db, agency.orgId), await insertMark(db, agency.orgId), await insertMark(db, agency.orgId)];
    const replies = await Promise.all([merge([{ targetBrandId: a, mergedBrandIds: [b] }]), merge([{ targetBrandId: c, mergedBrandIds: [b] }])]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(replies.find((r) => r.statusCode === 422)!.json().subMessage).toContain(`编号 ${b}`);
    expect((await marksById(db, [a, b, c])).map((m) => m.id)).toEqual([a, c]);
    const logged = await db.selectFrom('brand_merge_log').select('merged_ids').where('target_id', 'in', [a, c]).execute();
    expect(logged.map((l) => [...l.merged_ids])).toEqual([[b]]);
  });

  it('lets an agency user merge only the marks they are responsible for', async () => {
    const own1 = await insertMark(db, agency.orgId, { owner_user_id: agentUser.userId });
    const own2 = await insertMark(db, agency.orgId, { owner_user_id: agentUser.userId, remark: '我的' });
    const others = await insertMark(db, agency.orgId, { owner_user_id: agency.userId });
    const refused = await merge([{ targetBrandId: own1, mergedBrandIds: [others] }], agent);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toContain(`编号 ${others}`);
    expect(await marksById(db, [own1, others])).toHaveLength(2);
    const ok = await merge([{ targetBrandId: own1, mergedBrandIds: [own2] }], agent);
    expect(ok.statusCode, ok.body).toBe(200);
    const [kept] = await marksById(db, [own1, own2]);
    expect(kept).toMatchObject({ id: own1, remark: '我的' });
    // Another organisation's user cannot even name them.
    expect((await merge([{ targetBrandId: own1, mergedBrandIds: [others] }], corp)).statusCode).toBe(422);
  });

  it('gives the dialog its candidates, the differing fields and the overseas comparison', async () => {
    const a = await insertMark(db, agency.orgId, {
      app_no: 'DLG1',
      tm_name: '对话',
      applicant_en: 'A LTD',
      source: 0,
      goods: [{ code: '0301', name: '香皂' }],
    });
    const b = await insertMark(db, agency.orgId, {
      app_no: 'DLG1',
      tm_name: '对话',
      applicant_en: 'B LTD',
      source: 1,
      country_code: 'US',
      goods_en: [{ code: '0301', name: 'soap' }],
    });
    const { list } = await server.call('brandMerge.queryMergeCandidates', { ids: [b, a] }, admin);
    expect(list.map((c) => c.id)).toEqual([b, a]);
    expect(list[1]).toMatchObject({
      tmName: '对话',
      appNo: 'DLG1',
      tmItem: { tmClValue: 3 },
      dplSource: 0,
      dplSourceLabel: '公有云同步',
      brandCGInfo: [{ code: '0301', name: '香皂' }],
    });
    expect(list[0]).toMatchObject({ dplSourceLabel: '手动录入', intClsOverse: [{ code: '0301', nameEn: 'soap' }] });
    const conflicts = await server.call('brandMerge.queryBrandConflictField', { ids: [a, b] }, admin);
    const fields = conflicts.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['applicantEn', 'countryCode', 'goodsItems', 'goodsItemsEn', 'source']));
    expect(fields).not.toContain('tmName');
    expect(fields).not.toContain('appNo');
    const overseas = await server.call('brandMerge.queryOverseasMergeDetail', { idList: [a, b] }, admin);
    expect(overseas.list[1]).toMatchObject({ id: b, countryCode: 'US', detailVo: { applicantEn: 'B LTD', goodItemEn: 'soap', source: 1 } });
    const foreign = await server.post('/brandArchives/queryMergeCandidates', { ids: [a, b] }, corp);
    expect(foreign.statusCode).toBe(422);
  });

  it('refuses a batch merge given neither marks nor conditions, and starts no task', async () => {
    const before = (await server.post('/batchTask/list', { operateType: 'onceMerge', pageNo: 1 }, admin)).json().data.count as number;
    const refused = await server.post('/brandArchives/onceMergeBrand', {}, admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toBe('请指定要合并的商标（ids）或筛选条件（filter）');
    expect((await server.post('/batchTask/list', { operateType: 'onceMerge', pageNo: 1 }, admin)).json().data.count).toBe(before);
  });

  it('merges every duplicate group of a batch in the background and lists the task as 成功', async () => {
    const groups: number[][] = [];
    for (let g = 0; g < 3; g++) {
      const appNo = `BATCH${g}`;
      groups.push([
        await insertMark(db, agency.orgId, { app_no: appNo, tm_name: '批量', remark: `旧${g}` }, 10),
        await insertMark(db, agency.orgId, { app_no: appNo, tm_name: '批量', remark: '' }, 1),
      ]);
    }
    const lone = await insertMark(db, agency.orgId, { app_no: 'BATCHLONE', tm_name: '批量' });
    const created = await server.call('brandMerge.onceMergeBrand', { filter: { tmName: '批量', searchType: 1 } }, admin);
    expect(created).toMatchObject({ operateType: 'onceMerge', operateStatus: 0, name: '批量商标合并', endTime: null });
    const taskId = created.id;
    const listed = await waitFor(
      () => server.call('brandMerge.batchTaskList', { operateType: 'onceMerge', pageNo: 1 }, admin),
      (data) => data.list.find((t) => t.id === taskId)?.operateStatus !== 0,
    );
    const task = listed.list.find((t) => t.id === taskId);
    expect(task).toMatchObject({ operateStatus: 1, progress: 3, total: 3, error: null, name: '批量商标合并' });
    expect(task!.endTime).toMatch(/^\d{4}-/);
    expect(listed.count).toBeGreaterThanOrEqual(1);
    for (const [older, newer] of groups) {
      // The newest is kept; its empty remark is filled from the older one.
      const left = await marksById(db, [older!, newer!]);
      expect(left.map((m) => m.id)).toEqual([newer]);
      expect(left[0]!.remark).toMatch(/^旧\d$/);
    }
    expect(await marksById(db, [lone])).toHaveLength(1);
    // Other organisations and agency users who did not start it do not see it.
    expect((await server.call('brandMerge.batchTaskList', {}, corp)).list.some((t) => t.id === taskId)).toBe(false);
    expect((await server.call('brandMerge.batchTaskList', {}, agent)).list.some((t) => t.id === taskId)).toBe(false);
  });

  it('merges in a batch only the duplicates the agency user who started it is responsible for', async () => {
    const mine = [
      await insertMark(db, agency.orgId, { app_no: 'AGENCYB', tm_name: '代理批量', owner_user_id: agentUser.userId }, 3),
      await insertMark(db, agency.orgId, { app_no: 'AGENCYB', tm_name: '代理批量', owner_user_id: agentUser.userId }, 1),
    ];
    const theirs = [
      await insertMark(db, agency.orgId, { app_no: 'AGENCYC', tm_name: '代理批量', owner_user_id: agency.userId }, 3),
      await insertMark(db, agency.orgId, { app_no: 'AGENCYC', tm_name: '代理批量', owner_user_id: agency.userId }, 1),
    ];
    // A mark of someone else with the same number as the agent's pair is not theirs to merge either.
    const sameNumber = await insertMark(db, agency.orgId, { app_no: 'AGENCYB', tm_name: '代理批量', owner_user_id: agency.userId }, 0);
    const taskId = (await server.call('brandMerge.onceMergeBrand', { filter: { tmName: '代理批量' } }, agent)).id;
    const listed = await waitFor(
      () => server.call('brandMerge.batchTaskList', { operateType: 'onceMerge' }, agent),
      (data) => data.list.find((t) => t.id === taskId)?.operateStatus === 1,
    );
    expect(listed.list.find((t) => t.id === taskId)).toMatchObject({ total: 1, progress: 1 });
    expect((await marksById(db, mine)).map((m) => m.id)).toEqual([mine[1]]);
    expect(await marksById(db, [...theirs, sameNumber])).toHaveLength(3);
  });

  it('answers requests that come over the network while a batch merge works through its groups', async () => {
    await sql`insert into brand_archives (org_id, app_no, int_cls, tm_name, remark)
      select ${agency.orgId}, 'BUSY' || g, 3, '繁忙合并', '' from generate_series(1, 300) g, generate_series(0, 1) k`.execute(db);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const taskId = (await server.call('brandMerge.onceMergeBrand', { filter: { tmName: '繁忙合并', searchType: 1 } }, admin)).id;
    // The embedded database answers through promises alone: unless the driver lets the event loop turn
    // between transactions, this request is read only once the whole merge is over.
    const reply = await fetch(`http://127.0.0.1:${port}/batchTask/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: admin },
      body: JSON.stringify({ operateType: 'onceMerge', pageNo: 1 }),
    });
    const during = ((await reply.json()) as ApiEnvelope<OperationResponse<'brandMerge.batchTaskList'>>).data.list.find((t) => t.id === taskId);
    expect(during?.operateStatus).toBe(0);
    const finished = await waitFor(
      async () => (await server.call('brandMerge.batchTaskList', { operateType: 'onceMerge', pageNo: 1 }, admin)).list.find((t) => t.id === taskId),
      (task) => task!.operateStatus !== 0,
      120_000,
    );
    expect(finished).toMatchObject({ operateStatus: 1, progress: 300, total: 300 });
  }, 180_000);

  it('pages the task list from page 1, 20 a page by default', async () => {
    await db
      .insertInto('batch_tasks')
      .values(Array.from({ length: 22 }, () => ({ org_id: company.orgId, operate_type: 'onceMerge', operate_status: 1, total: 0 })))
      .execute();
    const first = await server.call('brandMerge.batchTaskList', { operateType: 'onceMerge' }, corp);
    expect(first.list).toHaveLength(20);
    expect(first.count).toBe(22);
    const second = await server.call('brandMerge.batchTaskList', { operateType: 'onceMerge', pageNo: 2 }, corp);
    expect(second.list).toHaveLength(2);
  });
});

describe.skipIf(skipThisDatabase)(`batch merge tasks across a crash (${dbKind})`, () => {
  let dataDir: string | null = null;
  let shared: { url: string; drop(): Promise<void> } | null = null;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    if (dbKind === 'postgres') shared = await createIsolatedDatabase();
    else dataDir = mkdtempSync(join(tmpdir(), 'ipm-merge-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop().catch(() => undefined);
    await shared?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** A server on the shared database; `pollMs` 0 leaves its worker stopped for the test to drive. */
  const start = async (pollMs: number, staleMs = 60_000) => {
    const s = await startTestServer({ batchTaskPollMs: pollMs, batchTaskStaleMs: staleMs, ...(shared ? { databaseUrl: shared.url } : { dataDir: dataDir! }) });
    servers.push(s);
    return s;
  };

  it('resumes a task whose server died halfway and merges every group exactly once', async () => {
    const first = await start(0);
    const db = first.database.db;
    const { orgId } = await orgOf(db, 'admin');
    const groups: number[][] = [];
    for (let g = 0; g < 5; g++) {
      const ids: number[] = [];
      for (let k = 0; k < 3; k++) ids.push(await insertMark(db, orgId, { app_no: `CRASH${g}`, tm_name: '崩溃恢复' }, k));
      groups.push(ids);
    }
    const token = await first.signIn('admin');
    const taskId = (await first.call('brandMerge.onceMergeBrand', { filter: { tmName: '崩溃恢复' } }, token)).id;
    // Planning is a step, then two groups; then the process is gone without letting go of the task.
    const done = await first.services.batchWorker.runOnce(3);
    const afterRun = await db.selectFrom('batch_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(done, JSON.stringify(afterRun)).toEqual({ taskId, steps: 3 });
    const halfway = await db.selectFrom('batch_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(halfway).toMatchObject({ operate_status: 0, progress: 2, total: 5 });
    expect(halfway.claimed_by).toBe(first.services.batchWorker.workerId);
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await start(20, 300);
    const sdb = second.database.db;
    const finished = await waitFor(
      () => sdb.selectFrom('batch_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow(),
      (t) => t.operate_status !== 0,
    );
    expect(finished).toMatchObject({ operate_status: 1, progress: 5, total: 5, error: null, attempts: 2 });
    const log = await sdb.selectFrom('brand_merge_log').select(['target_id', 'merged_ids']).where('task_id', '=', taskId).orderBy('id').execute();
    expect(log).toHaveLength(5);
    expect(new Set(log.map((l) => l.target_id)).size).toBe(5);
    for (const ids of groups) {
      const left = await sdb.selectFrom('brand_archives').select('id').where('id', 'in', ids).execute();
      // Newest (age 0, the first inserted) is kept, once.
      expect(left.map((r) => r.id)).toEqual([ids[0]]);
    }
  });

  it('marks as failed, at start, a task that cannot be resumed', async () => {
    const s = servers[0] ?? (await start(0));
    const db = s.database.db;
    const { orgId } = await orgOf(db, 'admin');
    const unknown = await db
      .insertInto('batch_tasks')
      .values({ org_id: orgId, operate_type: 'noSuchTask', claimed_by: 'gone:1', heartbeat_at: new Date(Date.now() - 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const worn = await db
      .insertInto('batch_tasks')
      .values({ org_id: orgId, operate_type: 'onceMerge', attempts: 5, claimed_by: 'gone:2', heartbeat_at: new Date(Date.now() - 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.services.batchWorker.stop();
    await s.services.batchWorker.start();
    const rows = await db
      .selectFrom('batch_tasks')
      .select(['id', 'operate_status', 'error', 'end_time'])
      .where('id', 'in', [unknown.id, worn.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.operate_status, r.error])).toEqual([
      [2, '不支持的任务类型'],
      [2, '任务多次中断，已停止处理'],
    ]);
    expect(rows.every((r) => r.end_time !== null)).toBe(true);
    await s.services.batchWorker.stop();
  });

  it.skipIf(dbKind !== 'postgres')('lets two processes claim different tasks at the same moment (SKIP LOCKED)', async () => {
    const a = servers[0] ?? (await start(0));
    const b = await start(0);
    const { orgId } = await orgOf(a.database.db, 'admin');
    await a.services.batchWorker.stop();
    const ids = (
      await a.database.db
        .insertInto('batch_tasks')
        .values(
          [0, 1].map(() => ({
            org_id: orgId,
            operate_type: 'onceMerge',
            payload: JSON.stringify({ viewer: { userId: 1, ownMarksOnly: false }, query: { ids: [] } }),
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const claimed = await Promise.all([a.services.batchWorker.claim(), b.services.batchWorker.claim()]);
    expect(claimed.every((id) => id !== null)).toBe(true);
    expect(new Set(claimed).size).toBe(2);
    expect([...claimed].sort()).toEqual([...ids].sort());
    expect(await a.services.batchWorker.claim()).toBeNull();
  });
});
