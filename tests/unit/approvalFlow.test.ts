import { describe, expect, it } from 'vitest';
import type { ApprovalFlow } from '../../src/shared/approvalFlow/flowModel.js';
import { flowProblems } from '../../src/shared/approvalFlow/flowProblems.js';
import { conditionHolds, walkToNextStop } from '../../src/shared/approvalFlow/flowWalk.js';

const at = { x: 0, y: 0 };
/** Start → 部门负责人 → fork: budget over 10,000 or an overseas country → 总监会签 → 抄送法务 → end; otherwise → end. */
function budgetFlow(): ApprovalFlow {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起人', position: at },
      { id: 'head', type: 'approver', name: '部门负责人审批', approvers: [{ kind: 'superior', levels: 1 }], mode: 'any', position: at },
      { id: 'fork', type: 'condition', name: '预算与国家', position: at },
      { id: 'director', type: 'approver', name: '总监会签', approvers: [{ kind: 'role', roleId: 1 }], mode: 'all', position: at },
      { id: 'cc', type: 'copy', name: '抄送法务', recipients: [{ kind: 'user', userId: 2 }], position: at },
      { id: 'end', type: 'end', name: '结束', position: at },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'head' },
      { id: 'e2', source: 'head', target: 'fork' },
      { id: 'e3', source: 'fork', target: 'director', label: '预算超过一万', conditions: [{ field: 'budget', operator: 'gt', value: 10000 }] },
      { id: 'e4', source: 'fork', target: 'director', label: '海外', conditions: [{ field: 'countries', operator: 'notIn', value: ['CN'] }] },
      { id: 'e5', source: 'fork', target: 'end', label: '其他情况', isDefault: true },
      { id: 'e6', source: 'director', target: 'cc' },
      { id: 'e7', source: 'cc', target: 'end' },
    ],
  };
}

describe('approval flow shape', () => {
  it('accepts a well-formed flow', () => {
    expect(flowProblems(budgetFlow(), new Set(['budget', 'countries']))).toEqual([]);
  });

  it('names a branch that leads nowhere, a fork without a default and an unknown field', () => {
    const flow = budgetFlow();
    flow.edges = flow.edges.filter((e) => e.id !== 'e7' && e.id !== 'e5');
    const messages = flowProblems(flow, new Set(['budget'])).map((p) => p.message);
    expect(messages).toContain('抄送节点“抄送法务”之后没有连到任何节点');
    expect(messages).toContain('条件分支“预算与国家”须有且只有一个“其他情况”分支');
    expect(messages).toContain('条件分支“预算与国家”的分支条件用了提案表单中没有的字段“countries”');
    expect(messages).toContain('审批节点“总监会签”之后走不到结束节点');
  });

  it('finds loops, unreachable nodes and approver nodes without approvers', () => {
    const flow = budgetFlow();
    flow.edges.push({ id: 'back', source: 'director', target: 'head' });
    flow.nodes.push({ id: 'lost', type: 'approver', name: '孤立', approvers: [], mode: 'any', position: at });
    flow.edges.push({ id: 'e8', source: 'lost', target: 'end' });
    const messages = flowProblems(flow).map((p) => p.message);
    expect(messages).toContain('审批节点“总监会签”之后只能连一个节点，要分支请加条件分支');
    expect(messages).toContain('审批节点“孤立”从发起人走不到');
    expect(messages).toContain('审批节点“孤立”没有设置审批人');
    expect(messages.some((m) => m.includes('回路'))).toBe(true);
  });
});

describe('walking a flow', () => {
  it('takes the branch whose tests hold and passes copy-to nodes', () => {
    const flow = budgetFlow();
    expect(walkToNextStop(flow, 'start', {}).map((n) => n.id)).toEqual(['head']);
    expect(walkToNextStop(flow, 'head', { budget: 20000, countries: ['CN'] }).map((n) => n.id)).toEqual(['fork', 'director']);
    expect(walkToNextStop(flow, 'head', { budget: '5000', countries: ['CN', 'US'] }).map((n) => n.id)).toEqual(['fork', 'director']);
    expect(walkToNextStop(flow, 'head', { budget: 5000, countries: ['CN'] }).map((n) => n.id)).toEqual(['fork', 'end']);
    expect(walkToNextStop(flow, 'director', {}).map((n) => n.id)).toEqual(['cc', 'end']);
  });

  it('compares as a form means it', () => {
    expect(conditionHolds({ field: 'a.b', operator: 'eq', value: 1 }, { a: { b: '1' } })).toBe(true);
    expect(conditionHolds({ field: 'x', operator: 'gt', value: 3 }, { x: 'abc' })).toBe(false);
    expect(conditionHolds({ field: 'x', operator: 'empty' }, { x: [] })).toBe(true);
    expect(conditionHolds({ field: 'x', operator: 'contains', value: '驳回' }, { x: '驳回复审' })).toBe(true);
  });
});
