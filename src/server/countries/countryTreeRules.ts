import type { CountryTreeNode } from '../../generated/types.js';

/** A two-letter upper-case code names a country, region or union; anything else names a group. */
export const isPlaceCode = (code: string) => /^[A-Z]{2}$/.test(code);

export const MAX_COUNTRY_TREE_DEPTH = 4;

/**
 * Why an organisation's country tree cannot be saved, in Chinese, or null when it can: every
 * name filled in, every country code known and a leaf, no group inside itself, no code twice,
 * at most four levels.
 */
export function countryTreeProblem(tree: CountryTreeNode[], isKnown: (code: string) => boolean): string | null {
  if (tree.length === 0) return '国家分组不能为空';
  const seen = new Set<string>();
  const visit = (nodes: CountryTreeNode[], ancestors: CountryTreeNode[]): string | null => {
    if (ancestors.length >= MAX_COUNTRY_TREE_DEPTH) return `国家分组最多 ${MAX_COUNTRY_TREE_DEPTH} 层`;
    for (const node of nodes) {
      const name = node.name.trim();
      if (!name) return `代码为 ${node.code} 的节点名称不能为空`;
      if (isPlaceCode(node.code)) {
        if (!isKnown(node.code)) return `未知的国家或地区代码：${node.code}`;
        if (node.subList.length > 0) return `国家或地区“${name}”（${node.code}）下不能再有下级`;
      } else {
        const self = ancestors.find((a) => a.code === node.code);
        if (self) return `分组“${self.name.trim()}”（${node.code}）不能包含它自己`;
      }
      if (seen.has(node.code)) return `代码 ${node.code} 重复出现：每个国家、地区或分组只能出现一次`;
      seen.add(node.code);
      const below = visit(node.subList, [...ancestors, node]);
      if (below) return below;
    }
    return null;
  };
  return visit(tree, []);
}

/** The tree as it is stored: names without surrounding blanks. */
export function trimCountryTree(tree: CountryTreeNode[]): CountryTreeNode[] {
  return tree.map((n) => ({ code: n.code, name: n.name.trim(), subList: trimCountryTree(n.subList) }));
}
