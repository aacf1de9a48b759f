/**
 * An approval flow as admins draw it on /system/proposalConfig and as the server walks it: a directed
 * graph from one start node to end nodes. It is kept inside a proposal type (schemas/proposalTypes),
 * so a proposal walks the flow of the type version it was submitted with.
 */

/** Whom an approver or copy-to node means, resolved on the server when the node is reached. */
export type ApproverRule =
  /** A named user of the organisation. */
  | { kind: 'user'; userId: number }
  /** Every active user holding the role. */
  | { kind: 'role'; roleId: number }
  /** The head of a department; without departmentId, the head of the submitter's department (or the one above). */
  | { kind: 'departmentHead'; departmentId?: number }
  /** The submitter's superiors, level 1 being the head of their department, up to `levels` levels (1–5). */
  | { kind: 'superior'; levels: number };

export type ConditionOperator = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'notIn' | 'contains' | 'empty' | 'notEmpty';

/** One test on a field of the proposal's form; a branch's tests must all hold. */
export interface FlowCondition {
  /** The field's name in the proposal type's form (a dotted path for nested fields). */
  field: string;
  operator: ConditionOperator;
  /** Compared value; a list for in and notIn; absent for empty and notEmpty. */
  value?: string | number | boolean | Array<string | number>;
}

export interface FlowPosition {
  x: number;
  y: number;
}

interface FlowNodeBase {
  /** Unique within the flow; kept by the proposal's steps, so never reused for another node. */
  id: string;
  /** The node's title shown in the editor, the flow chart and the messages. */
  name: string;
  position: FlowPosition;
}

export interface StartNode extends FlowNodeBase {
  type: 'start';
}

export interface ApproverNode extends FlowNodeBase {
  type: 'approver';
  approvers: ApproverRule[];
  /** all: countersign, every approver must approve; any: the first decision of any of them decides. */
  mode: 'all' | 'any';
  /** Hours a step may wait before its approvers are reminded; absent: no reminder. */
  remindAfterHours?: number;
}

export interface CopyNode extends FlowNodeBase {
  type: 'copy';
  /** Told when the flow passes; they may read and comment on the proposal. */
  recipients: ApproverRule[];
}

/** A fork: its outgoing edges carry conditions; the first edge (in edge order) whose conditions hold is taken, else the default one. */
export interface ConditionNode extends FlowNodeBase {
  type: 'condition';
}

export interface EndNode extends FlowNodeBase {
  type: 'end';
}

export type FlowNode = StartNode | ApproverNode | CopyNode | ConditionNode | EndNode;

export type FlowNodeType = FlowNode['type'];

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  /** Branch label shown on the edge (预算超过一万). */
  label?: string;
  /** Only on edges leaving a condition node: tests that must all hold for this branch. */
  conditions?: FlowCondition[];
  /** Only on edges leaving a condition node: the branch taken when no other holds (exactly one per condition node). */
  isDefault?: boolean;
}

export interface ApprovalFlow {
  nodes: FlowNode[];
  edges: FlowEdge[];
}

/** Most levels a superior rule may climb. */
export const MAX_SUPERIOR_LEVELS = 5;

/** The flow a new proposal type starts with: the submitter, their direct superior's approval, the end. */
export function minimalFlow(): ApprovalFlow {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起人', position: { x: 0, y: 0 } },
      { id: 'superior', type: 'approver', name: '直属上级审批', approvers: [{ kind: 'superior', levels: 1 }], mode: 'any', position: { x: 0, y: 160 } },
      { id: 'end', type: 'end', name: '结束', position: { x: 0, y: 320 } },
    ],
    edges: [
      { id: 'e1', source: 'start', target: 'superior' },
      { id: 'e2', source: 'superior', target: 'end' },
    ],
  };
}
