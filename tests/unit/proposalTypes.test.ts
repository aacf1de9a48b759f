import { describe, expect, it } from 'vitest';
import { SchemaLibrary } from '../../src/server/schemas/schemaLibrary.js';
import type { ApprovalFlow } from '../../src/shared/approvalFlow/flowModel.js';
import { minimalFlow } from '../../src/shared/approvalFlow/flowModel.js';
import { flowProblems } from '../../src/shared/approvalFlow/flowProblems.js';
import { formFields } from '../../src/shared/approvalFlow/formFields.js';
import { layoutFlow } from '../../src/shared/approvalFlow/flowLayout.js';
import type { JsonSchema } from '../../src/shared/operation.js';

const library = SchemaLibrary.load();
const at = { x: 0, y: 0 };

const field = (type: string, title: string, component: string) => ({ type, title, 'x-decorator': 'FormItem', 'x-component': component });

/** A proposal to file a mark: its form in a card, nested priority details, a budget and the countries. */
function proposalForm() {
  return {
    type: 'object',
    properties: {
      card: {
        type: 'void',
        'x-component': 'Card',
        properties: {
          brandName: field('string', '商标名称', 'Input'),
          budget: field('number', '预算', 'NumberPicker'),
          countries: field('array', '申请国家', 'CountrySelect'),
          priority: { type: 'object', title: '优先权', properties: { date: field('string', '在先申请日期', 'DatePicker') } },
        },
      },
    },
  };
}

/** 发起人 → 部门负责人 → fork: budget over 10,000 → 总监会签 → 抄送法务 → end; otherwise → end. */
function flow(): ApprovalFlow {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起人', position: at },
      { id: 'head', type: 'approver', name: '部门负责人审批', approvers: [{ kind: 'superior', levels: 1 }], mode: 'any', remindAfterHours: 24, position: at },
      { id: 'fork', type: 'condition', name: '按预算', position: at },
      {
        id: 'director',
        type: 'approver',
        name: '总监会签',
        approvers: [
          { kind: 'role', roleId: 1 },
          { kind: 'departmentHead', departmentId: 2 },
        ],
        mode: 'all',
        position: at,
      },
      { id: 'cc', type: 'copy', name: '抄送法务', recipients: [{ kind: 'user', userId: 3 }], position: at },
      { id: 'end', type: 'end', name: '结束', position: at },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'head' },
      { id: 'e2', source: 'head', target: 'fork' },
      { id: 'e3', source: 'fork', target: 'director', label: '预算超过一万', conditions: [{ field: 'budget', operator: 'gt', value: 10000 }] },
      { id: 'e4', source: 'fork', target: 'end', label: '其他情况', isDefault: true },
      { id: 'e5', source: 'director', target: 'cc' },
      { id: 'e6', source: 'cc', target: 'end' },
    ],
  };
}

function proposalType(patch: Record<string, unknown> = {}): JsonSchema {
  return {
    name: 'brandFilingProposal',
    title: '商标申请提案',
    category: 'proposal',
    description: '业务部门提出申请注册商标',
    form: proposalForm(),
    approvalFlow: flow(),
    createsCases: [
      {
        caseType: 'domesticRegistration',
        split: 'none',
        when: [{ field: 'countries', operator: 'in', value: ['CN'] }],
        fields: { tmName: 'brandName', 'dplPriorityTm.priorityDate': 'priority.date' },
      },
      { caseType: 'overseasRegistration', split: 'country', when: [{ field: 'countries', operator: 'notIn', value: ['CN'] }], fields: { tmName: 'brandName' } },
    ],
    attachments: [{ key: 'sample', title: '商标样稿', required: true }],
    ...patch,
  };
}

const problemsOf = (body: JsonSchema, inEffect: { key: string; body: JsonSchema }[] = []) =>
  library.problemsOf('caseTypes', String(body.name), body, inEffect).map((p) => [p.at, p.message]);

