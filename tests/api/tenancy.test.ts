import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable } from '../../src/generated/routes.js';
import { PUBLIC } from '../../src/shared/operation.js';
import { sql } from 'kysely';
import { TenantScopePlugin, withOrganisation } from '../../src/server/db/tenantScope.js';
import { dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';

/**
 * One organisation never sees or changes another's rows: through every call, through the
 * tenant plugin, and through row-level security when the plugin is bypassed.
 */
describe.skipIf(skipThisDatabase)(`organisations are isolated (${dbKind})`, () => {
  let server: TestServer;
  let agencyId: number;
  let companyId: number;
  let agencyToken: string;
  let companyToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    const orgs = await server.database.db.selectFrom('organisations').select(['id', 'kind']).execute();
    agencyId = orgs.find((o) => o.kind === 'agency')!.id;
    companyId = orgs.find((o) => o.kind === 'company')!.id;
    agencyToken = await server.signIn('admin');
    companyToken = await server.signIn('corpAdmin');
  });
  afterAll(() => server?.stop());

  it('no call made with one organisation’s token returns another organisation’s data', async () => {
    const { db } = server.database;
    const companyNames = [
      ...(await db.selectFrom('enterprises').select('applicant_name as v').where('org_id', '=', companyId).execute()),
      ...(await db.selectFrom('users').select('display_name as v').where('org_id', '=', companyId).execute()),
      ...(await db.selectFrom('organisations').select('name as v').where('id', '=', companyId).execute()),
    ].map((r) => r.v);
    expect(companyNames.length).toBeGreaterThan(3);

    // Every signed-in call that needs no input; the others are covered with their input by their own tests.
    const readable = operationTable.filter(
      (o) => o.permission !== PUBLIC && o.id !== 'auth.logout' && o.transport === 'json' && !(o.request.required as string[] | undefined)?.length,
    );
    expect(readable.length).toBeGreaterThan(5);
    for (const op of readable) {
      const res = await server.app.inject({ method: op.method, url: op.path, headers: { token: agencyToken }, payload: op.method === 'POST' ? {} : undefined });
      // These refuse an empty body by name: a batch merge needs its marks or its conditions, a new user, department or role its name,
      // message settings something to change, a new price its case type, a case type's schema the type or a case.
      if (
        [
          'home.setMessageRead',
          'brandMerge.onceMergeBrand',
          'user.save',
          'department.save',
          'role.save',
          'messageSettings.save',
          'fee.save',
          'caseManage.caseTypeSchema',
        ].includes(op.id)
      )
        expect(res.statusCode, op.id).toBe(422);
      else expect(res.statusCode, op.id).toBe(200);
      for (const name of companyNames) expect(res.body, `${op.id} leaks ${name}`).not.toContain(name);
    }
  });

  it('lists only the own organisation’s enterprises and log entries', async () => {
    const agency = (await server.call('enterprise.getList', { flatIs: true }, agencyToken)).list;
    const company = (await server.call('enterprise.getList', { flatIs: true }, companyToken)).list;
    expect(agency.map((e) => e.applicantName)).toContain('杭州青禾食品有限公司');
    expect(company.map((e) => e.applicantName)).toEqual(['星辰日化股份有限公司']);

    const log = await server.call('operationLog.query', {}, companyToken);
    expect(log.count).toBeGreaterThan(0);
    expect(log.list.every((e) => e.userName === '赵主管')).toBe(true);
  });

  it('the tenant plugin alone scopes reads, joins, updates and deletes', async () => {
    // The unscoped connection bypasses row-level security, so only the plugin stands in the way.
    const scoped = server.database.db.withPlugin(new TenantScopePlugin(agencyId));
    const users = await scoped.selectFrom('users').select(['username', 'org_id']).execute();
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.org_id === agencyId)).toBe(true);
    const joined = await scoped.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select('u.org_id').execute();
    expect(joined.every((r) => r.org_id === agencyId)).toBe(true);
    const updated = await scoped.updateTable('enterprises').set({ post_code: '000000' }).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(3);
    const deleted = await scoped.deleteFrom('operation_log').where('org_id', '=', companyId).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    const companyEnterprise = await server.database.db.selectFrom('enterprises').select('post_code').where('org_id', '=', companyId).executeTakeFirstOrThrow();
    expect(companyEnterprise.post_code).toBe('215123');
  });

  it('gives inserted rows the organisation of the session', async () => {
    const { db } = server.database;
    const inserted = await withOrganisation(db, companyId, (scoped) =>
      scoped
        .insertInto('enterprise_groups')
        .values({ name: '新分组' } as never)
        .returning(['org_id'])
        .executeTakeFirstOrThrow(),
    );
    expect(inserted.org_id).toBe(companyId);
  });

  it('row-level security refuses another organisation’s rows even without the plugin', async () => {
    const { db } = server.database;
    // Same role and setting as a request, but straight on the transaction: only RLS stands in the way.
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('role', 'ipm_app', true), set_config('app.org_id', ${String(agencyId)}, true)`.execute(trx);
        const visible = await trx.selectFrom('users').select('org_id').execute();
        expect(visible.every((u) => u.org_id === agencyId)).toBe(true);
        const updated = await trx.updateTable('enterprises').set({ post_code: 'x' }).where('org_id', '=', companyId).executeTakeFirst();
        expect(Number(updated.numUpdatedRows)).toBe(0);
        await trx.insertInto('enterprises').values({ org_id: companyId, applicant_name: '越权写入', applicant_type: 1, book_type: 1 }).execute();
      }),
    ).rejects.toThrow(/row-level security/);
    const intruder = await db.selectFrom('enterprises').select('id').where('applicant_name', '=', '越权写入').execute();
    expect(intruder).toHaveLength(0);
  });
});
