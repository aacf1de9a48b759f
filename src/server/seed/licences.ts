import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation } from '../db/tenantScope.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';
import type { GoodsItem } from '../../generated/types.js';

interface DemoLicence {
  licensee: string;
  licenceType: 'exclusive' | 'sole' | 'ordinary';
  territory: string;
  /** Days from today (China time). */
  start: number;
  end: number;
  royalty: number | null;
  remark: string;
  /** How many of the mark's goods are licensed. */
  goods: number;
  /** Filed with the office through the demo's 许可备案 case. */
  filedBy?: 'licenseRecord';
}

/** Goods for a licensed demo mark that has none (no classification imported). */
const FALLBACK_GOODS: GoodsItem[] = [
  { code: '0301', name: '洗衣粉' },
  { code: '0306', name: '香皂' },
  { code: '0306', name: '洗面奶' },
];

/** One exclusive licence with a royalty, one ordinary ending within a month, one sole that has ended. */
const LICENCES: Record<'agency' | 'company', DemoLicence[]> = {
  agency: [
    {
      licensee: '宁波禾丰食品贸易有限公司',
      licenceType: 'exclusive',
      territory: '中国大陆',
      start: -400,
      end: 2 * 365,
      royalty: 200000,
      remark: '年度许可使用费分两期支付，合同编号 XK-2025-017。',
      goods: 3,
      filedBy: 'licenseRecord',
    },
    {
      licensee: '温州瓯江商贸有限公司',
      licenceType: 'ordinary',
      territory: '浙江省',
      start: -330,
      end: 20,
      royalty: null,
      remark: '关联企业之间的普通许可，不收取许可使用费。',
      goods: 2,
    },
    {
      licensee: '合肥庐阳日用品有限公司',
      licenceType: 'sole',
      territory: '安徽省',
      start: -800,
      end: -35,
      royalty: 50000,
      remark: '合同到期未续签。',
      goods: 2,
    },
  ],
  company: [
    {
      licensee: '上海星澜日用品销售有限公司',
      licenceType: 'exclusive',
      territory: '中国大陆',
      start: -200,
      end: 3 * 365,
      royalty: 360000,
      remark: '独占许可，按季度结算许可使用费。',
      goods: 3,
    },
    {
      licensee: '广州美洁贸易有限公司',
      licenceType: 'ordinary',
      territory: '广东省',
      start: -345,
      end: 12,
      royalty: 30000,
      remark: '经销商普通许可，到期前评估是否续签。',
      goods: 2,
    },
    {
      licensee: '成都清逸商贸有限公司',
      licenceType: 'sole',
      territory: '四川省、重庆市',
      start: -900,
      end: -60,
      royalty: 80000,
      remark: '合同已到期，许可备案已办理注销。',
      goods: 1,
    },
  ],
};

/**
 * A few licences of each demo organisation's registered marks, with a subset of each mark's goods;
 * dates are relative to the day the demo is seeded. Does nothing once any licence exists.
 */
export async function seedDemoLicences(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('licences').select('id').limit(1).executeTakeFirst()) return;
  const today = chinaToday();
  const organisations = await db.selectFrom('organisations').select(['id', 'kind']).orderBy('id').execute();
  for (const organisation of organisations) {
    const plan = organisation.kind === 'agency' ? LICENCES.agency : organisation.kind === 'company' ? LICENCES.company : [];
    if (plan.length === 0) continue;
    await withOrganisation(db, organisation.id, async (scoped) => {
      const admin = await scoped
        .selectFrom('users as u')
        .innerJoin('roles as r', 'r.id', 'u.role_id')
        .select('u.id')
        .where('r.name', '=', '管理员')
        .where('u.deleted_at', 'is', null)
        .orderBy('u.id')
        .executeTakeFirst();
      const marks = await scoped
        .selectFrom('brand_archives')
        .select(['id', 'tm_name', 'applicant_cn', 'goods', 'owner_user_id'])
        .where('country_code', '=', 'CN')
        .where('reg_no', 'is not', null)
        .where('applicant_cn', '<>', '')
        .orderBy('id')
        .limit(40)
        .execute();
      const withGoods = marks.filter((m) => ((m.goods ?? []) as GoodsItem[]).filter((g) => g.mark !== 2).length >= 3);
      // Without the classification imported the demo marks carry no goods: the licensed marks then get a few, so a licence's goods stay its mark's.
      const candidates = withGoods.length >= plan.length ? withGoods : marks;
      // Different marks by name where the archive has them, so the demo's licences are told apart.
      const distinct = candidates.filter((m, i) => candidates.findIndex((o) => o.tm_name === m.tm_name) === i);
      const usable = distinct.length >= plan.length ? distinct : candidates;
      for (const [i, licence] of plan.entries()) {
        const mark = usable[i];
        if (!mark) break;
        let own = ((mark.goods ?? []) as GoodsItem[]).filter((g) => g.mark !== 2);
        if (own.length < licence.goods) {
          own = FALLBACK_GOODS;
          await scoped
            .updateTable('brand_archives')
            .set({ goods: JSON.stringify(own) })
            .where('id', '=', mark.id)
            .execute();
        }
        const goods = own.slice(0, licence.goods);
        // A filed licence takes the demo's case of that filing type as its filing case.
        const filing = licence.filedBy
          ? await scoped
              .selectFrom('cases')
              .select('id')
              .where('case_type', '=', licence.filedBy)
              .where('deleted_at', 'is', null)
              .orderBy('id')
              .executeTakeFirst()
          : undefined;
        const row = await scoped
          .insertInto('licences')
          .values({
            org_id: organisation.id,
            licensor: mark.applicant_cn,
            licensee: licence.licensee,
            licence_type: licence.licenceType,
            territory: licence.territory,
            start_date: addDays(today, licence.start),
            end_date: addDays(today, licence.end),
            royalty: licence.royalty,
            remark: licence.remark,
            handler_user_id: mark.owner_user_id ?? admin?.id ?? null,
            case_id: filing?.id ?? null,
            created_by: admin?.id ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await scoped
          .insertInto('licence_marks')
          .values({
            org_id: organisation.id,
            licence_id: row.id,
            brand_id: mark.id,
            license_goods: JSON.stringify(goods.map((g) => ({ code: g.code, name: g.name }))),
          })
          .execute();
      }
    });
  }
}
