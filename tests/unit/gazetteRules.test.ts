import { describe, expect, it } from 'vitest';
import { createWorkCalendar } from '../../src/shared/deadlines/workCalendar.js';
import {
  conflictReasons,
  daysLeft,
  goodsConflict,
  goodsGroups,
  hammingDistance,
  hashHalves,
  nearHashPairs,
  oppositionDeadline,
} from '../../src/shared/gazette/gazetteRules.js';

const compare = (ownName: string, theirName: string, extra: Partial<Parameters<typeof conflictReasons>[0]> = {}) =>
  conflictReasons({ ownName, theirName, ownPinyin: '', theirPinyin: '', nameSimilarity: 0, pinyinSimilarity: 0, logoDistance: null, ...extra });

describe('gazette watch: why marks conflict', () => {
  it('names the likeness, strongest first, and ranks it', () => {
    expect(compare('星辰', '星辰')).toEqual({ reasons: ['名称相同'], score: 1 });
    expect(compare('Star Chen', 'starchen').reasons).toEqual(['名称相同']);
    expect(compare('星辰', '醒晨', { ownPinyin: 'xingchen', theirPinyin: 'xingchen', pinyinSimilarity: 1 })).toEqual({ reasons: ['读音相同'], score: 0.95 });
    expect(compare('星辰', '星晨', { ownPinyin: 'xingchen', theirPinyin: 'xingcheng', pinyinSimilarity: 0.8, nameSimilarity: 0.65 }).reasons).toEqual([
      '读音相近',
      '字形相近',
    ]);
    const inside = compare('星辰', '星辰日化');
    expect(inside.reasons).toEqual(['包含我方商标']);
    expect(inside.score).toBeCloseTo(0.45, 3);
  });

  it('finds no likeness below the thresholds, and none in a one-character name inside another', () => {
    expect(compare('星辰', '海洋', { pinyinSimilarity: 0.69, nameSimilarity: 0.59 }).reasons).toEqual([]);
    expect(compare('星', '星光大道').reasons).toEqual([]);
  });

  it('counts logos within 7 bits as 图形近似, whatever the names', () => {
    expect(compare('星辰', '海洋', { logoDistance: 3 })).toEqual({ reasons: ['图形近似'], score: 0.953 });
    expect(compare('星辰', '海洋', { logoDistance: 8 }).reasons).toEqual([]);
    expect(compare('', '', { logoDistance: 0 }).reasons).toEqual(['图形近似']);
  });
});

describe('gazette watch: same or similar goods', () => {
  const notes = new Map([
    ['0205', new Set(['1912'])],
    ['1912', new Set(['0205'])],
  ]);
  it('takes a shared similar group, then groups the classification calls similar, then the same class when either has no groups', () => {
    expect(goodsConflict({ cls: 3, groups: ['0306', '0302'] }, { cls: 3, groups: ['0302', '0301'] }, notes)).toEqual({
      groups: ['0302'],
      note: '类似群 0302 相同',
    });
    expect(goodsConflict({ cls: 2, groups: ['0205'] }, { cls: 19, groups: ['1912'] }, notes)).toEqual({
      groups: ['0205', '1912'],
      note: '类似群 0205 与 1912 按区分表注释类似',
    });
    expect(goodsConflict({ cls: 3, groups: [] }, { cls: 3, groups: ['0306'] }, notes)).toEqual({ groups: [], note: '同在第 3 类' });
  });
  it('finds no conflict across unrelated groups, in the same class too', () => {
    expect(goodsConflict({ cls: 3, groups: ['0306'] }, { cls: 9, groups: ['0901'] }, notes)).toBeNull();
    expect(goodsConflict({ cls: 3, groups: ['0306'] }, { cls: 3, groups: ['0301'] }, notes)).toBeNull();
  });
  it('reads the groups of the goods still in force', () => {
    expect(
      goodsGroups([
        { code: '0306', name: '化妆品' },
        { code: '0301', name: '洗衣粉', mark: 2 },
        { code: '0306', name: '香水' },
        { code: '', name: '自定义' },
      ]),
    ).toEqual(['0306']);
  });
});

describe('gazette watch: the opposition deadline', () => {
  const calendar = createWorkCalendar();
  it('runs 3 months from the publication, the day itself not counted (商标法第三十三条)', () => {
    const counted = oppositionDeadline('2026-03-06', calendar);
    expect(counted.date).toBe('2026-06-08'); // 06-06 is a Saturday: the next working day.
    expect(counted.steps[0]!.text).toContain('商标法第三十三条');
    expect(counted.steps).toHaveLength(2);
  });
  it('ends on the month’s last day when it has no such day', () => {
    expect(oppositionDeadline('2025-08-31', calendar).date).toBe('2025-12-01'); // 11-30, a Sunday, moves on.
    // 2026-02-28 is a Saturday but an official make-up workday: the period ends on it.
    expect(oppositionDeadline('2025-11-30', calendar).date).toBe('2026-02-28');
  });
  it('counts the days left, 0 on the last day', () => {
    expect(daysLeft('2026-06-08', '2026-06-08')).toBe(0);
    expect(daysLeft('2026-06-08', '2026-05-24')).toBe(15);
    expect(daysLeft('2026-06-08', '2026-06-09')).toBe(-1);
  });
});

describe('gazette watch: near logos without comparing every pair', () => {
  it('measures the Hamming distance of signed and unsigned hashes alike', () => {
    expect(hammingDistance(hashHalves('-1'), hashHalves('0'))).toBe(64);
    expect(hammingDistance(hashHalves(String(0xf0n)), hashHalves(String(0x0fn)))).toBe(8);
  });
  it('finds exactly the pairs a full comparison finds', () => {
    let state = 12345n;
    const next = () => {
      state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
      return state;
    };
    const left = Array.from({ length: 60 }, (_, i) => ({ key: i, hash: String(BigInt.asIntN(64, next())) }));
    // Each right hash is a left one with a few bits flipped, or a fresh one.
    const right = Array.from({ length: 200 }, (_, i) => {
      const base = BigInt.asUintN(64, BigInt(left[i % 60]!.hash));
      const flips = i % 11;
      let hash = i % 3 === 0 ? next() : base;
      for (let b = 0; b < flips; b++) hash ^= 1n << BigInt((b * 13 + i) % 64);
      return { key: i, hash: String(hash) };
    });
    const full = [];
    for (const l of left)
      for (const r of right) {
        const d = hammingDistance(hashHalves(l.hash), hashHalves(r.hash));
        if (d <= 7) full.push(`${l.key}:${r.key}:${d}`);
      }
    const fast = nearHashPairs(left, right).map((p) => `${p.left}:${p.right}:${p.distance}`);
    expect(fast.sort()).toEqual(full.sort());
    expect(full.length).toBeGreaterThan(20);
  });
});
