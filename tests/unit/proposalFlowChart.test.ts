import { describe, expect, it } from 'vitest';
import type { DemandFlowChart } from '../../src/generated/types.js';
import {
  NODE_SIZE,
  approverLine,
  edgeTone,
  nodeLine,
  orientationOf,
  pathNodes,
  spreadPositions,
  type ChartNode,
} from '../../src/widgets/proposals/flowChartLayout.js';
import { mentionedIds } from '../../src/widgets/proposals/mentions.js';
import { storedFilesOf as demandFilesOf, uploadedFilesOf } from '../../src/runtime/upload/storedFiles.js';
import { newProposalPath, proposalListPath, proposalPath } from '../../src/widgets/proposals/proposalLook.js';

const approver = (id: number, userName: string, decision: ChartNode['approvers'][number]['decision']): ChartNode['approvers'][number] => ({
  id,
  stepId: 1,
  round: 1,
  nodeId: 'n',
  nodeName: '审批',
  userId: id,
  userName,
  decision,
  comment: null,
  decidedAt: null,
  reassignedFromName: null,
  reassignReason: null,
  toAdmins: false,
});

const node = (
  id: string,
  type: ChartNode['type'],
  x: number,
  y: number,
  state: ChartNode['state'] = 'notReached',
  extra: Partial<ChartNode> = {},
): ChartNode => ({
  id,
  type,
  name: id,
  position: { x, y },
  mode: type === 'approver' ? 'any' : null,
  state,
  toAdmins: false,
  approvers: [],
  recipients: [],
  enteredAt: null,
  decidedAt: null,
  ...extra,
});

/** start → 部门负责人 → 条件 →(预算超过一万) 总监 → end, else → end; drawn close together as a small editor might. */
const chart = (): DemandFlowChart => ({
  round: 1,
  rounds: 1,
  state: 'approving',
  nodes: [
    node('start', 'start', 100, 0, 'passed'),
    node('head', 'approver', 100, 60, 'approved', { approvers: [approver(1, '张部长', 'approved')] }),
    node('fork', 'condition', 100, 120, 'passed'),
    node('director', 'approver', 0, 180, 'waiting', { approvers: [approver(2, '刘总监', 'pending'), approver(3, '赵副总', 'pending')] }),
    node('end', 'end', 100, 240, 'notReached'),
    node('other', 'copy', 200, 180, 'skipped'),
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'head', label: null, taken: true },
    { id: 'e2', source: 'head', target: 'fork', label: null, taken: true },
    { id: 'e3', source: 'fork', target: 'director', label: '预算超过一万', taken: true },
    { id: 'e4', source: 'fork', target: 'other', label: '其他', taken: false },
    { id: 'e5', source: 'director', target: 'end', label: null, taken: false },
  ],
  path: ['start', 'head', 'fork', 'director', 'head'],
});

