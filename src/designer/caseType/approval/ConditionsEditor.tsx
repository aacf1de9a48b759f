import { Button, Input, InputNumber, Select, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConditionOperator, FlowCondition } from '../../../shared/approvalFlow/flowModel.js';
import { conditionProblem } from '../../../shared/approvalFlow/flowProblems.js';
import type { FormField } from '../../../shared/approvalFlow/formFields.js';
import { OPERATOR_OPTIONS, takesList, takesValue } from './flowText.js';

interface ConditionsEditorProps {
  /** How a row is named for screen readers: 第 1 个条件. */
  label: string;
  conditions: FlowCondition[];
  onChange(conditions: FlowCondition[]): void;
  /** The proposal form's fields, which the tests read. */
  fields: FormField[];
}

const isNumeric = (field: FormField | undefined) => field?.type === 'number' || field?.type === 'integer';

/** A value as the field holds it: numbers for number fields, text otherwise. */
function asValue(raw: string, field: FormField | undefined): string | number {
  const n = Number(raw);
  return isNumeric(field) && raw.trim() !== '' && Number.isFinite(n) ? n : raw;
}

/** The value kept when the operator changes: a list for 属于/不属于, one value otherwise, none for 为空. */
function reshape(value: FlowCondition['value'], operator: ConditionOperator): FlowCondition['value'] {
  if (!takesValue(operator)) return undefined;
  if (takesList(operator)) return Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value as string | number];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Tests on the proposal form's fields that must all hold: a field, an operator in words (等于 …
 * 不为空) and the value compared, as a number for number fields and a list for 属于/不属于.
 */
export function ConditionsEditor({ label, conditions, onChange, fields }: ConditionsEditorProps) {
  const fieldNames = new Set(fields.map((f) => f.name));
  const update = (index: number, patch: Partial<FlowCondition>) => onChange(conditions.map((c, i) => (i === index ? tidy({ ...c, ...patch }) : c)));
  return (
    <div className="ipm-flow-conditions">
      {conditions.map((condition, i) => {
        const field = fields.find((f) => f.name === condition.field);
        const problem = condition.field ? conditionProblem(condition, fieldNames) : '请选择字段';
        const rowLabel = `${label}第 ${i + 1} 个条件`;
        return (
          <div key={i} className="ipm-flow-condition">
            {i > 0 && <div className="ipm-flow-condition-and">且</div>}
            <div className="ipm-flow-condition-row">
              <Select
                showSearch
                aria-label={`${rowLabel}的字段`}
                placeholder="字段"
                className="ipm-flow-condition-field"
                style={{ flex: 1, minWidth: 0, width: 'auto' }}
                status={condition.field && !fieldNames.has(condition.field) ? 'error' : undefined}
                value={condition.field || undefined}
                optionFilterProp="label"
                options={fields.map((f) => ({ value: f.name, label: f.title === f.name ? f.name : `${f.title}（${f.name}）` }))}
                onChange={(name: string) => update(i, { field: name, value: reshape(condition.value, condition.operator) })}
              />
              <Select
                aria-label={`${rowLabel}的比较方式`}
                className="ipm-flow-condition-operator"
                style={{ width: 112, flex: 'none' }}
                value={condition.operator}
                options={OPERATOR_OPTIONS}
                onChange={(operator: ConditionOperator) => update(i, { operator, value: reshape(condition.value, operator) })}
              />
              <Tooltip title="删除这个条件">
                <Button
                  type="text"
                  danger
                  aria-label={`删除${rowLabel}`}
                  icon={<DeleteOutlined />}
                  onClick={() => onChange(conditions.filter((_c, j) => j !== i))}
                />
              </Tooltip>
            </div>
            {takesValue(condition.operator) && (
              <div className="ipm-flow-condition-value">
                {takesList(condition.operator) ? (
                  <Select
                    mode="tags"
                    aria-label={`${rowLabel}的值`}
                    placeholder="输入后回车，可填多个"
                    style={{ width: '100%' }}
                    value={(Array.isArray(condition.value) ? condition.value : []).map(String)}
                    open={false}
                    onChange={(values: string[]) => update(i, { value: values.map((v) => asValue(v, field)) })}
                  />
                ) : isNumeric(field) && condition.operator !== 'contains' ? (
                  <InputNumber
                    aria-label={`${rowLabel}的值`}
                    placeholder="数值"
                    style={{ width: '100%' }}
                    value={typeof condition.value === 'number' ? condition.value : condition.value === undefined ? null : Number(condition.value)}
                    onChange={(value) => update(i, { value: value ?? undefined })}
                  />
                ) : (
                  <Input
                    aria-label={`${rowLabel}的值`}
                    placeholder="比较的值"
                    maxLength={200}
                    value={condition.value === undefined ? '' : String(condition.value)}
                    onChange={(e) => update(i, { value: e.target.value === '' ? undefined : asValue(e.target.value, field) })}
                  />
                )}
              </div>
            )}
            {problem && (
              <Typography.Text type="danger" className="ipm-flow-condition-problem">
                {problem.replace(/^用了/, '条件用了')}
              </Typography.Text>
            )}
          </div>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={fields.length === 0}
        onClick={() => onChange([...conditions, { field: fields[0]?.name ?? '', operator: isNumeric(fields[0]) ? 'gt' : 'eq' }])}
      >
        添加条件
      </Button>
      {fields.length === 0 && <Typography.Text type="secondary">提案表单还没有字段：先在“提案表单”中添加字段，再按字段设置条件。</Typography.Text>}
    </div>
  );
}

/** A test without its value when the operator takes none. */
function tidy(condition: FlowCondition): FlowCondition {
  if (takesValue(condition.operator) && condition.value !== undefined) return condition;
  const { value: _value, ...rest } = condition;
  return rest;
}
