import type { CaseFeeLine } from '../../generated/types.js';
import type { ScopedDb } from '../db/tenantScope.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { feeBills, fromCents } from '../../shared/financeMoney.js';
import { nextRecordNo } from './financeStore.js';

/** What of a case its fee records carry. */
export interface BilledCase {
  id: number;
  org_id: number;
  brand_id: number | null;
  enterprise_id: number | null;
  applicant_name: string;
}

/**
 * Keeps the unpublished fee records of a case equal to its fees: one per country and currency,
 * changed in place (their numbers stay), added for a new country, removed when a country bills
 * nothing any more. A country already billed by a published record is left alone: what was
 * published does not change.
 */
export async function syncCaseFeeRecords(
  db: ScopedDb,
  kase: BilledCase,
  typeTitle: string,
  lines: readonly CaseFeeLine[],
  countryNames: ReadonlyMap<string, string>,
  userId: number | null,
): Promise<void> {
  const existing = await db
    .selectFrom('finance_records')
    .select(['id', 'country_code', 'currency', 'state'])
    .where('case_id', '=', kase.id)
    .forUpdate()
    .execute();
  const published = new Set(existing.filter((r) => r.state === 'published').map((r) => r.country_code));
  const drafts = new Map(existing.filter((r) => r.state === 'draft').map((r) => [`${r.country_code}\u0000${r.currency}`, r.id]));
  const kept = new Set<number>();
  for (const bill of feeBills(lines)) {
    if (published.has(bill.countryCode)) continue;
    const countryName = countryNames.get(bill.countryCode) ?? bill.countryCode;
    const values = {
      title: `${typeTitle}（${countryName}）`,
      brand_id: kase.brand_id,
      enterprise_id: kase.enterprise_id,
      client_name: kase.applicant_name,
      country_name: countryName,
      official_fees: fromCents(bill.officialCents),
      agency_fees: fromCents(bill.agencyCents),
      sundry_fees: fromCents(bill.sundryCents),
    };
    const draftId = drafts.get(`${bill.countryCode}\u0000${bill.currency}`);
    if (draftId !== undefined) {
      kept.add(draftId);
      await db
        .updateTable('finance_records')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', draftId)
        .execute();
      continue;
    }
    await db
      .insertInto('finance_records')
      .values({
        ...values,
        org_id: kase.org_id,
        record_no: await nextRecordNo(db, kase.org_id, chinaToday()),
        case_id: kase.id,
        country_code: bill.countryCode,
        currency: bill.currency,
        created_by: userId,
      })
      .execute();
  }
  const stale = [...drafts.values()].filter((id) => !kept.has(id));
  if (stale.length > 0) await db.deleteFrom('finance_records').where('id', 'in', stale).execute();
}

/** A deleted case bills nothing: its unpublished records go with it. */
export async function dropCaseFeeDrafts(db: ScopedDb, caseId: number): Promise<void> {
  await db.deleteFrom('finance_records').where('case_id', '=', caseId).where('state', '=', 'draft').execute();
}
