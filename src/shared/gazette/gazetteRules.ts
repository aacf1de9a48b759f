import { countPeriod, type CountedDeadline } from '../deadlines/countedDeadline.js';
import type { WorkCalendar } from '../deadlines/workCalendar.js';
import { daysBetween } from '../trademarkDates.js';

/**
 * The gazette watch's rules: why a published mark conflicts with one of ours (its name, sound or
 * logo, on the same or similar goods) and until when it can be opposed. Pure, for both ends.
 */

/** Name similarity (trigrams of the written name) from which names count as 字形相近, as the archive's similar-name search. */
export const NAME_SIMILARITY = 0.6;
/** Pinyin similarity from which names count as 读音相近. */
export const PINYIN_SIMILARITY = 0.7;
/** Hamming distance of two 64-bit logo hashes up to which the logos count as 图形近似 (of 64 bits). */
export const LOGO_DISTANCE = 7;
/** Days left from which a deadline is shown as urgent. */
export const URGENT_DAYS = 15;

export const OPPOSITION_PERIOD = { amount: 3, unit: 'm' } as const;
export const OPPOSITION_ARTICLE = '商标法第三十三条';

export type GazetteReason = '名称相同' | '读音相同' | '读音相近' | '字形相近' | '包含我方商标' | '图形近似';
export const GAZETTE_REASONS: readonly GazetteReason[] = ['名称相同', '读音相同', '读音相近', '字形相近', '包含我方商标', '图形近似'];

export interface NameComparison {
  ownName: string;
  theirName: string;
  ownPinyin: string;
  theirPinyin: string;
  /** similarity() of the two written names, 0–1. */
  nameSimilarity: number;
  /** similarity() of the two pinyin spellings, 0–1. */
  pinyinSimilarity: number;
  /** Hamming distance of the logos' hashes, null when either has none. */
  logoDistance: number | null;
}

const normal = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/**
 * Why two marks look or sound alike, strongest first, and a score 0–1 to rank by; no reasons when
 * they do not. A name of one character (or letter) is too short to be found inside another name.
 */
export function conflictReasons(c: NameComparison): { reasons: GazetteReason[]; score: number } {
  const reasons: GazetteReason[] = [];
  const own = normal(c.ownName);
  const theirs = normal(c.theirName);
  let score = 0;
  if (own && own === theirs) {
    reasons.push('名称相同');
    score = 1;
  } else if (own && theirs) {
    if (c.ownPinyin && c.ownPinyin === c.theirPinyin) {
      reasons.push('读音相同');
      score = Math.max(score, 0.95);
    } else if (c.pinyinSimilarity >= PINYIN_SIMILARITY) {
      reasons.push('读音相近');
      score = Math.max(score, c.pinyinSimilarity * 0.95);
    }
    if (c.nameSimilarity >= NAME_SIMILARITY) {
      reasons.push('字形相近');
      score = Math.max(score, c.nameSimilarity);
    }
    if ([...own].length >= 2 && theirs.includes(own)) {
      reasons.push('包含我方商标');
      score = Math.max(score, (0.9 * [...own].length) / [...theirs].length);
    }
  }
  if (c.logoDistance !== null && c.logoDistance <= LOGO_DISTANCE) {
    reasons.push('图形近似');
    score = Math.max(score, 1 - c.logoDistance / 64);
  }
  return { reasons, score: Math.round(score * 1000) / 1000 };
}

export interface GoodsSide {
  cls: number | null;
  /** The 类似群 codes (4 digits) of its goods still in force. */
  groups: readonly string[];
}

export interface GoodsConflict {
  groups: string[];
  note: string;
}

/**
 * Whether two marks' goods are the same or similar: a shared similar group (类似群); groups the
 * classification's notes call similar (in another class too); or, when either list carries no group
 * codes, the same class. Null when none holds.
 */
