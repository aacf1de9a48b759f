import { describe, expect, it } from 'vitest';
import { base64, dbKind, skipThisDatabase, sharedTestServer } from './support/testServer.js';

const at = { x: 0, y: 0 };
const field = (type: string, title: string, component: string) => ({ type, title, 'x-decorator': 'FormItem', 'x-component': component });

/** A proposal to file a mark: the name, a budget, the countries. */
const form = {
  type: 'object',
  properties: {
    brandName: field('string', '商标名称', 'Input'),
    budget: field('number', '预算', 'NumberPicker'),
    countries: field('array', '申请国家', 'CountrySelect'),
  },
};

/** 发起人 → 直属上级 → fork: budget over 10,000 → `director` (countersign) → 抄送 → end; otherwise → end. */
function flow(director: Record<string, unknown>[], copyTo: Record<string, unknown>[]) {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起人', position: at },
      { id: 'superior', type: 'approver', name: '直属上级审批', approvers: [{ kind: 'superior', levels: 1 }], mode: 'any', position: at },
      { id: 'fork', type: 'condition', name: '按预算', position: at },
      { id: 'director', type: 'approver', name: '总监会签', approvers: director, mode: 'all', remindAfterHours: 24, position: at },
      { id: 'cc', type: 'copy', name: '抄送法务', recipients: copyTo, position: at },
      { id: 'end', type: 'end', name: '结束', position: at },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'superior' },
      { id: 'e2', source: 'superior', target: 'fork' },
      { id: 'e3', source: 'fork', target: 'director', label: '预算超过一万', conditions: [{ field: 'budget', operator: 'gt', value: 10000 }] },
      { id: 'e4', source: 'fork', target: 'end', label: '其他情况', isDefault: true },
      { id: 'e5', source: 'director', target: 'cc' },
      { id: 'e6', source: 'cc', target: 'end' },
    ],
  };
}

