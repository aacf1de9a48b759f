import type { GoodsItem } from '../../generated/types.js';
import { addDays, addMonths, GRACE_MONTHS } from '../../shared/trademarkDates.js';

/** A small deterministic PRNG (mulberry32): the same seed always yields the same register. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const NAME_CHARS =
  '星辰云帆青禾美佳华润康源泰盛鑫悦品尚优雅秀丽恒达金银宝瑞祥福安和嘉兴隆朗逸锦绣清风明月花语蓝海天骄凯旋晨曦绿野仙踪雪莲红叶紫荆春秋冬夏茶香酒韵果然好味道小熊猫白鹭飞鸿鹿鸣山水';
const LATIN_SYLLABLES = ['lu', 'mo', 'ra', 'vex', 'za', 'ni', 'ko', 'tel', 'ar', 'sen', 'vi', 'da', 'lo', 'fy', 'ex', 'on', 'qi', 'mar', 'tis', 'no'];
const CITIES = ['杭州', '深圳', '上海', '北京', '广州', '苏州', '成都', '武汉', '南京', '青岛', '厦门', '宁波', '长沙', '西安', '天津'];
const FIRM_WORDS = ['青禾', '云帆', '华美', '恒泰', '嘉和', '瑞丰', '金源', '宏图', '新锐', '永盛', '海纳', '星河', '晨光', '中科', '博雅'];
const INDUSTRIES = ['食品', '电子科技', '日化', '服饰', '生物医药', '家居用品', '文化传媒', '餐饮管理', '网络科技', '酒业'];
const STREETS = ['文三路', '科技园南路', '漕溪北路', '星湖街', '中山路', '人民路', '解放大道', '长江路'];
const AGENTS = [
  '华信知识产权代理有限公司',
  '中商商标事务所有限公司',
  '北京正理商标代理有限公司',
  '上海华诚知识产权代理有限公司',
  '广州三环专利商标代理有限公司',
];
const EN_FIRMS = ['Lumora Co., Ltd.', 'Vexa Trading Ltd.', 'Northwind Brands Inc.', 'Aster Foods GmbH', 'Kotel Electronics Co., Ltd.'];
const OVERSEAS = ['US', 'JP', 'KR', 'GB', 'DE', 'FR', 'AU', 'SG', 'EM', 'WO'];

/** The statuses a mark passes through, with the process status shown beside each. */
const PROCESS: Record<string, string> = {
  申请中: '商标注册申请---等待实质审查',
  初审公告: '商标注册申请---初审公告',
  已注册: '商标注册申请---注册证发文',
  已驳回: '驳回通知发文',
  已无效: '商标无效宣告---结案',
  已销亡: '商标已失效',
  续展: '商标续展---核准证明打印发送',
  异议中: '商标异议申请---等待异议答辩',
};

export interface ApplicantProfile {
  name: string;
  nameEn: string;
  address: string;
  addressEn: string;
}

/** A generated mark with the register's columns, before it is written. */
export interface GeneratedMark {
  country_code: string;
  app_no: string;
  reg_no: string | null;
  int_cls: number;
  tm_name: string;
  tm_type: string;
  tm_status: string;
  ori_tm_status: string;
  applicant_cn: string;
  applicant_en: string;
  applicant_address: string;
  applicant_address_en: string;
  agent: string;
  agent_en: string;
  app_date: string;
  prelim_date: string | null;
  announcement_issue: string;
  reg_date: string | null;
  reg_issue: string;
  private_end_date: string | null;
  submit_way: string;
  goods: GoodsItem[];
}

/** Goods items of one class, for picking a mark's list from. */
export type GoodsPool = ReadonlyMap<number, readonly GoodsItem[]>;

export function randomApplicant(random: () => number): ApplicantProfile {
  if (random() < 0.08) {
    const nameEn = pick(random, EN_FIRMS);
    return { name: nameEn, nameEn, address: '', addressEn: `${between(random, 1, 999)} Market Street` };
  }
  const city = pick(random, CITIES);
  const name = `${city}${pick(random, FIRM_WORDS)}${pick(random, INDUSTRIES)}有限公司`;
  return { name, nameEn: '', address: `${city}市${pick(random, STREETS)} ${between(random, 1, 300)} 号`, addressEn: '' };
}

export function randomName(random: () => number): string {
  const kind = random();
  if (kind < 0.65) {
    const length = between(random, 2, 4);
    let name = '';
    for (let i = 0; i < length; i++) name += NAME_CHARS[Math.floor(random() * NAME_CHARS.length)];
    return name;
  }
  const syllables = between(random, 2, 3);
  let latin = '';
  for (let i = 0; i < syllables; i++) latin += pick(random, LATIN_SYLLABLES);
  latin = latin[0]!.toUpperCase() + latin.slice(1);
  if (kind < 0.85) return latin;
  return `${NAME_CHARS[Math.floor(random() * NAME_CHARS.length)]}${NAME_CHARS[Math.floor(random() * NAME_CHARS.length)]} ${latin.toUpperCase()}`;
}

function isoDay(epochDay: number): string {
  return new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
}

