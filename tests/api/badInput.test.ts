import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTable, sharedSchemas } from '../../src/generated/routes.js';
import { backgroundJobs } from '../../src/server/jobs/backgroundJobs.js';
import { logoPng } from '../../src/server/trademarks/generatedLogo.js';
import { PUBLIC, SIGNED_IN, type OperationDefinition } from '../../src/shared/operation.js';
import { RequestShape, schemaIndex, type Mutation, type ReferenceValues } from './support/badInput.js';
import { multipart } from './support/multipart.js';
import { changedTables, checksumWatch, tableHolds, type TableChecksums } from './support/tableChecksums.js';
import { dataOf, dbKind, skipThisDatabase, startTestServer, type TestServer } from './support/testServer.js';
import { xlsxOf } from './support/xlsx.js';

/**
 * Every POST operation of schemas/api, fed bad bodies derived from its request schema: each field
 * missing, of the wrong type, out of range, too long, with a NUL or a lone surrogate, pointing at a
 * row that does not exist or belongs to the other organisation (writes only: a read may look for
 * what is not there), or holding markup-and-SQL-looking text; an upload's fields and file name too.
 * A refusal is a 4xx with a Chinese message naming the field, and changes no row of any table; text
 * that is taken is stored exactly as sent. The operations called by a user whose role lacks their
 * permission are refused with 403. A new operation is covered by being in the table.
 */

/** Tables a refused call may still write, and why. */
const WRITTEN_BY_REFUSALS = [
  // A wrong password (at sign-in, or as the old one on a password change) is counted after the rollback, by design.
  'login_failures',
];

/** Where a reference field's rows are: own and foreign values are the first such row of each organisation. */
interface ReferenceRule {
  titles: string[];
  /** Only fields of these names (a title shared with fields that name something new). */
  names?: string[];
  table: string;
  column?: string;
  /** More conditions on the rows, given the organisation whose value is wanted. */
  where?: (org: number) => string;
  /** Rows every organisation shares: no foreign value. */
  shared?: boolean;
  /** A value of the right shape that names no row; 2147483647 by default. */
  missing?: (org: number) => string;
}

