import type { CountryEntry } from '../../generated/types.js';

/** Spec 001 §7: display preference 7 holds the overseas country notice flag. */
export const NOTICE_DISPLAY_TYPE = 7;

/** The unions the regional-registration notice is about (spec 001 §9): EU, OAPI (非知), Benelux. */
export const NOTICE_UNIONS = ['EM', 'OA', 'BX'] as const;

export interface NoticePreference {
  noRemind: boolean;
}

/** The stored preference text as a value; anything unreadable counts as "remind". */
export function readNoticePreference(content: string | null | undefined): NoticePreference {
  if (!content) return { noRemind: false };
  try {
    const parsed = JSON.parse(content) as unknown;
    return { noRemind: typeof parsed === 'object' && parsed !== null && (parsed as { noRemind?: unknown }).noRemind === true };
  } catch {
    return { noRemind: false };
  }
}

export const writeNoticePreference = (preference: NoticePreference) => JSON.stringify(preference);

/** True when a newly chosen code is one of the unions, or a member country of one of them. */
export function concernsUnion(added: readonly (string | number)[], countries: readonly CountryEntry[]): boolean {
  const unions = countries.filter((c) => (NOTICE_UNIONS as readonly string[]).includes(c.code));
  return added.some((code) => unions.some((u) => u.code === code || u.members.includes(String(code))));
}

/** The chosen codes that are unions with member countries, in the order chosen. */
export function chosenUnions(value: readonly (string | number)[], countries: readonly CountryEntry[]): CountryEntry[] {
  const byCode = new Map(countries.map((c) => [c.code, c]));
  return value.map((code) => byCode.get(String(code))).filter((c): c is CountryEntry => c !== undefined && c.region && c.members.length > 0);
}

/** Codes as their Chinese names; unknown codes stay as they are. */
export function countryNames(codes: readonly (string | number)[], countries: readonly CountryEntry[]): string[] {
  const byCode = new Map(countries.map((c) => [c.code, c.name]));
  return codes.map((code) => byCode.get(String(code)) ?? String(code));
}

/** The member-country tip: the countries one registration with the union covers. */
export function memberTipText(union: CountryEntry, countries: readonly CountryEntry[]): string {
  return `选择${union.name}，一件注册即在以下 ${union.members.length} 个成员国统一有效，不能按国家分割：${countryNames(union.members, countries).join('、')}。`;
}

/** The regional-registration notice: what a filer must know before choosing these unions. */
export const UNION_NOTICE_TITLE = '地区注册须知';
export const UNION_NOTICE_PARAGRAPHS: readonly { head: string; text: string }[] = [
  {
    head: '欧盟',
    text: '欧盟商标向欧盟知识产权局（EUIPO）一次申请、一次注册，在全部 27 个成员国统一有效。注册不能只选部分成员国，也不能按国家分割转让或放弃；任一成员国存在在先权利或驳回理由，都可能导致整件申请被驳回。',
  },
  {
    head: '非知（非洲知识产权组织，OAPI）',
    text: '17 个成员国不设本国商标注册，只能通过非知统一申请；注册在全部成员国同时有效，不能按国家选择或分割，续展与变更也须统一办理。',
  },
  {
    head: '比荷卢',
    text: '比利时、荷兰、卢森堡共用一个商标注册体系，由比荷卢知识产权局（BOIP）统一受理，不能单独在其中一国注册。三国同时是欧盟成员国，欧盟商标也在三国有效。',
  },
  {
    head: '提示',
    text: '同时选择地区组织及其成员国会形成重复申请；如需在某一成员国单独保护，请先与代理人确认申请方案。',
  },
];