const epochDay = (date: string) => Math.floor(Date.parse(date) / 86_400_000);

/** The gazette issue a date falls in (one a week). */
const issueOf = (date: string | null) => (date ? String(1000 + Math.floor((Date.parse(date) - Date.parse('2000-01-01')) / (7 * 86_400_000))) : '');

/** A registration whose exclusive use ended before `today` lapses once its grace period is over too; until then it may still be renewed. */
const lapsed = (end: string, today: string) => end < addMonths(today, -GRACE_MONTHS);

/** Picks 3–10 items of the class, some marked deleted (2) after a partial rejection. */
function randomGoods(random: () => number, pool: GoodsPool, cls: number): GoodsItem[] {
  const items = pool.get(cls);
  if (!items || items.length === 0) return [];
  const count = Math.min(items.length, between(random, 3, 10));
  const start = Math.floor(random() * items.length);
  const chosen: GoodsItem[] = [];
  for (let i = 0; i < count; i++) {
    const item = items[(start + i * 7) % items.length]!;
    if (chosen.some((c) => c.name === item.name)) continue;
    chosen.push(random() < 0.05 ? { code: item.code, name: item.name, mark: 2 } : { code: item.code, name: item.name });
  }
  return chosen;
}

/**
 * One realistic mark: dates follow the Chinese procedure (preliminary approval about nine months
 * after filing, registration three months later, ten years of exclusive use), and the status
 * follows from the dates as of `today`.
 */
export function generateMark(
  random: () => number,
  serial: number,
  pool: GoodsPool,
  applicant: ApplicantProfile,
  today: string,
  name = randomName(random),
): GeneratedMark {
  const todayDay = epochDay(today);
  const appDay = todayDay - between(random, 20, 26 * 365);
  const appDate = isoDay(appDay);
  const cls = between(random, 1, 45);
  const overseas = random() < 0.1;
  const country = overseas ? pick(random, OVERSEAS) : 'CN';
  const appNo = overseas ? `${country}${String(1_000_000 + serial)}` : String(10_000_000 + serial * 3 + (serial % 3));
  const prelimDay = appDay + between(random, 200, 300);
  const regDay = prelimDay + 90;
  const fate = random();
  let status: string;
  let prelim: string | null = null;
  let reg: string | null = null;
  let end: string | null = null;
  if (prelimDay > todayDay) status = fate < 0.06 ? '已驳回' : '申请中';
  else if (regDay > todayDay) {
    prelim = isoDay(prelimDay);
    status = fate < 0.1 ? '异议中' : '初审公告';
  } else if (fate < 0.08) status = '已驳回';
  else {
    prelim = isoDay(prelimDay);
    reg = isoDay(regDay);
    end = isoDay(epochDay(addMonths(reg, 120)) - 1);
    const renewed = end < today && fate < 0.6;
    if (renewed) end = addMonths(end, 120);
    if (lapsed(end, today)) status = '已销亡';
    else if (fate > 0.97) status = '已无效';
    else status = renewed ? '续展' : '已注册';
  }
  return {
    country_code: country,
    app_no: appNo,
    reg_no: reg ? appNo : null,
    int_cls: cls,
    tm_name: name,
    tm_type: random() < 0.03 ? pick(random, ['集体商标', '证明商标']) : '普通商标',
    tm_status: status,
    ori_tm_status: PROCESS[status]!,
    applicant_cn: applicant.name,
    applicant_en: applicant.nameEn,
    applicant_address: applicant.address,
    applicant_address_en: applicant.addressEn,
    agent: pick(random, AGENTS),
    agent_en: '',
    app_date: appDate,
    prelim_date: prelim,
    announcement_issue: issueOf(prelim),
    reg_date: reg,
    reg_issue: issueOf(reg),
    private_end_date: end,
    submit_way: overseas && random() < 0.5 ? '马德里国际注册' : '单一申请',
    goods: randomGoods(random, pool, cls),
  };
}

/** The dates and status of a registration, as written to the register and the archive. */
export type RegistrationDates = Pick<
  GeneratedMark,
  'app_date' | 'prelim_date' | 'announcement_issue' | 'reg_date' | 'reg_issue' | 'private_end_date' | 'tm_status' | 'ori_tm_status'
>;

/**
 * The dates of a registration whose exclusive use ends on `end`: registered ten years before (twenty,
 * renewed once, when `renewed`), published three months before that and filed eight months earlier
 * still; its status as of `today` (still registered during the grace period).
 */
export function registrationEnding(end: string, today: string, renewed = false): RegistrationDates {
  const regDay = epochDay(addMonths(addDays(end, 1), renewed ? -240 : -120));
  const reg = isoDay(regDay);
  const prelim = isoDay(regDay - 90);
  const status = lapsed(end, today) ? '已销亡' : renewed ? '续展' : '已注册';
  return {
    app_date: isoDay(regDay - 90 - 240),
    prelim_date: prelim,
    announcement_issue: issueOf(prelim),
    reg_date: reg,
    reg_issue: issueOf(reg),
    private_end_date: end,
    tm_status: status,
    ori_tm_status: PROCESS[status]!,
  };
}