const REFERENCES: ReferenceRule[] = [
  { titles: ['商标', '商标档案', '保留的商标', '被合并的商标', '记录', '涉及的商标'], table: 'brand_archives' },
  { titles: ['负责人', '用户', '交接人', '抄送', '承办人', '提及的人', '转交给', '参与人'], table: 'users' },
  { titles: ['部门', '上级部门'], table: 'departments' },
  { titles: ['价格'], table: 'fee_prices' },
  { titles: ['官费价格'], table: 'official_fee_prices' },
  { titles: ['角色'], table: 'roles' },
  {
    titles: ['商标图样', '营业执照', '身份证件照片'],
    table: 'files',
    column: 'path',
    where: () => "path like '%.png'",
    missing: (org) => `${org}/202601/${'0'.repeat(64)}.png`,
  },
  {
    titles: ['递交文件'],
    names: ['filePath'],
    table: 'files',
    column: 'path',
    where: () => "path like '%.png'",
    missing: (org) => `${org}/202601/${'0'.repeat(64)}.pdf`,
  },
  {
    // A case whose number no other organisation uses (numbers are counted per organisation and day).
    titles: ['案件编号'],
    names: ['caseNo'],
    table: 'cases',
    column: 'case_no',
    where: (org) => `deleted_at is null and case_no not in (select case_no from cases where org_id <> ${org})`,
    missing: () => 'AJ2000010100001',
  },
  { titles: ['表格文件'], table: 'files', column: 'path', where: () => "path like '%.xlsx'", missing: (org) => `${org}/202601/${'0'.repeat(64)}.xlsx` },
  { titles: ['公告库记录'], table: 'tm_register', shared: true },
  {
    // A register mark in the organisation's archive (and in no other's).
    titles: ['公告库商标编号'],
    table: 'brand_archives',
    column: 'register_id',
    where: (org) => `register_id not in (select register_id from brand_archives where org_id <> ${org} and register_id is not null)`,
  },
  { titles: ['自定义字段', '字段编号', '字段顺序', '固定的字段'], table: 'custom_fields' },
  { titles: ['导出编号'], table: 'brand_exports' },
  { titles: ['导入编号'], table: 'brand_import_jobs' },
  { titles: ['图谱编号'], table: 'brand_maps', where: () => "name = '核对图谱'" },
  {
    titles: ['节点编号', '标签', '新加的标签', '去掉的标签'],
    names: ['nodeId', 'addNodeId', 'delNodeId'],
    table: 'brand_maps',
    column: "map->>'value'",
    where: () => "name = '核对图谱'",
    missing: () => 'no-such-node',
  },
  { titles: ['官文'], table: 'official_documents' },
  { titles: ['关联案件'], table: 'cases', where: () => 'deleted_at is null' },
  { titles: ['官文文件'], table: 'files' },
  { titles: ['企业', '负责的企业', '申请人企业'], table: 'enterprises' },
  { titles: ['所属分组', '分组', '目标分组'], table: 'enterprise_groups' },
  { titles: ['上传编号'], table: 'upload_sessions', where: () => 'object_key is null', missing: () => '0'.repeat(32) },
  {
    titles: ['对象键'],
    table: 'upload_sessions',
    column: 'object_key',
    missing: (org) => `${org}/incoming/${'0'.repeat(32)}.pdf`,
  },
  { titles: ['消息'], table: 'messages' },
  { titles: ['待办'], table: 'todos' },
  { titles: ['备忘'], table: 'memos' },
  { titles: ['版本'], names: ['version'], table: 'release_notes', column: 'version', shared: true, missing: () => '9.9.9' },
  { titles: ['提案'], table: 'demands' },
  { titles: ['许可'], table: 'licences' },
  { titles: ['争议'], table: 'disputes' },
  // What 转发 names is a mark when the kind is 商标, the first kind.
  { titles: ['转发的对象'], names: ['objectId'], table: 'brand_archives', column: 'id::text', missing: () => '2147483647' },
  { titles: ['审批步骤'], table: 'demand_steps' },
  { titles: ['方案'], table: 'demand_schemes' },
  { titles: ['外部链接'], table: 'demand_links' },
  { titles: ['款项'], table: 'finance_records' },
  { titles: ['命中'], table: 'gazette_hits' },
  { titles: ['我方商标'], names: ['brandId'], table: 'brand_archives' },
  {
    titles: ['发票文件'],
    names: ['path'],
    table: 'files',
    column: 'path',
    where: () => "path like '%.png'",
    missing: (org) => `${org}/202601/${'0'.repeat(64)}.pdf`,
  },
  { titles: ['使用证据'], table: 'evidence_items' },
  {
    titles: ['附件'],
    names: ['filePath'],
    table: 'files',
    column: 'path',
    where: () => "path like '%.png'",
    missing: (org) => `${org}/202601/${'0'.repeat(64)}.pdf`,
  },
];

/** Fields named like ids that refer to nothing a row of another organisation could be, and why. */
const NOT_REFERENCES: Record<string, string> = {
  键: 'a schema key of the designer: every organisation edits the same pages, forms and field types',
  工具: 'a key of the external tools list, the same for every organisation',
  节点编号: 'in a tree a map is saved with (saveMap), the id of a node being saved, not of one that exists',
  申请: 'a trial application belongs to no organisation: only the platform operators see and decide them',
  经链接上传的文件: 'a file uploaded through a public proposal link, checked against that link’s uploads once the link is found genuine; no link here is',
};

/** The shared schemas whose fields are conditions of a query: a condition naming another organisation's row selects nothing. */
const QUERY_CONDITIONS = ['https://schemas.ipm.local/entities/brand-archive-query.json', 'https://schemas.ipm.local/entities/dispute-query.json'];

const ID_LIKE = /^(id|ids|key|path)$|Ids?$|Path$/;

const CHINESE = /[\u4e00-\u9fff]/;

