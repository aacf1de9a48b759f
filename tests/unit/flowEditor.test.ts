import { describe, expect, it } from 'vitest';
import { minimalFlow, type ApprovalFlow } from '../../src/shared/approvalFlow/flowModel.js';
import { flowProblems } from '../../src/shared/approvalFlow/flowProblems.js';
import {
  addAfter,
  branchesOf,
  canConnect,
  connect,
  insertOnEdge,
  moveBranch,
  removeNode,
  setDefaultBranch,
} from '../../src/designer/caseType/approval/flowEdits.js';
import { routeConnector } from '../../src/designer/caseType/approval/connectorRoute.js';
import { conditionText, ruleText } from '../../src/designer/caseType/approval/flowText.js';
import { describeProblem, flowShapeProblems, sectionOf, withLiveFlow } from '../../src/designer/caseType/caseTypeProblems.js';

const route = (flow: ApprovalFlow, from: string) => flow.edges.filter((e) => e.source === from).map((e) => e.target);
const free = { x: 500, y: 0 };

describe('drawing a flow in the editor', () => {
  it('puts a node on a connector, and a fork with its conditional branch and 其他情况 rejoining the line', () => {
    const withCopy = insertOnEdge(minimalFlow(), 'e2', 'copy');
    expect(route(withCopy.flow, 'superior')).toEqual(['copy1']);
    expect(route(withCopy.flow, 'copy1')).toEqual(['end']);
    expect(withCopy.select).toEqual({ kind: 'node', id: 'copy1' });

    const forked = insertOnEdge(minimalFlow(), 'e2', 'condition');
    expect(route(forked.flow, 'superior')).toEqual(['branch1']);
    expect(route(forked.flow, 'branch1')).toEqual(['approver1', 'end']);
    expect(route(forked.flow, 'approver1')).toEqual(['end']);
    expect(forked.flow.edges.find((e) => e.source === 'branch1' && e.target === 'end')).toMatchObject({ label: '其他情况', isDefault: true });
    // What is left to fill in is what the problems name: the branch's tests and the new approver's people.
    expect(flowProblems(forked.flow).map((p) => p.message)).toEqual(['条件分支“条件分支”的分支“条件 1”没有设置条件', '审批节点“审批人”没有设置审批人']);
    expect(forked.select).toEqual({ kind: 'edge', id: forked.select!.id });
  });

  it('adds from the palette after the selected node: on its line, as a new branch of a fork, or apart', () => {
    const forked = insertOnEdge(minimalFlow(), 'e2', 'condition').flow;
    const branch = addAfter(forked, 'branch1', 'approver', free);
    const added = branch.flow.nodes.at(-1)!;
    expect(route(branch.flow, 'branch1')).toEqual(['approver1', 'end', added.id]);
    expect(route(branch.flow, added.id)).toEqual(['end']);
    expect(branch.flow.edges.find((e) => e.target === added.id)).toMatchObject({ label: '条件 2', conditions: [] });

    const apart = addAfter(minimalFlow(), undefined, 'end', free);
    expect(apart.flow.nodes.at(-1)).toMatchObject({ type: 'end', position: free });
    expect(apart.flow.edges).toEqual(minimalFlow().edges);
  });

  it('connects what may be connected, and takes a node out of its line when it is removed', () => {
    const flow = insertOnEdge(minimalFlow(), 'e2', 'copy').flow;
    expect(canConnect(flow, 'end', 'copy1')).toBe(false);
    expect(canConnect(flow, 'copy1', 'start')).toBe(false);
    expect(canConnect(flow, 'copy1', 'copy1')).toBe(false);
    expect(canConnect(flow, 'copy1', 'end')).toBe(false);
    expect(canConnect(flow, 'superior', 'end')).toBe(true);
    const cut = removeNode(flow, 'copy1');
    expect(route(cut, 'superior')).toEqual(['end']);
    expect(flowProblems(cut)).toEqual([]);
    expect(removeNode(flow, 'start')).toBe(flow);
    const dangling = { ...flow, edges: flow.edges.filter((e) => e.source !== 'copy1') };
    expect(flowProblems(dangling).map((p) => p.message)).toContain('抄送节点“抄送人”之后没有连到任何节点');
    const joined = connect(dangling, 'copy1', 'end');
    expect(flowProblems(joined.flow).map((p) => p.message)).toEqual(['抄送节点“抄送人”没有设置抄送人']);
  });

  it('keeps one 其他情况 per fork and orders the conditional branches', () => {
    let flow = insertOnEdge(minimalFlow(), 'e2', 'condition').flow;
    flow = addAfter(flow, 'branch1', 'copy', free).flow;
    const [first, second] = branchesOf(flow, 'branch1').filter((e) => !e.isDefault);
    const otherwise = branchesOf(flow, 'branch1').find((e) => e.isDefault)!;
    flow = setDefaultBranch(flow, second.id, true);
    expect(
      branchesOf(flow, 'branch1')
        .filter((e) => e.isDefault)
        .map((e) => e.id),
    ).toEqual([second.id]);
    expect(flow.edges.find((e) => e.id === second.id)).toMatchObject({ label: '其他情况' });
    expect(flow.edges.find((e) => e.id === second.id)).not.toHaveProperty('conditions');
    flow = setDefaultBranch(flow, otherwise.id, true);
    expect(flow.edges.find((e) => e.id === second.id)).toMatchObject({ conditions: [] });
    expect(flow.edges.find((e) => e.id === second.id)).not.toHaveProperty('isDefault');
    flow = moveBranch(flow, second.id, -1);
    expect(
      branchesOf(flow, 'branch1')
        .filter((e) => !e.isDefault)
        .map((e) => e.id),
    ).toEqual([second.id, first.id]);
  });

  it('routes a branch in a lane of its own beside the cards it passes, and other lines round cards in their way', () => {
    const card = { id: 'card', x: 0, y: 100, width: 232, height: 76 };
    const lane = routeConnector({ x: 200, y: 44 }, { x: 200, y: 300 }, true, [card], []);
    expect(lane.points.map((p) => p.x)).toContain(232 + 116);
    expect(lane.labelAt.x).toBe(348);
    const straight = routeConnector({ x: 600, y: 44 }, { x: 600, y: 300 }, true, [card], []);
    expect(straight.points).toHaveLength(4);
    const round = routeConnector({ x: 116, y: 44 }, { x: 116, y: 300 }, false, [card], []);
    expect(round.points.map((p) => p.x)).toEqual([116, 116, 260, 260, 116, 116]);
  });

  it('says rules and tests in words', () => {
    const names = { users: new Map([[3, '李代理']]), roles: new Map([[1, '法务']]), departments: new Map([[2, '商标代理部']]) };
    expect(ruleText({ kind: 'user', userId: 3 }, names)).toBe('李代理');
    expect(ruleText({ kind: 'role', roleId: 1 }, names)).toBe('角色：法务');
    expect(ruleText({ kind: 'departmentHead', departmentId: 2 }, names)).toBe('商标代理部负责人');
    expect(ruleText({ kind: 'departmentHead' }, names)).toBe('发起人所在部门的负责人');
    expect(ruleText({ kind: 'superior', levels: 2 }, names)).toBe('发起人的上级（2 级）');
    const fields = [{ name: 'budget', title: '预算', type: 'number' }];
    expect(conditionText({ field: 'budget', operator: 'gte', value: 10000 }, fields)).toBe('预算 大于等于 10000');
    expect(conditionText({ field: 'countries', operator: 'notIn', value: ['CN', 'HK'] }, fields)).toBe('countries 不属于 CN、HK');
    expect(conditionText({ field: 'budget', operator: 'empty' }, fields)).toBe('预算 为空');
  });
});

