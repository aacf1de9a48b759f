import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { registerRow } from './trademarks.js';
import type { GeneratedMark } from './trademarkGenerator.js';
import { runGazetteMatch } from '../gazette/gazetteMatch.js';
import { addDays, chinaToday, daysBetween } from '../../shared/trademarkDates.js';
import type { GoodsEntry } from '../../shared/goodsGroups.js';

/** Characters that sound the same (or nearly) and look different: how a near-name is made from one of ours. */
const SOUND_ALIKE: Record<string, string> = {
  星: '醒',
  辰: '晨',
  青: '清',
  禾: '和',
  云: '芸',
  帆: '凡',
  明: '铭',
  月: '悦',
  清: '青',
  风: '峰',
  日: '曰',
  化: '华',
  优: '悠',
  选: '轩',
};
const SUFFIXES = ['优品', '生活', '臻选', '家'];
const APPLICANTS = ['广州市星晨日用品有限公司', '义乌市清和贸易有限公司', '深圳市芸凡科技有限公司', '佛山市铭悦家居有限公司', '温州悦峰商贸有限公司'];
/** Marks published for the demo: within the last three months, so their opposition periods are open. */
const FIRST_APP_NO = 79_100_000;
/** The gazette's issue number on a known Saturday; one issue a week. */
const KNOWN_ISSUE = { number: 1900, date: '2024-07-06' };

export function issueOn(date: string): string {
  return String(KNOWN_ISSUE.number + Math.floor(daysBetween(KNOWN_ISSUE.date, date) / 7));
}

/** A name that sounds like ours but is written otherwise; a Latin name gets a letter more. */
function soundAlike(name: string): string {
  if (!/[\u4e00-\u9fff]/.test(name)) return `${name}G`;
  for (const [i, ch] of [...name].entries()) {
    const other = SOUND_ALIKE[ch];
    if (other) return [...name].map((c, j) => (j === i ? other : c)).join('');
  }
  return `${name}${SUFFIXES[0]}`;
}

/**
 * Publications for opposition that conflict with the demo organisations' marks, once: for some of
 * each organisation's marks a sound-alike name and a name containing ours on goods of the same
 * similar group, published in the last three months (some with a few days left to oppose), and a
 * few on unrelated goods that do not conflict; then each organisation's first matching run.
 */
export async function seedDemoGazette(db: Kysely<Database>): Promise<boolean> {
  const done = await db.selectFrom('tm_register').select('id').where('app_no', '=', String(FIRST_APP_NO)).executeTakeFirst();
  if (done) return false;
  const orgs = await db.selectFrom('organisations').select('id').orderBy('id').execute();
  const today = chinaToday();
  const marks: GeneratedMark[] = [];
  let serial = FIRST_APP_NO;
  for (const org of orgs) {
    const own = await db
      .selectFrom('brand_archives')
      .select(['tm_name', 'int_cls', 'goods'])
      .where('org_id', '=', org.id)
      .where('country_code', '=', 'CN')
      .where('tm_name', '<>', '')
      .where('int_cls', 'is not', null)
      .orderBy('id')
      .limit(400)
      .execute();
    const seen = new Set<string>();
    const picked = own.filter((m) => {
      const key = `${m.tm_name}|${m.int_cls}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const [k, mark] of picked.slice(0, 12).entries()) {
      const goods = (mark.goods as GoodsEntry[]).slice(0, 3).map((g) => ({ code: g.code, name: g.name }));
      // From 85 days ago (a few days left to oppose) to last week.
      const published = addDays(today, -(85 - ((k * 7) % 78)));
      const names = k % 3 === 2 ? [`${mark.tm_name}${SUFFIXES[k % SUFFIXES.length]}`] : [soundAlike(mark.tm_name)];
      if (k % 4 === 0) names.push(`${mark.tm_name}${SUFFIXES[(k + 1) % SUFFIXES.length]}`);
      for (const name of names) marks.push(publication(serial++, name, mark.int_cls!, goods, published, APPLICANTS[k % APPLICANTS.length]!));
      // The same near-name on goods of another class: no conflict.
      if (k % 5 === 1) {
        const cls = mark.int_cls === 45 ? 44 : 45;
        marks.push(
          publication(serial++, soundAlike(mark.tm_name), cls, [{ code: `${cls}01`, name: cls === 45 ? '法律服务' : '医疗服务' }], published, APPLICANTS[0]!),
        );
      }
    }
  }
  for (let i = 0; i < marks.length; i += 200)
    await db
      .insertInto('tm_register')
      .values(marks.slice(i, i + 200).map(registerRow))
      .onConflict((oc) => oc.doNothing())
      .execute();
  for (const org of orgs) await runGazetteMatch(db, org.id);
  return true;
}

function publication(serial: number, name: string, cls: number, goods: GoodsEntry[], published: string, applicant: string): GeneratedMark {
  return {
    country_code: 'CN',
    app_no: String(serial),
    reg_no: null,
    int_cls: cls,
    tm_name: name,
    tm_type: '普通商标',
    tm_status: '初审公告',
    ori_tm_status: '初审公告',
    applicant_cn: applicant,
    applicant_en: '',
    applicant_address: '',
    applicant_address_en: '',
    agent: '',
    agent_en: '',
    app_date: addDays(published, -240),
    prelim_date: published,
    announcement_issue: issueOn(published),
    reg_date: null,
    reg_issue: '',
    private_end_date: null,
    submit_way: '单一申请',
    goods: goods.map((g) => ({ code: g.code, name: g.name })),
  };
}
