import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseBizParam } from '../../src/generated/types.js';
import { schemasDir } from '../../src/schemaSource/schemaFiles.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/** Which cases use which version of a case type (issue 35, item 7): a case keeps its version when the type changes. */
describe.skipIf(skipThisDatabase)(`case type version usage (${dbKind})`, () => {
  let server: TestServer;
  let admin: string;
  let agent: string;
  let corpAdmin: string;
  let agencyMark: number;
  const db = () => server.database.db;

  const registration = (): CaseBizParam => ({
    brandId: agencyMark,
    tmType: 'general',
    priorityRadio: 'no',
    dplPriorityTm: '[]',
    coOwnerInfo: '[]',
    tmItems: [{ appCountry: 'CN', tmCl: [9], goodsItem: [] }],
    tmName: '青禾',
    form: { applicantName: '杭州青禾食品有限公司' },
  });
  const usageOf = async (caseType: string, token = admin) => (await server.call('caseManage.caseTypeVersionUsage', { caseType }, token)).list;

  beforeAll(async () => {
    server = await startTestServer();
    [admin, agent, corpAdmin] = await Promise.all([server.signIn('admin'), server.signIn('agent'), server.signIn('corpAdmin')]);
    const org = await db().selectFrom('users').select('org_id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    agencyMark = (await db().selectFrom('brand_archives').select('id').where('org_id', '=', org.org_id).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server?.stop());

  it('counts open and all cases per version: the built-in file, then a published version, deleted cases left out', async () => {
    const before = await usageOf('domesticRegistration');
    expect(before.every((u) => u.caseType === 'domesticRegistration')).toBe(true);
    const builtInBefore = before.find((u) => u.version === 0) ?? { openCount: 0, totalCount: 0 };

    const onBuiltIn = await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin);
    expect(onBuiltIn.typeVersion).toBe(0);

    // The organisation publishes its own version of the type; cases made from now on use it.
    const body = JSON.parse(readFileSync(join(schemasDir, 'caseTypes', 'domesticRegistration.json'), 'utf8')) as Record<string, unknown>;
    delete body.$schema;
    const draft = await server.call(
      'designer.saveDraft',
      { kind: 'caseTypes', key: 'domesticRegistration', body: { ...body, title: '国内商标注册（本所）' }, baseVersion: null },
      admin,
    );
    expect(draft.problems).toEqual([]);
    await server.call('designer.publish', { kind: 'caseTypes', key: 'domesticRegistration', version: draft.version }, admin);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await server.call('caseManage.saveCase', { caseType: 'domesticRegistration', bizParam: registration() }, admin));
    expect(made.map((c) => c.typeVersion)).toEqual([draft.version, draft.version, draft.version]);
    // One of them finished, one deleted.
    await sql`update cases set status = 'finished' where case_no = ${made[0]!.caseNo}`.execute(db());
    await server.call('caseManage.deleteCase', { caseNo: made[1]!.caseNo }, admin);

    const after = await usageOf('domesticRegistration');
    expect(after).toEqual([
      { caseType: 'domesticRegistration', version: draft.version, versionTitle: `第 ${draft.version} 版`, openCount: 1, totalCount: 2 },
      {
        caseType: 'domesticRegistration',
        version: 0,
        versionTitle: '内置版本',
        openCount: builtInBefore.openCount + 1,
        totalCount: builtInBefore.totalCount + 1,
      },
    ]);
    // The case made on the built-in file still opens in it.
    expect((await server.call('caseManage.queryCase', { caseNo: onBuiltIn.caseNo }, admin)).caseTypeTitle).toBe('国内商标注册');

    // Every type at once, each of its versions once.
    const all = (await server.call('caseManage.caseTypeVersionUsage', {}, admin)).list;
    expect(all.filter((u) => u.caseType === 'domesticRegistration')).toEqual(after);
    expect(new Set(all.map((u) => `${u.caseType}/${u.version}`)).size).toBe(all.length);
    const [total] = (
      await sql<{ n: number }>`select count(*)::int as n from cases c join users u on u.org_id = c.org_id
      where u.username = 'admin' and c.deleted_at is null`.execute(db())
    ).rows;
    expect(all.reduce((sum, u) => sum + u.totalCount, 0)).toBe(total!.n);
  });

  it("counts only the organisation's own cases, and only for those who may design types", async () => {
    const theirs = (await server.call('caseManage.caseTypeVersionUsage', {}, corpAdmin)).list;
    const [own] = (
      await sql<{ n: number }>`select count(*)::int as n from cases c join users u on u.org_id = c.org_id
      where u.username = 'corpadmin' and c.deleted_at is null`.execute(db())
    ).rows;
    expect(theirs.reduce((sum, u) => sum + u.totalCount, 0)).toBe(own!.n);
    expect(theirs.some((u) => u.version > 0)).toBe(false);
    expect((await server.send('caseManage.caseTypeVersionUsage', { caseType: 'domesticRegistration' }, agent)).statusCode).toBe(403);
    expect(await usageOf('noSuchType')).toEqual([]);
  });
});
