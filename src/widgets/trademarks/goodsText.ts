import type { GoodsItem } from '../../generated/types.js';
import { DELETED_MARK, GOODS_SEPARATOR, groupGoods } from '../../shared/goodsGroups.js';

/** Goods as text to edit: one similar group a line, "0901 计算机；鼠标". */
export function goodsToText(items: readonly GoodsItem[]): string {
  return groupGoods(items)
    .map((g) => `${g.code} ${g.name}`.trim())
    .join('\n');
}

/**
 * Edited text back to goods items. A line starts with its group code when it has one; a name
 * that was deleted (mark 2) in the same group before stays deleted.
 */
export function textToGoods(text: string, before: readonly GoodsItem[]): GoodsItem[] {
  const deleted = new Set(before.filter((g) => g.mark === DELETED_MARK).map((g) => `${g.code}\u0000${g.name}`));
  const items: GoodsItem[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{2,4})\s+(.*)$/.exec(line);
    const code = match ? match[1]! : '';
    const names = (match ? match[2]! : line)
      .split(/[；;]/)
      .map((n) => n.trim())
      .filter(Boolean);
    for (const name of names) items.push(deleted.has(`${code}\u0000${name}`) ? { code, name, mark: DELETED_MARK } : { code, name });
  }
  return items;
}

export { GOODS_SEPARATOR };
