import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../db/tables.js';
import type { BrandArchiveQuery } from '../../generated/types.js';

/**
 * The class picker's value as an archive condition: categories select by class, similar groups
 * and goods names by the mark's goods list (any one of them).
 */
export function classCondition(eb: ExpressionBuilder<Database, 'brand_archives'>, query: BrandArchiveQuery) {
  const value = query.classes;
  if (!value) return null;
  const categories = (value.categories ?? []).map(Number).filter((n) => n >= 1 && n <= 45);
  if (categories.length > 0) return eb('brand_archives.int_cls', 'in', categories);
  const groups = value.groups ?? [];
  if (groups.length > 0) return eb.or(groups.map((code) => eb(sql`brand_archives.goods`, '@>', sql`${JSON.stringify([{ code }])}::jsonb`)));
  const goods = value.goods ?? [];
  if (goods.length > 0) return eb.or(goods.map((name) => eb(sql`brand_archives.goods`, '@>', sql`${JSON.stringify([{ name }])}::jsonb`)));
  return null;
}