const jsonOperations = operationTable.filter((op) => op.transport === 'json' && op.method === 'POST');
const writeOperations = jsonOperations.filter((op) => !op.readOnly);
const uploadOperations = operationTable.filter((op) => op.transport === 'multipart');

/** A call of one mutation: a JSON body, or for an upload its text fields and the file's name. */
type Sender = (mutation: Sent, token: string) => Promise<LightMyRequestResponse>;
type Sent = Mutation & { fileName?: string };

describe.skipIf(skipThisDatabase)(`bad input to every operation (${dbKind})`, () => {
  let server: TestServer;
  let filesDir: string;
  const tokens: Record<'admin' | 'corp' | 'staff', string> = { admin: '', corp: '', staff: '' };
  const orgs = { admin: 0, corp: 0 };
  const index = schemaIndex(sharedSchemas);
  const references = new Map<number, Map<ReferenceRule, ReferenceValues>>();

  const db = () => server.database.db;
  let watch: (() => Promise<TableChecksums>) | undefined;
  const snapshot = () => (watch ??= checksumWatch(db(), WRITTEN_BY_REFUSALS))();

  async function firstValue(rule: ReferenceRule, org: number | null): Promise<string | number | undefined> {
    const column = rule.column ?? 'id';
    const conditions = [org === null ? 'true' : `org_id = ${org}`, `${rule.column ?? 'id'} is not null`, rule.where?.(org ?? 0) ?? 'true'].join(' and ');
    const rows = await sql.raw<{ v: string | number }>(`select ${column} as v from ${rule.table} where ${conditions} order by 1 limit 1`).execute(db());
    return rows.rows[0]?.v;
  }

  async function loadReferences(org: number, other: number): Promise<Map<ReferenceRule, ReferenceValues>> {
    const values = new Map<ReferenceRule, ReferenceValues>();
    for (const rule of REFERENCES) {
      const own = await firstValue(rule, rule.shared ? null : org);
      const foreign = rule.shared ? undefined : await firstValue(rule, other);
      if (own === undefined || (!rule.shared && foreign === undefined))
        throw new Error(`组织 ${org} 或 ${other} 没有 ${rule.table} 的记录（${rule.titles[0]}）`);
      values.set(rule, { own, foreign, missing: rule.missing?.(org) ?? 2147483647 });
    }
    return values;
  }

  const ruleFor = (name: string, title: string, within: readonly string[]) =>
    within.some((id) => QUERY_CONDITIONS.includes(id)) ? undefined : REFERENCES.find((r) => r.titles.includes(title) && (!r.names || r.names.includes(name)));

  const shapeOf = (op: OperationDefinition, org: number) =>
    new RequestShape(op.request, {
      index,
      reference: (name, title, within) => {
        const rule = ruleFor(name, title, within);
        return rule && references.get(org)!.get(rule);
      },
    });

  async function upload(token: string, name: string, content: Buffer, purpose: string): Promise<string> {
    const { payload, headers } = multipart(name, content, { purpose });
    return dataOf('file.upload', await server.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { ...headers, token } })).path;
  }

  /** A row of each kind a reference can name, in each organisation. */
  async function rowsToReferTo(token: string, org: number): Promise<void> {
    await upload(token, '图样.png', logoPng(org), 'general');
    const sheet = await upload(token, '商标清单.xlsx', await xlsxOf(['商标名称', '申请号'], [['核对', `BAD${org}`]]), 'spreadsheet');
    await server.call('brandImport.check', { path: sheet }, token);
    await server.call('brandExport.start', { filter: {} }, token);
    await server.call('memo.save', { content: '<p>核对</p>' }, token);
    await server.call('customField.setCustomField', { type: 1, fieldTitle: '核对', fieldType: '单行文本' }, token);
    await server.call('file.startUpload', { fileName: '核对.pdf', size: 100 }, token);
    // A direct upload to the bucket, as getOssToken records it when an object store is configured (this server has none).
    const direct = org.toString(16).padStart(32, 'd');
    await db()
      .insertInto('upload_sessions')
      .values({
        id: direct,
        org_id: org,
        purpose: 'general',
        file_name: '核对.pdf',
        extension: 'pdf',
        size: 100,
        chunk_size: 0,
        chunk_count: 0,
        object_key: `${org}/incoming/${direct}.pdf`,
      })
      .execute();
    const node = `only-${org}`;
    await server.call(
      'brandLabels.saveMap',
      { name: '核对图谱', map: { value: node, label: '核对图谱', data: { id: node, text: '核对图谱' }, children: [] } },
      token,
    );
    await db().insertInto('enterprise_groups').values({ org_id: org, name: '核对分组' }).execute();
    await server.call('fee.officialSave', { item: 'renewal', effectiveFrom: '2030-01-01', paper: 500, source: '核对' }, token);
    // A gazette hit of the organisation's first mark, for the calls that name one.
    const mark = await db().selectFrom('brand_archives').select('id').where('org_id', '=', org).orderBy('id').executeTakeFirstOrThrow();
    const published = await db()
      .insertInto('tm_register')
      .values({ app_no: `GZ${org}`, int_cls: 9, tm_name: `核对公告${org}`, tm_status: '初审公告', prelim_date: '2030-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('gazette_hits')
      .values({
        org_id: org,
        register_id: published.id,
        brand_id: mark.id,
        reasons: ['字形相近'],
        score: 0.7,
        prelim_date: '2030-01-01',
        deadline: '2030-04-01',
      })
      .execute();
    await backgroundJobs(db()).settle();
  }

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'ipm-bad-input-'));
    // No background work changes rows while a call is checked: batch tasks stay queued, reminders unsent.
    // Single sign-on configured, so a ticket is checked rather than the call refused as unavailable.
    server = await startTestServer({ filesDir, batchTaskPollMs: 0, maxFailedLogins: 100_000, ssoSecret: 'bad-input-secret' }, { reminderIntervalMs: 0 });
    // A sliver of the classification, so its calls answer rather than say it is not imported.
    await sql`insert into classification_classes (class_no, name) values (9, '科学仪器')`.execute(db());
    await sql`insert into classification_groups (group_no, class_no, name, position) values ('0901', 9, '电子计算机及其外部设备', 1)`.execute(db());
    await sql`insert into classification_items (code, group_no, class_no, name, position) values ('090001', '0901', 9, '计算机', 1)`.execute(db());
    tokens.admin = await server.signIn('admin');
    tokens.corp = await server.signIn('corpAdmin');
    tokens.staff = await server.signIn('staff');
    const orgOf = async (username: string) =>
      (await db().selectFrom('users').select('org_id').where('username', '=', username).executeTakeFirstOrThrow()).org_id;
    [orgs.admin, orgs.corp] = [await orgOf('admin'), await orgOf('corpadmin')];
    await rowsToReferTo(tokens.admin, orgs.admin);
    await rowsToReferTo(tokens.corp, orgs.corp);
    references.set(orgs.admin, await loadReferences(orgs.admin, orgs.corp));
    references.set(orgs.corp, await loadReferences(orgs.corp, orgs.admin));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  interface Answer {
    status: number;
    message: string;
    changed: string[];
  }

  const asJson =
    (op: OperationDefinition): Sender =>
    (mutation, token) =>
      server.post(op.path, mutation.body, token);

  /** An upload with a small picture (any bytes do for a chunk), its fields as text. */
  const asUpload =
    (op: OperationDefinition): Sender =>
    (mutation, token) => {
      const fields = Object.fromEntries(Object.entries(mutation.body).map(([k, v]) => [k, String(v)]));
      const { payload, headers } = multipart(mutation.fileName ?? '图样.png', logoPng(7), fields);
      return server.app.inject({ method: 'POST', url: op.path, payload, headers: { ...headers, token } });
    };

  /** Sends a mutation; waits for any job it started, so its writes are seen. */
  async function send(sender: Sender, mutation: Sent, token: string): Promise<{ status: number; message: string }> {
    const reply = await sender(mutation, token);
    await backgroundJobs(db()).settle();
    let message: string;
    try {
      message = (reply.json() as { subMessage?: string }).subMessage ?? '';
    } catch {
      message = reply.body;
    }
    return { status: reply.statusCode, message };
  }

  /** A refusal names the field by its title; for an id field titled “X编号”, naming the X it refers to will do. */
  const names = (mutation: Mutation, message: string) => {
    if (mutation.named) return message.includes(mutation.named);
    const title = mutation.site!.title;
    return message.includes(title) || (title.endsWith('编号') && message.includes(title.slice(0, -2)));
  };

  /** What is wrong with the answer to one mutation; null when it is right. */
  async function problemWith(mutation: Mutation, a: Answer): Promise<string | null> {
    const said = `${a.status} ${a.message}${a.changed.length ? `，改动了 ${a.changed.join('、')}` : ''}`;
    if (a.status >= 500) return said;
    if (a.status >= 400 && !CHINESE.test(a.message)) return `${said}（没有中文说明）`;
    if (mutation.expect === 'text') {
      if (a.status >= 400 || a.changed.length === 0) return a.status >= 400 && a.changed.length ? said : null;
      const probe = mutation.probe!;
      const found = (await Promise.all(a.changed.map((t) => tableHolds(db(), t, probe.html ? 'onerror' : probe.text)))).some(Boolean);
      if (probe.html && found) return `${said}（富文本中的事件属性未被清理）`;
      if (!probe.html && !found) return `${said}（保存的文字与提交的不同）`;
      return null;
    }
    if (a.status < 400) return `${said}（应当拒绝）`;
    if (a.changed.length) return said;
    // A reference must reach the handler: refused by the request schema, the row was never looked for.
    if (mutation.expect === 'reference' && a.message.startsWith('请求参数有误')) return `${said}（被请求格式拒绝，没有查找记录）`;
    if (!names(mutation, a.message)) return `${said}（说明中没有指明${mutation.named ?? mutation.site!.title}）`;
    return null;
  }

  /**
   * The problems with the answers to the mutations. A run of schema refusals is checked for changed
   * rows once at its end (a refusal that changed a table names the run); every other mutation by itself.
   */
  async function check(sender: Sender, mutations: Sent[], token: string): Promise<string[]> {
    const problems: string[] = [];
    let before = await snapshot();
    let run: string[] = [];
    const endRun = async () => {
      if (run.length === 0) return;
      const after = await snapshot();
      const changed = changedTables(before, after);
      if (changed.length) problems.push(`${run.join('；')} → 改动了 ${changed.join('、')}`);
      [before, run] = [after, []];
    };
    for (const mutation of mutations) {
      if (mutation.expect !== 'refused') await endRun();
      const { status, message } = await send(sender, mutation, token);
      if (mutation.expect === 'refused') {
        const problem = await problemWith(mutation, { status, message, changed: [] });
        if (problem) problems.push(`${mutation.label} → ${problem}`);
        run.push(mutation.label);
        continue;
      }
      const after = await snapshot();
      const problem = await problemWith(mutation, { status, message, changed: changedTables(before, after) });
      if (problem) problems.push(`${mutation.label} → ${problem}`);
      before = after;
    }
    await endRun();
    return problems;
  }

  it('sees a change made between two readings, and the state restored', async () => {
    const before = await snapshot();
    // Other test files' databases share PostgreSQL's transaction ids, so the second reading may be a fresh one: the same sums either way.
    expect(changedTables(before, await snapshot())).toEqual([]);
    await sql`update organisations set name = name || '·' where id = ${orgs.corp}`.execute(db());
    const changed = await snapshot();
    expect(changedTables(before, changed)).toEqual(['organisations']);
    await sql`update organisations set name = left(name, length(name) - 1) where id = ${orgs.corp}`.execute(db());
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('knows what every id-like field of every write operation refers to', () => {
    const unknown = new Set<string>();
    for (const op of [...writeOperations, ...uploadOperations]) {
      for (const site of shapeOf(op, orgs.admin).sites) {
        const scalar = ['integer', 'string'].some((t) => site.schema.type === t || (Array.isArray(site.schema.type) && site.schema.type.includes(t)));
        if (!scalar || !ID_LIKE.test(site.name) || site.within.some((id) => QUERY_CONDITIONS.includes(id))) continue;
        if (!ruleFor(site.name, site.title, site.within) && !(site.title in NOT_REFERENCES)) unknown.add(`${op.id} ${site.path.join('.')}（${site.title}）`);
      }
    }
    expect([...unknown], '这些字段像是引用记录：在 REFERENCES 中写明它们引用哪张表，或在 NOT_REFERENCES 中写明为何不是').toEqual([]);
  });

  for (const op of jsonOperations) {
    it(`${op.id}: bad bodies are refused naming the field, change nothing, and text is stored as sent`, async () => {
      // A read may look for a row that is not there: references are for writes.
      const mutations = shapeOf(op, orgs.admin)
        .mutations()
        .filter((m) => !op.readOnly || m.expect !== 'reference');
      const problems = await check(asJson(op), mutations, tokens.admin);
      // The other organisation's user, sending references to rows of the first.
      const crossing = op.readOnly
        ? []
        : shapeOf(op, orgs.corp)
            .mutations()
            .filter((m) => m.expect === 'reference');
      problems.push(...(await check(asJson(op), crossing, tokens.corp)).map((p) => `（另一组织）${p}`));
      expect(problems).toEqual([]);
    });
  }

  for (const op of uploadOperations) {
    it(`${op.id}: bad fields and file names are refused or stored as sent, never failing`, async () => {
      const shape = shapeOf(op, orgs.admin);
      const base = shape.baseBody();
      // Every field of an upload is text: values of another type say nothing here.
      const fields: Sent[] = shape.mutations().filter((m) => Object.values(m.body).every((v) => typeof v === 'string'));
      // No slash: a file's name is what follows its last one.
      const probe = "<img src=x onerror=alert(1)>' OR '1'='1'; DROP TABLE users; --.png";
      const names: Sent[] =
        op.uploadKind === 'chunk'
          ? []
          : [
              { label: '文件名含空字符', site: null, body: base, expect: 'text', fileName: '图\u0000样.png', probe: { text: '图\u0000样', html: false } },
              { label: '文件名为标记与 SQL 样的文字', site: null, body: base, expect: 'text', fileName: probe, probe: { text: probe, html: false } },
              {
                label: '文件名过长',
                site: null,
                body: base,
                expect: 'text',
                fileName: `${'长'.repeat(300)}.png`,
                probe: { text: '长'.repeat(300), html: false },
              },
            ];
      expect(await check(asUpload(op), [...fields, ...names], tokens.admin)).toEqual([]);
    });
  }

  it('refuses every operation whose permission the user’s role lacks, changing nothing', async () => {
    const staffPermissions = new Set(
      (
        await db()
          .selectFrom('users')
          .innerJoin('roles', 'roles.id', 'users.role_id')
          .select('roles.role_auth')
          .where('users.username', '=', 'staff')
          .executeTakeFirstOrThrow()
      ).role_auth.split(','),
    );
    const lacking = operationTable.filter((op) => op.permission !== PUBLIC && op.permission !== SIGNED_IN && !staffPermissions.has(op.permission));
    expect(lacking.length).toBeGreaterThan(10);
    const problems: string[] = [];
    const before = await snapshot();
    for (const op of lacking) {
      const body = op.transport === 'multipart' ? {} : shapeOf(op, orgs.corp).baseBody();
      const reply =
        op.method === 'GET'
          ? await server.app.inject({ method: 'GET', url: op.path, headers: { token: tokens.staff } })
          : await server.post(op.path, body, tokens.staff);
      const message = (reply.json() as { subMessage?: string }).subMessage ?? '';
      if (reply.statusCode !== 403 || !message.includes('权限')) problems.push(`${op.id} → ${reply.statusCode} ${message}`);
    }
    expect(problems).toEqual([]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});