/** Proposal types as /system/proposalConfig saves them through the designer: checked on save, refused on publish while wrong. */
describe.skipIf(skipThisDatabase)(`proposal types in the designer's store (${dbKind})`, () => {
  const shared = sharedTestServer(['admin', 'corpAdmin']);
  const person = async (name: string) =>
    (await shared.server.call('person.getUserList', { search: name, pageNo: 0, pageSize: 30 }, shared.tokens.admin))[0]!.id;
  const role = async (name: string) => (await shared.server.call('role.list', {}, shared.tokens.admin)).list.find((r) => r.name === name)!.id;

  it('names the people a flow may pick from, and lists proposal types apart from case types', async () => {
    const context = await shared.server.call('designer.editorContext', {}, shared.tokens.admin);
    expect(context.users.map((u) => u.name)).toEqual(expect.arrayContaining(['王管理', '李代理', '孙欣']));
    expect(context.users.map((u) => u.name)).not.toContain('赵主管');
    const { list } = await shared.server.call('designer.listSchemas', { kind: 'caseTypes' }, shared.tokens.admin);
    expect(list.find((e) => e.key === 'renewal')).toMatchObject({ category: 'case' });
    expect(list.every((e) => e.category === 'case' || e.category === 'proposal')).toBe(true);
    const pages = await shared.server.call('designer.listSchemas', { kind: 'pages', keyword: '备忘' }, shared.tokens.admin);
    expect(pages.list[0]).not.toHaveProperty('category');
  });

  it('saves and publishes a well-formed proposal type: its flow, and the cases it creates mapped from its form', async () => {
    const body = {
      name: 'filingProposal',
      title: '商标申请立项',
      category: 'proposal',
      form,
      approvalFlow: flow(
        [
          { kind: 'user', userId: await person('李代理') },
          { kind: 'user', userId: await person('孙欣') },
        ],
        [{ kind: 'role', roleId: await role('管理员') }],
      ),
      createsCases: [
        { caseType: 'domesticRegistration', split: 'none', when: [{ field: 'countries', operator: 'in', value: ['CN'] }], fields: { tmName: 'brandName' } },
      ],
    };
    const draft = await shared.server.call('designer.saveDraft', { kind: 'caseTypes', key: 'filingProposal', body, baseVersion: null }, shared.tokens.admin);
    expect(draft).toEqual({ version: 1, problems: [] });
    expect(await shared.server.call('designer.publish', { kind: 'caseTypes', key: 'filingProposal', version: 1 }, shared.tokens.admin)).toEqual({
      publishedVersion: 1,
    });
    const { list } = await shared.server.call('designer.listSchemas', { kind: 'caseTypes', keyword: 'filingProposal' }, shared.tokens.admin);
    expect(list).toEqual([expect.objectContaining({ key: 'filingProposal', category: 'proposal', publishedVersion: 1, builtIn: false })]);
    const proposals = await shared.server.call('caseManage.caseTypes', { category: 'proposal' }, shared.tokens.admin);
    expect(proposals.list.map((t) => t.name)).toContain('filingProposal');
    const cases = await shared.server.call('caseManage.caseTypes', { category: 'case' }, shared.tokens.admin);
    expect(cases.list.map((t) => t.name)).not.toContain('filingProposal');
  });

  it('will not publish a flow with a branch leading nowhere, people who cannot be found, or cases mapped from fields that do not exist', async () => {
    const leaving = await shared.server.call(
      'user.save',
      {
        username: 'leaving',
        name: '离职者',
        phone: '13900000021',
        roleId: await role('代理机构'),
        firstPassword: base64('Start2026a'),
        encryptionType: 'base64',
      },
      shared.tokens.admin,
    );
    await shared.server.call('user.delete', { id: leaving.id }, shared.tokens.admin);
    const empty = await shared.server.call('role.save', { name: '审批委员会', roleAuth: ['workbench'] }, shared.tokens.admin);
    const headless = await shared.server.call('department.save', { name: '海外事业部' }, shared.tokens.admin);
    const broken = flow(
      [
        { kind: 'user', userId: leaving.id },
        { kind: 'role', roleId: empty.id },
      ],
      [{ kind: 'departmentHead', departmentId: headless.id }],
    );
    broken.edges = broken.edges.filter((e) => e.id !== 'e6');
    const body = {
      name: 'objectionProposal',
      title: '异议立项',
      category: 'proposal',
      form,
      approvalFlow: broken,
      createsCases: [{ caseType: 'objectionApply', fields: { targetTmName: 'markName', nowhere: 'brandName' } }],
    };
    const draft = await shared.server.call('designer.saveDraft', { kind: 'caseTypes', key: 'objectionProposal', body, baseVersion: null }, shared.tokens.admin);
    expect(draft.problems).toEqual([
      { at: '/approvalFlow/nodes/4', message: '抄送节点“抄送法务”之后没有连到任何节点' },
      { at: '/approvalFlow/nodes/3', message: '审批节点“总监会签”之后走不到结束节点' },
      { at: '/createsCases/0/fields/targetTmName', message: '提案表单中没有字段 markName（填入案件的 targetTmName）' },
      { at: '/createsCases/0/fields/nowhere', message: '案件类型“商标异议申请”的表单中没有字段 nowhere' },
      { at: '/approvalFlow/nodes/3', message: '审批节点“总监会签”的审批人“离职者”已被删除' },
      { at: '/approvalFlow/nodes/3', message: '审批节点“总监会签”的审批人的角色“审批委员会”没有在职的成员' },
      { at: '/approvalFlow/nodes/4', message: '抄送节点“抄送法务”的抄送人的部门“海外事业部”没有负责人' },
    ]);
    const refused = await shared.server.post('/designer/publish', { kind: 'caseTypes', key: 'objectionProposal', version: draft.version }, shared.tokens.admin);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().subMessage).toBe('描述有 7 处问题，不能发布。第一处在 /approvalFlow/nodes/4：抄送节点“抄送法务”之后没有连到任何节点');
    const { versions } = await shared.server.call('designer.getSchema', { kind: 'caseTypes', key: 'objectionProposal' }, shared.tokens.admin);
    expect(versions.map((v) => v.status)).toEqual(['draft']);

    // Another organisation's people are not to be found either.
    const outsider = (await shared.server.call('person.getUserList', { search: '赵主管', pageNo: 0, pageSize: 30 }, shared.tokens.corpAdmin))[0]!.id;
    const elsewhere = flow([{ kind: 'user', userId: outsider }], [{ kind: 'superior', levels: 2 }]);
    const checked = await shared.server.call(
      'designer.validate',
      { kind: 'caseTypes', key: 'objectionProposal', body: { ...body, approvalFlow: elsewhere, createsCases: [] } },
      shared.tokens.admin,
    );
    expect(checked.problems).toEqual([{ at: '/approvalFlow/nodes/3', message: `审批节点“总监会签”的审批人（用户编号 ${outsider}）不是本组织的成员` }]);
  });

  it('creates the organisation’s own case types by their own form, and only in that organisation', async () => {
    const report = {
      name: 'searchReport',
      title: '检索报告',
      category: 'case',
      form: { type: 'object', properties: { keyword: field('string', '检索词', 'Input') } },
      stages: [{ key: 'search', title: '检索' }],
    };
    await shared.server.call('designer.saveDraft', { kind: 'caseTypes', key: 'searchReport', body: report, baseVersion: null }, shared.tokens.admin);
    await shared.server.call('designer.publish', { kind: 'caseTypes', key: 'searchReport', version: 1 }, shared.tokens.admin);
    const body = {
      name: 'searchProposal',
      title: '检索立项',
      category: 'proposal',
      form,
      approvalFlow: flow([{ kind: 'superior', levels: 2 }], [{ kind: 'departmentHead' }]),
      createsCases: [{ caseType: 'searchReport', fields: { keyword: 'brandName' } }],
    };
    const validate = (token: string) => shared.server.call('designer.validate', { kind: 'caseTypes', key: 'searchProposal', body }, token);
    expect((await validate(shared.tokens.admin)).problems).toEqual([]);
    expect((await validate(shared.tokens.corpAdmin)).problems).toEqual([{ at: '/createsCases/0/caseType', message: '没有标识为 searchReport 的案件类型' }]);
  });

  it('keeps approval flows to proposal types', async () => {
    const renewal = (await shared.server.call('designer.getSchema', { kind: 'caseTypes', key: 'renewal' }, shared.tokens.admin)).builtIn!;
    const { problems } = await shared.server.call(
      'designer.validate',
      { kind: 'caseTypes', key: 'renewal', body: { ...renewal, approvalFlow: flow([{ kind: 'superior', levels: 1 }], [{ kind: 'superior', levels: 1 }]) } },
      shared.tokens.admin,
    );
    expect(problems).toEqual([{ at: '/approvalFlow', message: '只有提案类型有审批流程' }]);
  });
});
