import { sql } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { badRequest } from '../http/apiError.js';
import { isEmptyValue, valueProblem } from '../../shared/customFieldRules.js';
import { fieldTypeSchemas, toCustomField, type FieldRow } from './fieldDefinitions.js';

/** Values to store (by field id) and field ids whose value is cleared. */
export interface CheckedValues {
  set: Record<string, unknown>;
  cleared: string[];
}

/**
 * Checks values for fields of one module: every key a live field, every value valid for its type
 * (the shared rules, then the type's value schema), attachments files of this organisation,
 * required fields not cleared. Numbers are kept as text so no precision is lost.
 */
export async function checkValues(
  db: ScopedDb,
  schemas: SchemaLibrary,
  fields: Map<number, FieldRow>,
  values: Record<string, unknown>,
): Promise<CheckedValues> {
  const out: CheckedValues = { set: {}, cleared: [] };
  const paths = new Set<string>();
  for (const [key, raw] of Object.entries(values)) {
    const field = /^\d+$/.test(key) ? fields.get(Number(key)) : undefined;
    if (!field) throw badRequest(`自定义字段不存在或已删除：${key}`);
    const name = toCustomField(field).name;
    const value =
      field.field_type === '数字' && typeof raw === 'number' ? String(raw) : typeof raw === 'string' && field.field_type !== '多行文本' ? raw.trim() : raw;
    if (isEmptyValue(value)) {
      if (field.is_require) throw badRequest(`${name}不能为空`);
      out.cleared.push(String(field.id));
      continue;
    }
    const problem = valueProblem({ title: name, fieldType: field.field_type, content: field.field_content }, value);
    if (problem) throw badRequest(problem);
    const schema = fieldTypeSchemas(schemas).get(field.field_type);
    if (schema && !schema.value(value)) throw badRequest(`${name}的取值不正确`);
    if (field.field_type === '附件') for (const f of value as { fileUrl: string }[]) paths.add(f.fileUrl);
    out.set[String(field.id)] = value;
  }
  if (paths.size > 0) {
    const known = await db
      .selectFrom('files')
      .select('path')
      .where('path', 'in', [...paths])
      .execute();
    const found = new Set(known.map((k) => k.path));
    const missing = [...paths].find((p) => !found.has(p));
    if (missing) throw badRequest(`附件不存在，请重新上传：${missing}`);
  }
  return out;
}

/** Merges checked values into the records' custom values; cleared keys are removed. */
export async function writeTrademarkValues(db: ScopedDb, ids: number[], values: CheckedValues): Promise<number> {
  const result = await db
    .updateTable('brand_archives')
    .set({
      custom_values: sql<string>`(custom_values || ${JSON.stringify(values.set)}::jsonb) - ${sql.val(values.cleared)}::text[]`,
      updated_at: new Date(),
    })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Values a new record of the module starts with: date fields set to 自动填写 get the creation
 * time (with hours and minutes when their format shows them), Beijing time. The archive's create
 * call merges these under the values the user gave.
 */
export function autoFilledValues(fields: FieldRow[], createdAt: Date): Record<string, string> {
  const beijing = new Date(createdAt.getTime() + 8 * 3_600_000).toISOString();
  const out: Record<string, string> = {};
  for (const field of fields) {
    const settings = field.field_content as { 自动填写?: boolean; 日期格式?: string } | null;
    if (field.field_type !== '日期' || field.deleted || !settings?.自动填写) continue;
    out[String(field.id)] = settings.日期格式 === 'y/m/d h:i' ? `${beijing.slice(0, 10)} ${beijing.slice(11, 16)}` : beijing.slice(0, 10);
  }
  return out;
}
