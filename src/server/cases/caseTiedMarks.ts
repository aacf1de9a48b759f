import { sql } from 'kysely';
import type { TiedMark } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { DELETED_MARK, similarGroupMap } from '../../shared/goodsGroups.js';
import { namePinyin } from '../trademarks/namePinyin.js';
import { CONTAINS_THRESHOLD_CJK, CONTAINS_THRESHOLD_LATIN, NAME_THRESHOLD, PINYIN_THRESHOLD } from '../trademarks/similarNames.js';
import type { CaseRow } from './caseStore.js';
import type { CaseType } from './caseTypes.js';

/** Why the type's marks move together, as the law puts it. */
const RULES: Record<string, string> = {
  allOfHolder: '变更注册人名义、地址或者其他注册事项的，注册人应当将其全部注册商标一并变更（商标法实施条例第三十条）',
  similarOfHolder:
    '转让或移转注册商标的，注册人对其在同一种或者类似商品上注册的相同或者近似的商标，应当一并转让或移转（商标法第四十二条，商标法实施条例第三十一条、第三十二条）',
};

/** At most this many marks are listed; a holder with more sees the first ones and the count is not the point. */
const LIMIT = 200;

/** Marks no longer in force are not moved with the others. */
const DEAD_STATUSES = ['已销亡', '无效', '已无效', '已撤销', '已注销'];

interface ListedMark {
  id: number;
  tm_name: string;
  int_cls: number | null;
  applicant_cn: string;
  goods: { code: string; mark?: number }[];
}

const containsThreshold = (name: string) => (/[\u3400-\u9fff\uf900-\ufaff]/u.test(name) ? CONTAINS_THRESHOLD_CJK : CONTAINS_THRESHOLD_LATIN);

const groupsOf = (mark: Pick<ListedMark, 'goods'>) => new Set(mark.goods.filter((g) => g.mark !== DELETED_MARK && /^\d{4}$/.test(g.code)).map((g) => g.code));

/**
 * The archive marks the law makes move with the case's marks that the case does not list:
 * for a change of name or address every other live mark of the same holder; for a transfer or
 * assignment the holder's identical or similar marks (name alike in writing or in pinyin, by the
 * thresholds of the similar-name search) on the same or similar goods (a shared similar group,
 * or the same class where either mark's goods carry no group).
 */
export async function tiedMarksLeftBehind(db: ScopedDb, type: CaseType, row: CaseRow): Promise<{ rule: string; list: TiedMark[] }> {
  const rule = RULES[type.tiedMarks];
  if (!rule) return { rule: '', list: [] };
  const listed: ListedMark[] = await db
    .selectFrom('brand_archives as b')
    .innerJoin('case_marks as m', 'm.brand_id', 'b.id')
    .select(['b.id', 'b.tm_name', 'b.int_cls', 'b.applicant_cn', 'b.goods'])
    .where('m.case_id', '=', row.id)
    .execute();
  const form = (row.biz_param.form ?? {}) as Record<string, unknown>;
  const holders = [
    ...new Set(
      [...listed.map((m) => m.applicant_cn), typeof form.applicantName === 'string' ? form.applicantName : '', row.applicant_name].map((h) => h.trim()),
    ),
  ].filter(Boolean);
  if (holders.length === 0) return { rule, list: [] };
  const excluded = listed.map((m) => m.id);
  const candidates = await db
    .selectFrom('brand_archives as b')
    .select(['b.id', 'b.tm_name', 'b.tm_name_pinyin', 'b.app_no', 'b.reg_no', 'b.int_cls', 'b.applicant_cn', 'b.goods'])
    .where('b.applicant_cn', 'in', holders)
    .where('b.tm_status', 'not in', DEAD_STATUSES)
    .$if(excluded.length > 0, (q) => q.where('b.id', 'not in', excluded))
    .$if(type.tiedMarks === 'similarOfHolder', (q) =>
      q.where((eb) =>
        eb.or(
          listed.flatMap((m) => {
            const pinyin = namePinyin(m.tm_name);
            return [
              eb('b.tm_name', '=', m.tm_name),
              sql<boolean>`similarity(b.tm_name, ${m.tm_name}) >= ${NAME_THRESHOLD}`,
              // One name inside the other (星河 in 星河科技), either way round.
              sql<boolean>`greatest(word_similarity(${m.tm_name}, b.tm_name), word_similarity(b.tm_name, ${m.tm_name})) >= ${containsThreshold(m.tm_name)}`,
              ...(pinyin ? [sql<boolean>`similarity(b.tm_name_pinyin, ${pinyin}) >= ${PINYIN_THRESHOLD}`] : []),
            ];
          }),
        ),
      ),
    )
    .orderBy('b.int_cls')
    .orderBy('b.app_no')
    .orderBy('b.id')
    .limit(type.tiedMarks === 'similarOfHolder' ? LIMIT * 5 : LIMIT)
    .execute();
  if (type.tiedMarks === 'similarOfHolder' && listed.length === 0) return { rule, list: [] };
  const similarGroups = type.tiedMarks === 'similarOfHolder' ? await crossReferencedGroups(db) : new Map<string, Set<string>>();
  const list: TiedMark[] = [];
  for (const c of candidates) {
    let reason = '同一注册人的商标';
    if (type.tiedMarks === 'similarOfHolder') {
      const match = listed.map((m) => similarGoodsReason(m, c, similarGroups)).find((r): r is string => r !== null);
      if (!match) continue;
      reason = match;
    }
    list.push({ id: c.id, tmName: c.tm_name, appNo: c.app_no, regNo: c.reg_no, tmCl: c.int_cls, applicant: c.applicant_cn, reason });
    if (list.length >= LIMIT) break;
  }
  return { rule, list };
}

/** The similar groups the classification's notes name across groups and classes (groupsNamedSimilar). */
export async function crossReferencedGroups(db: ScopedDb): Promise<Map<string, Set<string>>> {
  const noted = await db.selectFrom('classification_groups').select(['group_no', 'remark']).where('remark', '~', '[0-9]{4}').execute();
  const known = await db.selectFrom('classification_groups').select('group_no').execute();
  return similarGroupMap([...noted, ...known.map((g) => ({ group_no: g.group_no, remark: '' }))]);
}

/**
 * Why `other` counts as on the same or similar goods as `mark` with an alike name, or null: a shared
 * similar group; the same class where either mark's goods carry no group; or groups the
 * classification's notes call similar, in another class too (0205 and 1912).
 */
function similarGoodsReason(
  mark: ListedMark,
  other: Pick<ListedMark, 'tm_name' | 'int_cls' | 'goods'>,
  similarGroups: ReadonlyMap<string, ReadonlySet<string>>,
): string | null {
  const name = other.tm_name === mark.tm_name ? `与“${mark.tm_name}”相同` : `与“${mark.tm_name}”近似`;
  const own = groupsOf(mark);
  const theirs = groupsOf(other);
  if (mark.int_cls !== null && other.int_cls === mark.int_cls) {
    const shared = [...own].filter((g) => theirs.has(g)).sort();
    if (shared.length > 0) return `${name}，第 ${mark.int_cls} 类类似群 ${shared.join('、')}`;
    if (own.size === 0 || theirs.size === 0) return `${name}，同在第 ${mark.int_cls} 类`;
  }
  for (const group of [...own].sort()) {
    const across = [...theirs].filter((g) => similarGroups.get(group)?.has(g)).sort();
    if (across.length > 0) return `${name}，类似群 ${group} 与 ${across.join('、')} 按区分表注释类似`;
  }
  return null;
}
