import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/tables.js';
import { badRequest } from '../http/apiError.js';
import { containsPattern } from '../db/likePattern.js';
import { isEmptyValue } from '../../shared/customFieldRules.js';

const TRADEMARK_MODULE = 1;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const texts = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

/**
 * Conditions on `brand_archives.custom_values` for a filter keyed by custom-field id, for the
 * archive queries to add with `.where(...)`. Only fields marked as filters may be used. Text
 * matches a part; a single choice is one of the chosen; a multiple choice holds one of the chosen;
 * a date is a day or a [from, to] range (either end may be empty). Empty conditions are skipped.
 */
export async function customFieldConditions(db: Kysely<Database>, filter: Record<string, unknown> | undefined): Promise<RawBuilder<boolean>[]> {
  const wanted = Object.entries(filter ?? {}).filter(([, v]) => !isEmptyValue(v) && !(Array.isArray(v) && v.every(isEmptyValue)));
  if (wanted.length === 0) return [];
  const ids = wanted.map(([key]) => Number(key));
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647)) throw badRequest('自定义字段筛选的字段编号无效');
  const fields = await db
    .selectFrom('custom_fields')
    .select(['id', 'title', 'field_type', 'is_filter'])
    .where('id', 'in', ids)
    .where('module_type', '=', TRADEMARK_MODULE)
    .where('deleted', '=', false)
    .execute();
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const out: RawBuilder<boolean>[] = [];
  for (const [key, value] of wanted) {
    const field = byId.get(String(Number(key)));
    if (!field) throw badRequest(`自定义字段不存在或已删除：${key}`);
    if (!field.is_filter) throw badRequest(`“${field.title}”不是筛选字段`);
    const id = String(field.id);
    switch (field.field_type) {
      case '单行文本':
      case '多行文本': {
        const [text] = texts(value);
        if (text) out.push(sql<boolean>`(brand_archives.custom_values ->> ${id}) ilike ${containsPattern(text.trim())}`);
        break;
      }
      case '单选': {
        const chosen = texts(value);
        if (chosen.length) out.push(sql<boolean>`(brand_archives.custom_values ->> ${id}) = any(${sql.val(chosen)}::text[])`);
        break;
      }
      case '多选': {
        const chosen = texts(value);
        if (chosen.length) out.push(sql<boolean>`(brand_archives.custom_values -> ${id}) ?| ${sql.val(chosen)}::text[]`);
        break;
      }
      case '日期': {
        const [from, to] = Array.isArray(value) ? value : [value, value];
        for (const end of [from, to]) if (end && (typeof end !== 'string' || !DATE.test(end))) throw badRequest(`“${field.title}”的筛选日期应为 YYYY-MM-DD`);
        if (from) out.push(sql<boolean>`left(brand_archives.custom_values ->> ${id}, 10) >= ${from}`);
        if (to) out.push(sql<boolean>`left(brand_archives.custom_values ->> ${id}, 10) <= ${to}`);
        break;
      }
      default:
        throw badRequest(`“${field.title}”不能用于筛选`);
    }
  }
  return out;
}
