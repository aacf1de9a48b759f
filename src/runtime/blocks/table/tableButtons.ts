import { matchesCondition, type RowCondition } from './rowCondition.js';

export interface ButtonTarget {
  permission?: string;
  visibleWhen?: RowCondition;
}

/** Buttons the user may see: without a permission flag, or with one the user holds. */
export function permittedButtons<B extends ButtonTarget>(buttons: B[] | undefined, permissions: ReadonlySet<string>): B[] {
  return (buttons ?? []).filter((b) => !b.permission || permissions.has(b.permission));
}

/**
 * A row's buttons: the ones that apply to it, the first `limit` shown as links and the rest, with
 * the explicit dropdown items, under 更多.
 */
export function rowActions<B extends ButtonTarget>(row: Record<string, unknown>, buttons: B[], dropdownItems: B[], limit: number): { shown: B[]; more: B[] } {
  const applies = (b: B) => matchesCondition(row, b.visibleWhen);
  const own = buttons.filter(applies);
  const shown = own.length > limit ? own.slice(0, Math.max(limit, 0)) : own;
  return { shown, more: [...own.slice(shown.length), ...dropdownItems.filter(applies)] };
}

export interface IdsTarget {
  idsParam: string;
  /** `array` sends [1, 2]; `join` sends "1,2" (the separator is a comma unless given). */
  idsFormat?: 'array' | 'join';
  separator?: string;
}

/** The selected ids in the request field and shape the operation expects. */
export function idsBody(target: IdsTarget, ids: readonly (string | number)[]): Record<string, unknown> {
  return { [target.idsParam]: target.idsFormat === 'join' ? ids.join(target.separator ?? ',') : [...ids] };
}