describe('the read-only flow chart', () => {
  it('runs down the page when the end lies below the start, across when further to the side', () => {
    expect(orientationOf(chart().nodes)).toBe('vertical');
    expect(orientationOf([node('s', 'start', 0, 0), node('e', 'end', 900, 80)])).toBe('horizontal');
    expect(orientationOf([node('a', 'approver', 0, 0)])).toBe('vertical');
  });

  it('spreads nodes drawn close together until no two boxes overlap, keeping their arrangement', () => {
    const c = chart();
    const at = spreadPositions(c.nodes);
    const boxes = c.nodes.map((n) => at.get(n.id)!);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const apart = Math.abs(boxes[i]!.x - boxes[j]!.x) >= NODE_SIZE.width || Math.abs(boxes[i]!.y - boxes[j]!.y) >= NODE_SIZE.height;
        expect(apart, `${c.nodes[i]!.id} and ${c.nodes[j]!.id}`).toBe(true);
      }
    }
    // Order kept: the start on top, the end at the bottom, the branches side by side, left one left.
    expect(at.get('start')!.y).toBe(0);
    expect(at.get('end')!.y).toBeGreaterThan(at.get('director')!.y);
    expect(at.get('director')!.x).toBeLessThan(at.get('other')!.x);
    expect(at.get('director')!.y).toBe(at.get('other')!.y);
  });

  it('leaves positions far enough apart as drawn (moved to start at the origin)', () => {
    const at = spreadPositions([node('a', 'start', 500, 300), node('b', 'end', 500, 700)]);
    expect(at.get('a')).toEqual({ x: 0, y: 0 });
    expect(at.get('b')).toEqual({ x: 0, y: 400 });
  });

  it('colours the edges of the path taken, the one into the waiting step as current, the others idle', () => {
    const c = chart();
    const byId = new Map(c.nodes.map((n) => [n.id, n]));
    const tones = Object.fromEntries(c.edges.map((e) => [e.id, edgeTone(e, byId)]));
    expect(tones).toEqual({ e1: 'taken', e2: 'taken', e3: 'current', e4: 'idle', e5: 'idle' });
    const rejected = new Map(byId);
    rejected.set('director', { ...byId.get('director')!, state: 'rejected' });
    expect(edgeTone(c.edges[2]!, rejected)).toBe('rejected');
  });

  it('lists the nodes of the path once each, in the order reached', () => {
    expect(pathNodes(chart()).map((n) => n.id)).toEqual(['start', 'head', 'fork', 'director']);
  });

  it('names a node’s approvers under its title, a few then how many', () => {
    const c = chart();
    expect(approverLine(c.nodes[3]!)).toBe('刘总监、赵副总');
    const many = node('m', 'approver', 0, 0, 'waiting', {
      approvers: ['甲', '乙', '丙', '丁', '戊'].map((n, i) => approver(i + 1, n, 'pending')),
    });
    expect(approverLine(many)).toBe('甲、乙、丙 等 5 人');
    const handed = node('h', 'approver', 0, 0, 'waiting', { approvers: [approver(1, '原审批人', 'reassigned'), approver(2, '新审批人', 'pending')] });
    expect(approverLine(handed)).toBe('新审批人');
    expect(approverLine(node('x', 'approver', 0, 0, 'notReached'))).toBe('到达时确定审批人');
    expect(approverLine(node('c', 'copy', 0, 0, 'passed', { recipients: [{ id: 9, name: '法务' }] }))).toBe('抄送 法务');
    expect(approverLine(c.nodes[0]!)).toBe('');
  });
});

describe('proposal page helpers', () => {
  it('finds the colleagues a comment mentions, a longer name before one it contains', () => {
    const people = [
      { id: 1, name: '王' },
      { id: 2, name: '王管理' },
      { id: 3, name: '陈员工' },
    ];
    expect(mentionedIds('@王管理 请看一下，@陈员工 也看', people)).toEqual([2, 3]);
    expect(mentionedIds('@王 你好', people)).toEqual([1]);
    expect(mentionedIds('没有提及', people)).toEqual([]);
  });

  it('turns a proposal’s files into upload values and back', () => {
    const files = [{ fileName: '预算.xlsx', filePath: 'org/1/ab.xlsx' }];
    const uploaded = uploadedFilesOf(files);
    expect(uploaded[0]).toMatchObject({ name: '预算.xlsx', path: 'org/1/ab.xlsx', status: 'done', url: '/api/file/download?path=org%2F1%2Fab.xlsx' });
    expect(demandFilesOf(uploaded)).toEqual(files);
  });

  it('links to a proposal, a new one of a type (with a mark), and the list on a view', () => {
    expect(proposalPath(7)).toBe('/brandManage/case-detail?id=7');
    expect(newProposalPath('overseasFiling', 12)).toBe('/brandManage/case-detail?type=overseasFiling&brandId=12');
    expect(newProposalPath('overseasFiling')).toBe('/brandManage/case-detail?type=overseasFiling');
    expect(proposalListPath('toApprove')).toBe('/brand/caseList?tab=proposals&view=toApprove');
  });
});

describe('the line under a node', () => {
  it('says which branch a fork took, how the flow ended, and which submission the start is', () => {
    const c = chart();
    const byId = (id: string) => c.nodes.find((n) => n.id === id)!;
    expect(nodeLine(byId('fork'), c)).toBe('走“预算超过一万”分支');
    expect(nodeLine(byId('director'), c)).toBe('刘总监、赵副总');
    expect(nodeLine(byId('start'), c)).toBe('第 1 次提交');
    expect(nodeLine(byId('end'), c)).toBe('全部通过后结束');
    expect(nodeLine({ ...byId('end'), state: 'passed' }, { ...c, state: 'approved' })).toBe('审批通过');
    expect(nodeLine(byId('end'), { ...c, state: 'rejected' })).toBe('');
    const draft = { ...c, round: 0, edges: c.edges.map((e) => ({ ...e, taken: false })) };
    expect(nodeLine(byId('fork'), draft)).toBe('按提案内容选择分支');
    expect(nodeLine(byId('start'), draft)).toBe('尚未提交');
  });
});