describe('a proposal type as the designer checks it on publish', () => {
  it('accepts a well-formed proposal type: flow, cases it creates with their field mapping, no stages', () => {
    expect(problemsOf(proposalType())).toEqual([]);
  });

  it('requires an approval flow, and puts each of the flow’s problems at the node or edge it is about', () => {
    const { approvalFlow: _none, ...withoutFlow } = proposalType();
    expect(problemsOf(withoutFlow)).toEqual([['/approvalFlow', '提案类型须有审批流程']]);

    const dangling = flow();
    dangling.edges = dangling.edges.filter((e) => e.id !== 'e6');
    dangling.edges[2] = { ...dangling.edges[2], conditions: [{ field: 'cost', operator: 'gt', value: 10000 }] };
    expect(problemsOf(proposalType({ approvalFlow: dangling }))).toEqual([
      ['/approvalFlow/edges/2', '条件分支“按预算”的分支条件用了提案表单中没有的字段“cost”'],
      ['/approvalFlow/nodes/4', '抄送节点“抄送法务”之后没有连到任何节点'],
      ['/approvalFlow/nodes/3', '审批节点“总监会签”之后走不到结束节点'],
    ]);
  });

  it('names a created case type that does not exist or is a proposal type, and mapped fields neither form has', () => {
    const body = proposalType({
      createsCases: [
        { caseType: 'nowhere', fields: {} },
        { caseType: 'brandFilingProposal', fields: {} },
        { caseType: 'domesticRegistration', when: [{ field: 'region', operator: 'eq', value: '华东' }], fields: { tmName: 'markName', colour: 'brandName' } },
      ],
    });
    expect(problemsOf(body)).toEqual([
      ['/createsCases/0/caseType', '没有标识为 nowhere 的案件类型'],
      ['/createsCases/1/caseType', '“商标申请提案”是提案类型，审批通过后只能建立案件'],
      ['/createsCases/2/fields/tmName', '提案表单中没有字段 markName（填入案件的 tmName）'],
      ['/createsCases/2/fields/colour', '案件类型“国内商标注册”的表单中没有字段 colour'],
      ['/createsCases/2/when/0', '条件用了提案表单中没有的字段“region”'],
    ]);
  });

  it('maps to the organisation’s own case types in effect, by their form', () => {
    const report = {
      name: 'searchReport',
      title: '检索报告',
      category: 'case',
      form: { type: 'object', properties: { keyword: field('string', '检索词', 'Input') } },
      stages: [{ key: 'search', title: '检索' }],
    };
    const body = proposalType({ createsCases: [{ caseType: 'searchReport', fields: { keyword: 'brandName' } }] });
    expect(problemsOf(body)).toEqual([['/createsCases/0/caseType', '没有标识为 searchReport 的案件类型']]);
    expect(problemsOf(body, [{ key: 'searchReport', body: report }])).toEqual([]);
    expect(problemsOf(body, [{ key: 'searchReport', body: { ...report, category: 'proposal' } }])).toEqual([
      ['/createsCases/0/caseType', '“检索报告”是提案类型，审批通过后只能建立案件'],
    ]);
  });

  it('keeps approval flows and created cases to proposal types, and stages to case types', () => {
    const renewal = library.builtInFile('caseTypes', 'renewal')!.body;
    expect(problemsOf({ ...renewal, approvalFlow: flow(), createsCases: [] })).toEqual([
      ['/approvalFlow', '只有提案类型有审批流程'],
      ['/createsCases', '只有提案类型有审批通过后建立的案件'],
    ]);
    const { stages: _stages, ...withoutStages } = renewal;
    expect(problemsOf(withoutStages)).toEqual([['/', '缺少必填的 stages']]);
  });

  it('refuses a comparison of size without a number and a list test without a list', () => {
    const tests = flow();
    tests.edges[2] = { ...tests.edges[2], conditions: [{ field: 'budget', operator: 'gt', value: '一万' }] };
    tests.edges.push({ id: 'e7', source: 'fork', target: 'cc', label: '海外', conditions: [{ field: 'countries', operator: 'notIn', value: 'CN' }] });
    expect(flowProblems(tests, new Set(['budget', 'countries'])).map((p) => p.message)).toEqual([
      '条件分支“按预算”的分支条件“budget”比较大小的值应是数字',
      '条件分支“按预算”的分支条件“countries”应填写一组值',
    ]);
  });
});

describe('the fields of a form', () => {
  it('lists values in the order shown, through layout nodes and into objects, with their titles', () => {
    expect(formFields(proposalForm())).toEqual([
      { name: 'brandName', title: '商标名称', type: 'string' },
      { name: 'budget', title: '预算', type: 'number' },
      { name: 'countries', title: '申请国家', type: 'array' },
      { name: 'priority', title: '优先权', type: 'object' },
      { name: 'priority.date', title: '在先申请日期', type: 'string' },
    ]);
    expect(formFields(undefined)).toEqual([]);
  });
});

describe('laying a flow out top to bottom', () => {
  const size = (n: { type: string }) => (n.type === 'end' ? { width: 120, height: 40 } : { width: 220, height: 80 });
  const centre = (f: ApprovalFlow, id: string) => {
    const n = f.nodes.find((x) => x.id === id)!;
    return { x: n.position.x + size(n).width / 2, y: n.position.y + size(n).height / 2 };
  };

  it('draws the minimal flow as one column', () => {
    const laid = layoutFlow(minimalFlow(), size);
    expect(flowProblems(laid)).toEqual([]);
    expect(centre(laid, 'start').x).toBe(centre(laid, 'superior').x);
    expect(centre(laid, 'superior').x).toBe(centre(laid, 'end').x);
    expect(centre(laid, 'start').y).toBeLessThan(centre(laid, 'superior').y);
    expect(centre(laid, 'superior').y).toBeLessThan(centre(laid, 'end').y);
  });

  it('puts a fork’s branches side by side in edge order, the end below them all and no two nodes of a row over each other', () => {
    const laid = layoutFlow(flow(), size);
    expect(centre(laid, 'director').x).toBeLessThan(centre(laid, 'fork').x);
    expect(centre(laid, 'cc').x).toBe(centre(laid, 'director').x);
    for (const id of ['start', 'head', 'fork', 'director', 'cc']) expect(centre(laid, id).y).toBeLessThan(centre(laid, 'end').y);
    const rows = new Map<number, { x: number; w: number }[]>();
    for (const n of laid.nodes) rows.set(centre(laid, n.id).y, [...(rows.get(centre(laid, n.id).y) ?? []), { x: n.position.x, w: size(n).width }]);
    for (const row of rows.values()) {
      row.sort((a, b) => a.x - b.x);
      for (let i = 1; i < row.length; i++) expect(row[i].x).toBeGreaterThanOrEqual(row[i - 1].x + row[i - 1].w);
    }
  });
});
