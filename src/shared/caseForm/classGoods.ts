/** One goods or service item of an application; a non-standard item has no group or number. */
export interface ClassGood {
  name: string;
  groupNum?: string;
  cgNum?: string;
}

/** The goods of one class (an entry of the case's parentCgInfo). */
export interface ClassGoods {
  tmCl: number;
  goods: ClassGood[];
}

/** Items per class the registration fee covers; each further item is charged on its own. */
export const ITEMS_IN_CLASS_FEE = 10;

const isClass = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 45;

/** The classes of a stored value, in class order; malformed entries are dropped. */
export function classGoodsRows(value: unknown): ClassGoods[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((row): row is { tmCl: number; goods?: unknown } => row !== null && typeof row === 'object' && isClass((row as { tmCl?: unknown }).tmCl))
    .map((row) => ({
      tmCl: row.tmCl,
      goods: (Array.isArray(row.goods) ? row.goods : [])
        .filter((g): g is ClassGood => g !== null && typeof g === 'object' && typeof (g as ClassGood).name === 'string')
        .map((g) => ({ name: g.name, ...(g.groupNum ? { groupNum: g.groupNum } : {}), ...(g.cgNum ? { cgNum: g.cgNum } : {}) })),
    }))
    .sort((a, b) => a.tmCl - b.tmCl);
}

/** Adds an item to its class unless the same name is there already. */
export function addGood(rows: ClassGoods[], tmCl: number, good: ClassGood): ClassGoods[] {
  const name = good.name.trim();
  if (!name) return rows;
  return rows.map((r) => (r.tmCl !== tmCl || r.goods.some((g) => g.name === name) ? r : { ...r, goods: [...r.goods, { ...good, name }] }));
}

export function removeGood(rows: ClassGoods[], tmCl: number, name: string): ClassGoods[] {
  return rows.map((r) => (r.tmCl === tmCl ? { ...r, goods: r.goods.filter((g) => g.name !== name) } : r));
}

export function addClass(rows: ClassGoods[], tmCl: number): ClassGoods[] {
  return rows.some((r) => r.tmCl === tmCl) ? rows : [...rows, { tmCl, goods: [] }].sort((a, b) => a.tmCl - b.tmCl);
}
