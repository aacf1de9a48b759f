import { sql } from 'kysely';
import { registerArchiveConditions } from './archiveFilter.js';

/**
 * The class picker's value as an archive condition: categories select by class, similar groups
 * and goods names by the mark's goods list (any one of them).
 */
registerArchiveConditions('classes', (eb, query) => {
  const value = query.classes;
  if (!value) return null;
  const categories = (value.categories ?? []).map(Number).filter((n) => n >= 1 && n <= 45);
  if (categories.length > 0) return eb.and([eb('brand_archives.int_cls', 'in', categories)]);
  const groups = value.groups ?? [];
  if (groups.length > 0) return eb.and([eb.or(groups.map((code) => eb(sql`brand_archives.goods`, '@>', sql`${JSON.stringify([{ code }])}::jsonb`)))]);
  const goods = value.goods ?? [];
  if (goods.length > 0) return eb.and([eb.or(goods.map((name) => eb(sql`brand_archives.goods`, '@>', sql`${JSON.stringify([{ name }])}::jsonb`)))]);
  return null;
});
