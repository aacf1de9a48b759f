import type { Selectable } from 'kysely';
import type { ChoiceOption } from '../../generated/types.js';
import type { OfficialFeeEntry } from '../../shared/officialFees.js';
import type { OfficialFeePricesTable } from '../db/tables.js';
import type { ScopedDb } from '../db/tenantScope.js';
import type { SchemaLibrary } from '../schemas/schemaLibrary.js';

const read = new WeakMap<SchemaLibrary, readonly OfficialFeeEntry[]>();

/** The built-in CNIPA fee table of schemas/dicts/official-fees.json, every dated entry of every item. */
export function officialFeeTable(schemas: SchemaLibrary): readonly OfficialFeeEntry[] {
  let entries = read.get(schemas);
  if (!entries) {
    const dict = schemas.files.find((f) => f.file === 'dicts/official-fees.json');
    entries = (dict?.body.items as OfficialFeeEntry[] | undefined) ?? [];
    read.set(schemas, entries);
  }
  return entries;
}

/** What an item is, from its latest built-in entry: its name, unit and the goods a class fee covers. */
export type OfficialFeeItem = Pick<OfficialFeeEntry, 'value' | 'label' | 'unit' | 'goodsIncluded'>;

/** The items of the built-in table in the order they first appear, each described by its latest entry. */
export function officialFeeItems(schemas: SchemaLibrary): ReadonlyMap<string, OfficialFeeItem> {
  const items = new Map<string, OfficialFeeItem & { from: string }>();
  for (const entry of officialFeeTable(schemas)) {
    const held = items.get(entry.value);
    if (!held || entry.from >= held.from)
      items.set(entry.value, { value: entry.value, label: entry.label, unit: entry.unit, goodsIncluded: entry.goodsIncluded, from: entry.from });
  }
  return items;
}

export const officialFeeItemOptions = (schemas: SchemaLibrary): ChoiceOption[] =>
  [...officialFeeItems(schemas).values()].map((i) => ({ value: i.value, label: i.label }));

const amount = (value: string | null) => (value === null ? undefined : Number(value));

/** An organisation's price as an entry of the table, named and counted like the item's built-in entries. */
export function addedEntry(row: Selectable<OfficialFeePricesTable>, item: OfficialFeeItem): OfficialFeeEntry {
  const extraPaper = amount(row.extra_paper);
  return {
    value: row.item,
    label: item.label,
    unit: item.unit,
    from: row.effective_from,
    paper: Number(row.paper),
    ...(row.online === null ? {} : { online: Number(row.online) }),
    ...(item.goodsIncluded !== undefined && extraPaper !== undefined
      ? { goodsIncluded: item.goodsIncluded, extraPerItem: { paper: extraPaper, ...(row.extra_online === null ? {} : { online: Number(row.extra_online) }) } }
      : {}),
    source: row.source,
  };
}

/**
 * The fee table a case of the organisation is priced by: the built-in entries, then the prices the
 * organisation's admins added. The entry in force on a day is the latest not after it; on the same
 * day the organisation's comes later and so wins.
 */
export async function officialFeeTableOf(db: ScopedDb, schemas: SchemaLibrary): Promise<readonly OfficialFeeEntry[]> {
  const rows = await db.selectFrom('official_fee_prices').selectAll().orderBy('effective_from').orderBy('id').execute();
  if (rows.length === 0) return officialFeeTable(schemas);
  const items = officialFeeItems(schemas);
  const added = rows.flatMap((row) => {
    const item = items.get(row.item);
    return item ? [addedEntry(row, item)] : [];
  });
  return [...officialFeeTable(schemas), ...added];
}
