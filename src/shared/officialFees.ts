/** How a procedure is filed with CNIPA: the online channel is charged less for most items. */
export type FilingChannel = 'online' | 'paper';

/** What one fee is charged for: each class, each mark, or each request. */
export type OfficialFeeUnit = 'class' | 'mark' | 'case';

/** One price of schemas/dicts/official-fees.json: what an item costs from a date on. */
export interface OfficialFeeEntry {
  value: string;
  label: string;
  unit: OfficialFeeUnit;
  /** YYYY-MM-DD: the first day this price applies. */
  from: string;
  paper: number;
  /** Absent: online filings pay the paper amount. */
  online?: number;
  /** Registration: goods items one class fee covers. */
  goodsIncluded?: number;
  /** Registration: the fee for each goods item beyond goodsIncluded, in one class. */
  extraPerItem?: { paper: number; online?: number };
  source: string;
}

/** The country whose official fees are CNIPA's; other countries' fees come from the organisation's price list. */
export const DOMESTIC_COUNTRY = 'CN';

/** One class of a case in one country, as tmItems carries it. */
export interface FeeTmItem {
  appCountry: string;
  tmCl: number;
  /** How many goods or services items the class lists. */
  goodsCount: number;
}

export interface CountryOfficialFees {
  appCountry: string;
  /** Yuan; null for a country whose official fees are not CNIPA's. */
  officialFees: number | null;
}

/** The table has no price for an item on a date (before its first entry, or an unknown key). */
export class NoOfficialPrice extends Error {
  constructor(
    readonly key: string,
    readonly date: string,
  ) {
    super(`官费表中没有“${key}”在 ${date} 适用的价格`);
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;

function dayOf(date: string): string {
  if (!ISO_DATE.test(date)) throw new Error(`日期格式应为 YYYY-MM-DD：${date}`);
  return date.slice(0, 10);
}

/** Amounts are summed in fen so that halves and tenths of a yuan add up exactly. */
const fen = (yuan: number) => Math.round(yuan * 100);
const yuan = (fenAmount: number) => fenAmount / 100;

/** The entry of `key` that applies on `date`: the latest whose `from` is on or before it. */
export function officialFeeEntryOn(entries: readonly OfficialFeeEntry[], key: string, date: string): OfficialFeeEntry | undefined {
  const day = dayOf(date);
  let chosen: OfficialFeeEntry | undefined;
  for (const entry of entries) {
    if (entry.value !== key || entry.from > day) continue;
    if (!chosen || entry.from >= chosen.from) chosen = entry;
  }
  return chosen;
}

function applicableEntry(entries: readonly OfficialFeeEntry[], key: string, date: string): OfficialFeeEntry {
  const entry = officialFeeEntryOn(entries, key, date);
  if (!entry) throw new NoOfficialPrice(key, date);
  return entry;
}

const channelAmount = (amounts: { paper: number; online?: number }, channel: FilingChannel) =>
  channel === 'online' ? (amounts.online ?? amounts.paper) : amounts.paper;

/** The price of one unit of `key` on `date` for the channel, in yuan; undefined when the table has none. */
export function officialPriceOn(entries: readonly OfficialFeeEntry[], key: string, date: string, channel: FilingChannel): number | undefined {
  const entry = officialFeeEntryOn(entries, key, date);
  return entry && channelAmount(entry, channel);
}

function classFee(entry: OfficialFeeEntry, goodsCount: number, channel: FilingChannel): number {
  if (!Number.isInteger(goodsCount) || goodsCount < 0) throw new Error(`商品项数应为非负整数：${goodsCount}`);
  const over = entry.goodsIncluded === undefined ? 0 : Math.max(0, goodsCount - entry.goodsIncluded);
  const extra = entry.extraPerItem ? fen(channelAmount(entry.extraPerItem, channel)) * over : 0;
  return fen(channelAmount(entry, channel)) + extra;
}

/** The registration fee of one application: one class fee per class plus each goods item over the class's allowance. */
export function registrationOfficialFee(entries: readonly OfficialFeeEntry[], date: string, channel: FilingChannel, goodsPerClass: readonly number[]): number {
  const entry = applicableEntry(entries, 'registration', date);
  return yuan(goodsPerClass.reduce((sum, count) => sum + classFee(entry, count, channel), 0));
}

/**
 * The official fees of item `key` per country of a case, in the order countries first appear.
 * Per-class items are charged per distinct class (a class listed twice counts its goods together);
 * per-mark and per-case items once per country. Only the domestic country gets a figure.
 */
export function officialFeesByCountry(
  entries: readonly OfficialFeeEntry[],
  key: string,
  date: string,
  channel: FilingChannel,
  items: readonly FeeTmItem[],
): CountryOfficialFees[] {
  const goodsByCountry = new Map<string, Map<number, number>>();
  for (const item of items) {
    let classes = goodsByCountry.get(item.appCountry);
    if (!classes) goodsByCountry.set(item.appCountry, (classes = new Map()));
    classes.set(item.tmCl, (classes.get(item.tmCl) ?? 0) + item.goodsCount);
  }
  return [...goodsByCountry].map(([appCountry, classes]) => {
    if (appCountry !== DOMESTIC_COUNTRY) return { appCountry, officialFees: null };
    const entry = applicableEntry(entries, key, date);
    const total = entry.unit === 'class' ? [...classes.values()].reduce((sum, count) => sum + classFee(entry, count, channel), 0) : classFee(entry, 0, channel);
    return { appCountry, officialFees: yuan(total) };
  });
}
