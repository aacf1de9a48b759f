/** A list known to hold at least one item, as the generated types write a schema's `minItems: 1`. */
export function isNonEmpty<T>(list: readonly T[]): list is [T, ...T[]] {
  return list.length >= 1;
}

/** A list known to hold at least two items, as the generated types write a schema's `minItems: 2`. */
export function hasAtLeastTwo<T>(list: readonly T[]): list is [T, T, ...T[]] {
  return list.length >= 2;
}
