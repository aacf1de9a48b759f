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

/**
 * The similar groups a group's note in the classification (区分表的注释) says its goods are similar
 * to, cross-searched with, or protected across (本类似群与 0205 虫胶类似；跨类似群保护商品：着色剂（0201，0202）),
 * in other classes too. Sentences saying goods are not similar are skipped, and so is the group itself.
 */
export function groupsNamedSimilar(ownGroup: string, remark: string): string[] {
  const found = new Set<string>();
  for (const sentence of remark.split(/[；;。\r\n]+/)) {
    if (sentence.includes('不类似')) continue;
    if (!/类似|交叉检索|跨类似群保护/.test(sentence)) continue;
    for (const code of sentence.match(/(?<!\d)\d{4}(?!\d)/g) ?? []) if (code !== ownGroup) found.add(code);
  }
  return [...found];
}

/** The classification's cross references as a symmetric map: group → the groups named similar to it either way. */
export function similarGroupMap(groups: readonly { group_no: string; remark: string }[]): Map<string, Set<string>> {
  const known = new Set(groups.map((g) => g.group_no));
  const map = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (!map.has(a)) map.set(a, new Set());
    map.get(a)!.add(b);
  };
  for (const group of groups) {
    for (const other of groupsNamedSimilar(group.group_no, group.remark)) {
      if (!known.has(other)) continue;
      link(group.group_no, other);
      link(other, group.group_no);
    }
  }
  return map;
}
