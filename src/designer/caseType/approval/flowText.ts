import type { ApproverRule, ConditionOperator, FlowCondition } from '../../../shared/approvalFlow/flowModel.js';
import type { FormField } from '../../../shared/approvalFlow/formFields.js';

export const OPERATOR_OPTIONS: { value: ConditionOperator; label: string }[] = [
  { value: 'eq', label: '等于' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'gte', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'lte', label: '小于等于' },
  { value: 'in', label: '属于' },
  { value: 'notIn', label: '不属于' },
  { value: 'contains', label: '包含' },
  { value: 'empty', label: '为空' },
  { value: 'notEmpty', label: '不为空' },
];

const OPERATOR_TEXT = new Map(OPERATOR_OPTIONS.map((o) => [o.value, o.label]));

/** Whether the operator compares with a value (为空 and 不为空 do not). */
export const takesValue = (operator: ConditionOperator) => operator !== 'empty' && operator !== 'notEmpty';
/** Whether the operator compares with a list of values. */
export const takesList = (operator: ConditionOperator) => operator === 'in' || operator === 'notIn';

/** The names the editor shows for the ids a rule holds. */
export interface PeopleNames {
  users: ReadonlyMap<number, string>;
  roles: ReadonlyMap<number, string>;
  departments: ReadonlyMap<number, string>;
}

/** One rule in a few words: 李代理, 角色：法务, 商标代理部负责人, 发起人的上级（2 级）. */
export function ruleText(rule: ApproverRule, names: PeopleNames): string {
  switch (rule.kind) {
    case 'user':
      return names.users.get(rule.userId) ?? `成员 #${rule.userId}`;
    case 'role':
      return `角色：${names.roles.get(rule.roleId) ?? `#${rule.roleId}`}`;
    case 'departmentHead':
      return rule.departmentId === undefined ? '发起人所在部门的负责人' : `${names.departments.get(rule.departmentId) ?? `部门 #${rule.departmentId}`}负责人`;
    case 'superior':
      return rule.levels === 1 ? '发起人的直属上级' : `发起人的上级（${rule.levels} 级）`;
  }
}

export const peopleText = (rules: ApproverRule[], names: PeopleNames) => rules.map((r) => ruleText(r, names)).join('、');

function valueText(value: FlowCondition['value']): string {
  if (Array.isArray(value)) return value.join('、');
  if (value === undefined) return '';
  return String(value);
}

/** One test in words: 预算 大于 10000. */
export function conditionText(condition: FlowCondition, fields: FormField[]): string {
  const title = fields.find((f) => f.name === condition.field)?.title ?? condition.field;
  const op = OPERATOR_TEXT.get(condition.operator) ?? condition.operator;
  return takesValue(condition.operator) ? `${title} ${op} ${valueText(condition.value)}` : `${title} ${op}`;
}

export const conditionsText = (conditions: FlowCondition[], fields: FormField[]) => conditions.map((c) => conditionText(c, fields)).join(' 且 ');
