import type { ErrorObject } from 'ajv';
import { pathOfPointer, type FieldLabeller } from './fieldLabels.js';

type SchemaNode = { title?: string; properties?: Record<string, { title?: string }> };

const TYPE_NAMES: Record<string, string> = {
  string: '文本',
  integer: '整数',
  number: '数字',
  boolean: '是或否',
  object: '对象',
  array: '列表',
  null: '空',
};

function fieldLabel(error: ErrorObject, labelAt?: FieldLabeller): string {
  const path = pathOfPointer(error.instancePath);
  if (labelAt) return labelAt(path) || '请求体';
  const own = (error.parentSchema as SchemaNode | undefined)?.title;
  if (own) return own;
  return path.pop() ?? '请求体';
}

/**
 * One Chinese sentence for one Ajv error, naming the field: by `labelAt` when the request's schema
 * is at hand (a list item, a field of a shared schema), else by the failing schema's own title.
 */
export function describeValidationError(error: ErrorObject, labelAt?: FieldLabeller): string {
  const label = fieldLabel(error, labelAt);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const title = labelAt
        ? labelAt([...pathOfPointer(error.instancePath), missing])
        : (error.parentSchema as SchemaNode | undefined)?.properties?.[missing]?.title;
      return `${title ?? missing}不能为空`;
    }
    case 'additionalProperties': {
      const where = error.instancePath ? `${label}中` : '';
      return `${where}不允许的字段：${String(params.additionalProperty)}`;
    }
    case 'type': {
      const types = String(params.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t);
      return `${label}应为${types.join('或')}`;
    }
    case 'enum':
      return `${label}的取值只能是：${(params.allowedValues as unknown[]).map(String).join('、')}`;
    case 'const':
      return `${label}的取值只能是：${String(params.allowedValue)}`;
    case 'minLength':
      return Number(params.limit) <= 1 ? `${label}不能为空` : `${label}至少 ${String(params.limit)} 个字符`;
    case 'maxLength':
      return `${label}不能超过 ${String(params.limit)} 个字符`;
    case 'minimum':
      return `${label}不能小于 ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `${label}须大于 ${String(params.limit)}`;
    case 'maximum':
      return `${label}不能大于 ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `${label}须小于 ${String(params.limit)}`;
    case 'minItems':
      return `${label}至少要有 ${String(params.limit)} 项`;
    case 'maxItems':
      return `${label}最多 ${String(params.limit)} 项`;
    case 'format':
      return `${label}格式不正确`;
    case 'pattern': {
      // A pattern is no help to a person; the field's description says what it accepts.
      const accepted = (error.parentSchema as { description?: string } | undefined)?.description;
      return accepted ? `${label}格式不正确：应为${accepted}` : `${label}格式不正确`;
    }
    default:
      return `${label}不符合要求`;
  }
}

export function describeValidationErrors(errors: ErrorObject[], labelAt?: FieldLabeller): string {
  const sentences = [...new Set(errors.filter((e) => e.keyword !== 'if' && e.keyword !== 'anyOf').map((e) => describeValidationError(e, labelAt)))];
  return `请求参数有误：${sentences.join('；')}`;
}
