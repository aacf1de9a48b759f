import type { SchemaProblem } from '../../generated/types.js';
import { flowProblems, problemPointer, readableFlow } from '../../shared/approvalFlow/flowProblems.js';
import { formFieldNames } from '../../shared/approvalFlow/formFields.js';

/** The builder's sections, each of which shows the problems found in its part of the type. */
export type CaseTypeSection = 'basic' | 'form' | 'stages' | 'flow' | 'approval' | 'creates' | 'attachments' | 'fees';

const SECTION_OF: Record<string, CaseTypeSection> = {
  form: 'form',
  stages: 'stages',
  statuses: 'flow',
  transitions: 'flow',
  attachments: 'attachments',
  feeItems: 'fees',
  approvalFlow: 'approval',
  createsCases: 'creates',
};

/** What a list's item is called, for “第 2 个阶段”. */
const ITEM_OF: Record<string, string> = {
  stages: '阶段',
  statuses: '状态',
  transitions: '流转',
  attachments: '附件',
  feeItems: '费用项',
  fields: '附加字段',
  createsCases: '建立的案件',
};

const TOP_LABELS: Record<string, string> = {
  name: '标识',
  title: '名称',
  category: '类别',
  description: '说明',
  scope: '适用范围',
  archiveEffect: '结案写回档案',
  tiedMarks: '连带商标',
  filingForm: '申请书模板',
  form: '申请表单',
  stages: '阶段',
  statuses: '状态',
  transitions: '流转',
  attachments: '附件',
  feeItems: '费用项',
  routes: '页面',
  approvalFlow: '审批流程',
  createsCases: '审批通过后建立的案件',
};

const ITEM_LABELS: Record<string, string> = {
  key: '标识',
  title: '名称',
  name: '名称',
  deadlineDays: '期限（天）',
  officialTypes: '推进的官文',
  status: '进入时状态',
  color: '颜色',
  final: '终态',
  action: '动作',
  from: '可从这些状态',
  to: '流转到',
  permission: '所需权限',
  required: '必须上传',
  accept: '允许的扩展名',
  kind: '费用类别',
  amount: '金额',
  currency: '币种',
  officialFeeItem: '官费项目',
  per: '计费单位',
  caseTypePrice: '按费用配置取价',
  caseType: '案件类型',
  split: '拆分',
  when: '条件',
  fields: '字段对应',
};

const decode = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** Where a problem belongs: the section of the top-level property its pointer starts with. */
export function sectionOf(problem: SchemaProblem): CaseTypeSection {
  const [top = ''] = problem.at.split('/').slice(1).map(decode);
  const missing = top === '' ? /^缺少必填的 (\w+)$/.exec(problem.message)?.[1] : undefined;
  return SECTION_OF[missing ?? top] ?? 'basic';
}

/** The server's wording, said of the field it concerns. */
function rephrase(message: string, label: string): string {
  const missing = /^缺少必填的 (\w+)$/.exec(message);
  if (missing) return `${ITEM_LABELS[missing[1]] ?? TOP_LABELS[missing[1]] ?? missing[1]}不能为空`;
  if (message === '至少要有 1 个字符') return `${label}不能为空`;
  if (label && message.startsWith(label)) return message;
  if (/^格式不符（应匹配 \^\[a-z\]/.test(message)) return `${label}应以小写英文字母开头，只含英文字母和数字`;
  return label ? `${label}${/^(不能|至少)/.test(message) ? '' : '：'}${message}` : message;
}

/** A problem as the admin reads it: which item, which field, what is wrong. */
export function describeProblem(problem: SchemaProblem): string {
  const parts = problem.at.split('/').slice(1).map(decode);
  const [top = '', index, field] = parts;
  if (top === 'form')
    return `申请表单${
      parts.length > 1
        ? `（${parts
            .slice(1)
            .filter((p) => p !== 'properties')
            .join(' › ')}）`
        : ''
    }：${problem.message}`;
  if (top === 'approvalFlow') return describeFlowProblem(parts.slice(1), problem.message);
  const item = ITEM_OF[top];
  if (item && index !== undefined && /^\d+$/.test(index)) {
    const where = `第 ${Number(index) + 1} 个${item}`;
    if (field === undefined) return `${where}：${rephrase(problem.message, '')}`;
    return `${where}：${rephrase(problem.message, ITEM_LABELS[field] ?? field)}`;
  }
  if (top === '' || index === undefined) {
    if (top === 'stages' && problem.message.startsWith('至少要有')) return '至少要有一个阶段';
    return rephrase(problem.message, TOP_LABELS[top] ?? top);
  }
  return `${TOP_LABELS[top] ?? top}：${problem.message}`;
}

/** Whether a problem concerns the field at `pointer` (or something inside it). */
export const concerns = (problem: SchemaProblem, pointer: string) => problem.at === pointer || problem.at.startsWith(`${pointer}/`);

const FLOW_LABELS: Record<string, string> = {
  name: '名称',
  approvers: '审批人',
  recipients: '抄送人',
  mode: '审批方式',
  remindAfterHours: '催办时限',
  label: '分支名称',
  conditions: '条件',
};

/** A flow problem: the flow's own checks say where in their sentence; the meta-schema's are said of the node or connector. */
function describeFlowProblem(parts: string[], message: string): string {
  const [list, index, field] = parts;
  if (index === undefined || (field === undefined && !/^缺少必填的/.test(message))) return message;
  const where = `第 ${Number(index) + 1} ${list === 'edges' ? '条连线' : '个节点'}`;
  const missing = /^缺少必填的 (\w+)$/.exec(message)?.[1];
  if (missing) return `${where}：${FLOW_LABELS[missing] ?? missing}不能为空`;
  return `${where}：${rephrase(message, FLOW_LABELS[field ?? ''] ?? field ?? '')}`;
}

/** The flow's shape problems as the server reports them, worked out on the page for the flow being drawn. */
export function flowShapeProblems(body: { category?: unknown; form?: unknown; approvalFlow?: unknown } | null | undefined): SchemaProblem[] {
  if (!body || body.category !== 'proposal' || !readableFlow(body.approvalFlow)) return [];
  const flow = body.approvalFlow;
  return flowProblems(flow, formFieldNames(body.form)).map((p) => ({ at: problemPointer(flow, p), message: p.message }));
}

const keyOf = (p: SchemaProblem) => `${p.at} ${p.message}`;

/**
 * The server's problems with its flow-shape ones replaced by those of the flow now on the page: a
 * drawn fix clears its problem at once, not when the next check comes back.
 */
export function withLiveFlow(
  found: SchemaProblem[],
  checked: Parameters<typeof flowShapeProblems>[0],
  current: Parameters<typeof flowShapeProblems>[0],
): SchemaProblem[] {
  const stale = new Set(flowShapeProblems(checked).map(keyOf));
  return [...found.filter((p) => !stale.has(keyOf(p))), ...flowShapeProblems(current)];
}
