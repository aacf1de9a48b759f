import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation } from '../db/tenantScope.js';
import { SchemaLibrary } from '../schemas/schemaLibrary.js';
import { CaseTitles } from '../cases/caseReads.js';
import { nextRecordNo } from '../finance/financeStore.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';

const DAY = 86_400_000;

/** What each kind of demo case bills per country and class: official fee per class, agency fee per case. */
const PRICES: Record<string, { official: number; agency: number; sundry?: number; currency?: string }> = {
  domesticRegistration: { official: 270, agency: 800 },
  renewal: { official: 500, agency: 600 },
  transfer: { official: 150, agency: 800 },
  changeName: { official: 150, agency: 500 },
  changeAddress: { official: 150, agency: 500 },
  objectionApply: { official: 500, agency: 3000, sundry: 200 },
  objectionDefence: { official: 0, agency: 3500 },
  rejectRecheck: { official: 750, agency: 4000 },
  invalidApply: { official: 750, agency: 5000, sundry: 300 },
  removeApply: { official: 500, agency: 2500 },
  overseasRegistration: { official: 350, agency: 450, sundry: 50, currency: 'USD' },
};

/**
 * Demo fee records for the cases of each organisation, once: the submitted cases billed per
 * country, most published; paid in full, in part, not at all (one overdue); invoices issued and one
 * requested; and a record entered by hand.
 */
export async function seedDemoFinance(db: Kysely<Database>, schemasDir?: string): Promise<boolean> {
  // Cases saved by other demo steps bill drafts of their own; the demo's published records mark it done.
  const any = await db.selectFrom('finance_records').select('id').where('state', '=', 'published').limit(1).executeTakeFirst();
  if (any) return false;
  const schemas = SchemaLibrary.load(schemasDir);
  const today = chinaToday();
  const orgs = await db.selectFrom('organisations').select(['id', 'kind']).orderBy('id').execute();
  for (const org of orgs) {
    await withOrganisation(db, org.id, async (scoped) => {
      const titles = await CaseTitles.load(scoped, schemas);
      const people = await scoped.selectFrom('users').select('id').where('deleted_at', 'is', null).orderBy('id').execute();
      if (people.length === 0) return;
      const clerk = people[0]!.id;
      const cases = await scoped
        .selectFrom('cases as c')
        .select((eb) => [
          'c.id',
          'c.case_type',
          'c.brand_id',
          'c.applicant_name',
          'c.classes',
          'c.created_at',
          eb.fn
            .coalesce(
              'c.enterprise_id',
              eb
                .selectFrom('enterprises as e')
                .select((e) => e.fn.min('e.id').as('id'))
                .whereRef('e.applicant_name', '=', 'c.applicant_name'),
            )
            .as('enterprise_id'),
        ])
        .where('c.status', '!=', 'draft')
        .where('c.deleted_at', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('finance_records as f').select('f.id').whereRef('f.case_id', '=', 'c.id'))))
        .orderBy('c.created_at')
        .orderBy('c.id')
        .execute();
      let index = 0;
      for (const kase of cases) {
        const price = PRICES[kase.case_type];
        if (!price) continue;
        const items = await scoped
          .selectFrom('case_items')
          .select(['country_code', 'country_name'])
          .where('case_id', '=', kase.id)
          .orderBy('position')
          .execute();
        for (const item of items) {
          const classes = Math.max(1, kase.classes.length);
          const created = new Date(new Date(kase.created_at).getTime() + DAY / 2);
          const publish = index % 5 !== 4;
          const publishedAt = new Date(created.getTime() + 2 * DAY);
          const due = addDays(chinaToday(publishedAt), 30);
          const record = await scoped
            .insertInto('finance_records')
            .values({
              org_id: org.id,
              record_no: await nextRecordNo(scoped, org.id, chinaToday(created)),
              title: `${titles.type(kase.case_type)}（${item.country_name || item.country_code}）`,
              case_id: kase.id,
              brand_id: kase.brand_id,
              enterprise_id: kase.enterprise_id,
              client_name: kase.applicant_name,
              country_code: item.country_code,
              country_name: item.country_name,
              official_fees: price.official * classes,
              agency_fees: price.agency,
              sundry_fees: price.sundry ?? 0,
              currency: price.currency ?? 'CNY',
              state: publish ? 'published' : 'draft',
              published_at: publish ? publishedAt : null,
              published_by: publish ? clerk : null,
              due_date: publish ? due : null,
              created_by: clerk,
              created_at: created,
              updated_at: publish ? publishedAt : created,
            })
            .returning(['id', 'official_fees', 'agency_fees', 'sundry_fees'])
            .executeTakeFirstOrThrow();
          const total = Number(record.official_fees) + Number(record.agency_fees) + Number(record.sundry_fees);
          // Paid in full, half paid, or left unpaid (overdue when its due date has passed).
          const plan = index % 4;
          if (publish && plan !== 2) {
            const paidOn = addDays(chinaToday(publishedAt), 10) > today ? today : addDays(chinaToday(publishedAt), 10);
            await scoped
              .insertInto('finance_payments')
              .values({
                org_id: org.id,
                record_id: record.id,
                amount: plan === 1 ? Math.round(total * 50) / 100 : total,
                paid_on: paidOn,
                method: index % 2 === 0 ? '银行转账' : '支付宝',
                note: plan === 1 ? '首付一半，余款待案件受理后支付' : '',
                created_by: clerk,
              })
              .execute();
          }
          if (publish && plan === 0) {
            await scoped
              .updateTable('finance_records')
              .set({
                invoice_state: index % 3 === 0 ? 'requested' : 'issued',
                invoice: JSON.stringify({
                  title: kase.applicant_name,
                  taxNo: '91310000MA1FL0XX3B',
                  amount: total,
                  content: '商标代理服务费',
                  note: '',
                  requestedAt: new Date(publishedAt.getTime() + DAY).toISOString(),
                  requestedBy: clerk,
                  invoiceNo: index % 3 === 0 ? '' : `2631200000${String(10000 + record.id).slice(-5)}`,
                  issuedOn: index % 3 === 0 ? null : chinaToday(new Date(publishedAt.getTime() + 3 * DAY)),
                  file: null,
                  issuedBy: index % 3 === 0 ? null : clerk,
                }),
              })
              .where('id', '=', record.id)
              .execute();
          }
          index += 1;
        }
      }
      // A record entered by hand, unpublished, for a consultation.
      const client = await scoped.selectFrom('enterprises').select(['id', 'applicant_name']).orderBy('id').executeTakeFirst();
      await scoped
        .insertInto('finance_records')
        .values({
          org_id: org.id,
          record_no: await nextRecordNo(scoped, org.id, today),
          title: '商标布局咨询服务费',
          enterprise_id: client?.id ?? null,
          client_name: client?.applicant_name ?? '星辰日化股份有限公司',
          agency_fees: 5000,
          currency: 'CNY',
          note: '2026 年第四季度商标布局方案与检索报告',
          created_by: clerk,
        })
        .execute();
    });
  }
  return true;
}
