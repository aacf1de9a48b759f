import type { Insertable, Kysely } from 'kysely';
import type { Database, FeePricesTable } from '../db/tables.js';
import { chinaToday } from '../../shared/trademarkDates.js';

type DemoPrice = Pick<FeePricesTable, 'case_type' | 'country_code' | 'fee_item' | 'currency' | 'note'> & { amount: number; from?: string };

const SINCE = '2025-01-01';

/** Agency fee and official fee (online filing rates of the CNIPA) of one domestic case type. */
const domestic = (caseType: string, agency: number, official: number | null, officialNote: string | null = null): DemoPrice[] => [
  { case_type: caseType, country_code: 'CN', fee_item: 'agency', amount: agency, currency: 'CNY', note: null },
  ...(official === null
    ? []
    : [{ case_type: caseType, country_code: 'CN', fee_item: 'official' as const, amount: official, currency: 'CNY' as const, note: officialNote }]),
];

/** An agency's price list: domestic filings by the CNIPA's online rates, overseas filings by country, a default for the rest. */
function demoPriceList(nextYear: string): DemoPrice[] {
  return [
    ...domestic('domesticRegistration', 800, 270, '每类（10 个商品以内），超过 10 个每个加收 27 元'),
    { case_type: 'domesticRegistration', country_code: 'CN', fee_item: 'agency', amount: 900, currency: 'CNY', note: '新年度价格', from: nextYear },
    ...domestic('renewal', 1000, 450, '每类；宽展期内另加迟延费 225 元'),
    ...domestic('transfer', 1200, 225),
    ...domestic('assignment', 1200, 225),
    ...domestic('changeName', 600, null),
    ...domestic('changeAddress', 600, null),
    ...domestic('changeAgent', 500, null),
    ...domestic('licenseRecord', 800, 135),
    ...domestic('objectionApply', 2000, 450),
    ...domestic('objectionDefence', 2000, null),
    ...domestic('rejectRecheck', 2500, 675, '评审费，每类'),
    ...domestic('recheckByRegistrationNo', 3000, 675, '评审费，每类'),
    ...domestic('invalidApply', 3500, 675, '评审费，每类'),
    ...domestic('invalidDefence', 3000, null),
    ...domestic('removeApply', 1500, 450, '每类'),
    ...domestic('removeDefence', 2500, null),
    ...domestic('reviewApply', 3000, 675, '评审费，每类'),
    { case_type: 'overseasRegistration', country_code: 'US', fee_item: 'agency', amount: 4500, currency: 'CNY', note: '含美国律师费，每类' },
    { case_type: 'overseasRegistration', country_code: 'US', fee_item: 'official', amount: 350, currency: 'USD', note: 'TEAS 电子申请，每类' },
    { case_type: 'overseasRegistration', country_code: 'WO', fee_item: 'agency', amount: 3000, currency: 'CNY', note: '马德里国际注册，不含各指定国规费' },
    { case_type: 'overseasRegistration', country_code: 'WO', fee_item: 'official', amount: 653, currency: 'CHF', note: '基本费（黑白图样），指定国家另计' },
    { case_type: 'overseasRegistration', country_code: 'EM', fee_item: 'agency', amount: 5000, currency: 'CNY', note: '含欧盟代理人费' },
    {
      case_type: 'overseasRegistration',
      country_code: 'EM',
      fee_item: 'official',
      amount: 850,
      currency: 'EUR',
      note: '电子申请，第一类；第二类 50 欧元，第三类起每类 150 欧元',
    },
    { case_type: 'overseasRegistration', country_code: 'JP', fee_item: 'agency', amount: 4000, currency: 'CNY', note: null },
    { case_type: 'overseasRegistration', country_code: 'JP', fee_item: 'official', amount: 12000, currency: 'JPY', note: '申请费，一类；核准后另缴注册费' },
    { case_type: 'overseasRegistration', country_code: 'GB', fee_item: 'official', amount: 170, currency: 'GBP', note: '电子申请，一类' },
    { case_type: 'overseasRegistration', country_code: 'HK', fee_item: 'official', amount: 2000, currency: 'HKD', note: '第一类；每增加一类 1,000 港元' },
    {
      case_type: 'overseasRegistration',
      country_code: null,
      fee_item: 'agency',
      amount: 3500,
      currency: 'CNY',
      note: '未单列的国家和地区按此收取，外国代理人费另计',
    },
  ];
}

/**
 * The demo organisations' fee configuration, once: the agency's price list, and for the company the
 * prices agreed with its agency (a tenth lower). Does nothing once any organisation has a price.
 */
export async function seedDemoFeePrices(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('fee_prices').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const orgs = await db.selectFrom('organisations').select(['id', 'kind']).orderBy('id').execute();
  if (orgs.length === 0) return false;
  const nextYear = `${Number(chinaToday().slice(0, 4)) + 1}-01-01`;
  for (const org of orgs) {
    const admin = await db.selectFrom('users').select('id').where('org_id', '=', org.id).orderBy('id').limit(1).executeTakeFirst();
    const agreed = org.kind === 'agency' ? 1 : 0.9;
    const rows: Insertable<FeePricesTable>[] = demoPriceList(nextYear).map(({ from, amount, ...price }) => ({
      ...price,
      org_id: org.id,
      amount: price.fee_item === 'agency' ? Math.round((amount * agreed) / 10) * 10 : amount,
      effective_from: from ?? SINCE,
      note: price.fee_item === 'agency' && agreed < 1 ? (price.note ? `${price.note}；框架协议价` : '框架协议价') : price.note,
      created_by: admin?.id ?? null,
    }));
    await db.insertInto('fee_prices').values(rows).execute();
  }
  return true;
}