export function goodsConflict(own: GoodsSide, theirs: GoodsSide, similarGroups: ReadonlyMap<string, ReadonlySet<string>>): GoodsConflict | null {
  const ownGroups = [...new Set(own.groups)].sort();
  const theirGroups = new Set(theirs.groups);
  const shared = ownGroups.filter((g) => theirGroups.has(g));
  if (shared.length > 0) return { groups: shared, note: `类似群 ${shared.join('、')} 相同` };
  for (const group of ownGroups) {
    const across = [...theirGroups].filter((g) => similarGroups.get(group)?.has(g)).sort();
    if (across.length > 0) return { groups: [group, ...across], note: `类似群 ${group} 与 ${across.join('、')} 按区分表注释类似` };
  }
  if (own.cls !== null && own.cls === theirs.cls && (ownGroups.length === 0 || theirGroups.size === 0)) {
    return { groups: [], note: `同在第 ${own.cls} 类` };
  }
  return null;
}

/** The 类似群 codes of a goods list, deleted items left out. */
export function goodsGroups(goods: readonly { code: string; name?: string; mark?: number }[], deletedMark = 2): string[] {
  return [...new Set(goods.filter((g) => g.mark !== deletedMark && /^\d{4}$/.test(g.code)).map((g) => g.code))];
}

/** The last day to oppose a mark published on `prelimDate`: 3 months, moved off holidays (商标法第三十三条, 条例第十二条). */
export function oppositionDeadline(prelimDate: string, calendar: WorkCalendar): CountedDeadline {
  return countPeriod(prelimDate, OPPOSITION_PERIOD, calendar, '初步审定公告之日起', OPPOSITION_ARTICLE);
}

/** Days from `today` to the deadline: 0 on its last day, negative once it has passed. */
export function daysLeft(deadline: string, today: string): number {
  return daysBetween(today, deadline);
}

/** Bits set in a 32-bit number. */
function bits32(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** A 64-bit hash (as the database's signed bigint text, or unsigned) as two unsigned 32-bit halves. */
export function hashHalves(text: string): [number, number] {
  const value = BigInt.asUintN(64, BigInt(text));
  return [Number(value >> 32n), Number(value & 0xffffffffn)];
}

export function hammingDistance(a: readonly [number, number], b: readonly [number, number]): number {
  return bits32((a[0] ^ b[0]) >>> 0) + bits32((a[1] ^ b[1]) >>> 0);
}

/**
 * Pairs of hashes within `maxDistance` bits, without comparing every pair: each hash is cut into
 * maxDistance + 1 pieces (at most 8 of 8 bits); two hashes that differ in at most maxDistance bits
 * agree on at least one piece (pigeonhole), so only hashes sharing a piece are compared.
 */
export function nearHashPairs<A, B>(
  left: readonly { key: A; hash: string }[],
  right: readonly { key: B; hash: string }[],
  maxDistance: number = LOGO_DISTANCE,
): { left: A; right: B; distance: number }[] {
  if (maxDistance > 7) throw new Error('maxDistance above 7 needs pieces smaller than a byte');
  const pieceOf = (h: [number, number], i: number) => ((i < 4 ? h[0] : h[1]) >>> ((i % 4) * 8)) & 0xff;
  const index = new Map<number, number[]>();
  const rightHalves = right.map((r) => hashHalves(r.hash));
  rightHalves.forEach((h, at) => {
    for (let i = 0; i < 8; i++) {
      const key = i * 256 + pieceOf(h, i);
      const list = index.get(key);
      if (list) list.push(at);
      else index.set(key, [at]);
    }
  });
  const out: { left: A; right: B; distance: number }[] = [];
  for (const l of left) {
    const h = hashHalves(l.hash);
    const seen = new Set<number>();
    for (let i = 0; i < 8; i++) {
      for (const at of index.get(i * 256 + pieceOf(h, i)) ?? []) {
        if (seen.has(at)) continue;
        seen.add(at);
        const distance = hammingDistance(h, rightHalves[at]!);
        if (distance <= maxDistance) out.push({ left: l.key, right: right[at]!.key, distance });
      }
    }
  }
  return out;
}
