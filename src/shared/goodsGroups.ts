/** One goods or services item as stored: group code, name, and mark 2 when deleted. */
export interface GoodsEntry {
  code: string;
  name: string;
  mark?: number;
}

export interface GoodsGroupView {
  code: string;
  /** Item names joined by the full-width semicolon. */
  name: string;
  deleted?: string[];
}

export const GOODS_SEPARATOR = '；';
export const DELETED_MARK = 2;

/** Items grouped by their group code, in first-seen order; deleted names listed per group. */
export function groupGoods(items: readonly GoodsEntry[]): GoodsGroupView[] {
  const groups = new Map<string, { names: string[]; deleted: string[] }>();
  for (const item of items) {
    let group = groups.get(item.code);
    if (!group) groups.set(item.code, (group = { names: [], deleted: [] }));
    group.names.push(item.name);
    if (item.mark === DELETED_MARK) group.deleted.push(item.name);
  }
  return [...groups].map(([code, g]) =>
    g.deleted.length > 0 ? { code, name: g.names.join(GOODS_SEPARATOR), deleted: g.deleted } : { code, name: g.names.join(GOODS_SEPARATOR) },
  );
}

/** Splits a group's name list back into items, tagging those the group lists as deleted. */
export function splitGoodsGroup(group: GoodsGroupView): GoodsEntry[] {
  const deleted = new Set(group.deleted ?? []);
  return group.name
    .split(GOODS_SEPARATOR)
    .map((name) => name.trim())
    .filter(Boolean)
    .map((name) => (deleted.has(name) ? { code: group.code, name, mark: DELETED_MARK } : { code: group.code, name }));
}