describe('a proposal type’s problems in the builder', () => {
  it('puts flow and created-case problems in their sections, in the admin’s words', () => {
    expect(sectionOf({ at: '/approvalFlow/nodes/3', message: 'x' })).toBe('approval');
    expect(sectionOf({ at: '/createsCases/0/fields/tmName', message: 'x' })).toBe('creates');
    expect(describeProblem({ at: '/approvalFlow/nodes/3', message: '审批节点“总监会签”没有设置审批人' })).toBe('审批节点“总监会签”没有设置审批人');
    expect(describeProblem({ at: '/approvalFlow/nodes/3', message: '缺少必填的 approvers' })).toBe('第 4 个节点：审批人不能为空');
    expect(describeProblem({ at: '/approvalFlow/edges/0/label', message: '不能超过 40 个字符' })).toBe('第 1 条连线：分支名称不能超过 40 个字符');
    expect(describeProblem({ at: '/createsCases/1/fields/tmName', message: '提案表单中没有字段 markName（填入案件的 tmName）' })).toBe(
      '第 2 个建立的案件：字段对应：提案表单中没有字段 markName（填入案件的 tmName）',
    );
    expect(describeProblem({ at: '/createsCases/0/when/0', message: '条件用了提案表单中没有的字段“region”' })).toBe(
      '第 1 个建立的案件：条件用了提案表单中没有的字段“region”',
    );
  });

  it('replaces the server’s flow-shape problems with those of the flow on the page', () => {
    const checked = { category: 'proposal', form: {}, approvalFlow: { ...minimalFlow(), edges: [minimalFlow().edges[0]] } };
    const current = { category: 'proposal', form: {}, approvalFlow: minimalFlow() };
    const shape = flowShapeProblems(checked);
    expect(shape).toContainEqual({ at: '/approvalFlow/nodes/1', message: '审批节点“直属上级审批”之后没有连到任何节点' });
    const server = [{ at: '/title', message: '至少要有 1 个字符' }, ...shape];
    expect(withLiveFlow(server, checked, checked)).toEqual(server);
    expect(withLiveFlow(server, checked, current)).toEqual([{ at: '/title', message: '至少要有 1 个字符' }]);
  });
});
