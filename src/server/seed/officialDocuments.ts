import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Insertable, Kysely } from 'kysely';
import type { Database, OfficialDocumentsTable } from '../db/tables.js';
import type { OfficialTypeEntry } from '../../shared/officialTypes.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';
import { schemasDir } from '../../schemaSource/schemaFiles.js';
import { officialDeadline, type LetterDates } from '../../shared/deadlines/officialDeadline.js';
import { workCalendar } from '../officials/workCalendarStore.js';

/** A letter of the demo: its type in the built-in catalogue, its dates and whether it is still pending. */
interface DemoLetter {
  type: string;
  dispatchSuffix: string;
  dates: LetterDates;
  pending: boolean;
  read: boolean;
  details?: Record<string, string>;
}

interface DemoMark {
  id: number;
  org_id: number;
  app_no: string;
  app_date: string | null;
  reg_date: string | null;
  private_end_date: string | null;
  tm_status: string;
  tm_name: string;
  owner_user_id: number | null;
  created_by: number | null;
}

const electronic = (sendDate: string, receiveDate = addDays(sendDate, 2)): LetterDates => ({
  deliveryMethod: '电子',
  sendDate,
  receiveDate,
  receiptProven: false,
});
const paper = (sendDate: string, receiveDate = addDays(sendDate, 6)): LetterDates => ({ deliveryMethod: '纸质', sendDate, receiveDate, receiptProven: false });

/**
 * The letters one demo mark has received, by its id: every mark its acceptance notice, registered
 * marks their certificate, and a share of marks a pending correction, refusal, examination opinion
 * or opposition answer sent recently, so their deadlines fall around today (some already past),
 * and older handled ones (renewal, transfer).
 */
function lettersOf(mark: DemoMark, today: string): DemoLetter[] {
  const filed = mark.app_date ?? addDays(today, -400);
  const letters: DemoLetter[] = [{ type: '受理通知书', dispatchSuffix: 'ZCSL01', dates: electronic(addDays(filed, 30)), pending: false, read: true }];
  if (mark.reg_date && mark.tm_status === '已注册') {
    letters.push({
      type: '商标注册证',
      dispatchSuffix: 'ZCZ01',
      dates: paper(mark.reg_date),
      pending: false,
      read: true,
      details: { regNo: mark.app_no, regDate: mark.reg_date, ...(mark.private_end_date ? { endDate: mark.private_end_date } : {}) },
    });
  }
  const n = mark.id;
  if (n % 4 === 0) letters.push({ type: '补正通知书', dispatchSuffix: 'BZ01', dates: electronic(addDays(today, -(n % 50))), pending: true, read: n % 3 === 0 });
  if (n % 7 === 0)
    letters.push({
      type: '驳回通知书',
      dispatchSuffix: 'BH01',
      dates: paper(addDays(today, -(n % 25))),
      pending: true,
      read: false,
      details: { tmStatus: '驳回' },
    });
  if (n % 9 === 0)
    letters.push({ type: '审查意见书', dispatchSuffix: 'SCYJ01', dates: electronic(addDays(today, -(n % 30))), pending: n % 2 === 0, read: true });
  if (n % 11 === 0)
    letters.push({ type: '异议答辩通知书', dispatchSuffix: 'YYDB01', dates: electronic(addDays(today, -(n % 40))), pending: true, read: false });
  if (n % 13 === 0 && mark.reg_date)
    letters.push({ type: '核准续展注册证明', dispatchSuffix: 'XZ01', dates: paper(addDays(today, -200 - (n % 100))), pending: false, read: true });
  if (n % 17 === 0 && mark.reg_date)
    letters.push({ type: '核准转让证明', dispatchSuffix: 'ZR01', dates: paper(addDays(today, -120 - (n % 60))), pending: false, read: true });
  // Only letters already received.
  return letters.filter((l) => l.dates.receiveDate <= today);
}

/**
 * The demo marks' letters, once, with dispatch numbers, send dates and the deadlines the engine works
 * out from the built-in catalogue; and a few copyright letters for each organisation.
 */
export async function seedDemoOfficialDocuments(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('official_documents').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const catalog = (JSON.parse(readFileSync(join(schemasDir, 'dicts/official-types.json'), 'utf8')) as { items: OfficialTypeEntry[] }).items;
  const byName = new Map(catalog.map((e) => [e.label, e]));
  const today = chinaToday();
  const marks = (await db
    .selectFrom('brand_archives')
    .select(['id', 'org_id', 'app_no', 'app_date', 'reg_date', 'private_end_date', 'tm_status', 'tm_name', 'owner_user_id', 'created_by'])
    .orderBy('id')
    .execute()) as DemoMark[];
  const calendar = await workCalendar(db);
  const rows: Insertable<OfficialDocumentsTable>[] = [];
  const row = async (
    orgId: number,
    brandId: number | null,
    appNo: string,
    letter: DemoLetter,
    business: 'trademark' | 'copyright',
    by: number | null,
    dispatch: string,
  ) => {
    const entry = byName.get(letter.type)!;
    const deadline = officialDeadline(entry, letter.dates, calendar);
    const handled = !letter.pending;
    rows.push({
      org_id: orgId,
      brand_archive_id: brandId,
      business,
      document_type: letter.type,
      dispatch_no: dispatch,
      app_no: appNo,
      send_date: letter.dates.sendDate,
      receive_date: letter.dates.receiveDate,
      delivery_method: letter.dates.deliveryMethod,
      official_limit: deadline?.date ?? null,
      deadline_basis: deadline ? JSON.stringify(deadline.steps) : null,
      status: handled ? 1 : 0,
      is_read: letter.read || handled,
      handled_by: handled ? by : null,
      handled_at: handled ? new Date(`${addDays(letter.dates.receiveDate, 3)}T10:00:00+08:00`) : null,
      details: JSON.stringify(letter.details ?? {}),
      created_by: by,
    });
  };
  const taken = new Set<string>();
  for (const mark of marks) {
    for (const letter of lettersOf(mark, today)) {
      // Marks of one application in several classes get letters of their own.
      let dispatch = mark.app_no ? `TMZC${mark.app_no}${letter.dispatchSuffix}` : '';
      if (dispatch && taken.has(`${mark.org_id}:${dispatch}`)) dispatch = `${dispatch}-${mark.id}`;
      taken.add(`${mark.org_id}:${dispatch}`);
      row(mark.org_id, mark.id, mark.app_no ?? '', letter, 'trademark', mark.owner_user_id ?? mark.created_by, dispatch);
    }
  }
  const orgs = [...new Set(marks.map((m) => m.org_id))];
  for (const [i, orgId] of orgs.entries()) {
    const by = marks.find((m) => m.org_id === orgId)?.created_by ?? null;
    for (let k = 0; k < 3; k++) {
      const appNo = `2026-L-${String(1000 + i * 10 + k).padStart(8, '0')}`;
      const correction: DemoLetter = {
        type: '著作权登记补正通知书',
        dispatchSuffix: '',
        dates: paper(addDays(today, -(5 + k * 12))),
        pending: k < 2,
        read: k === 2,
      };
      row(orgId, null, appNo, correction, 'copyright', by, `BQ${appNo}BZ`);
    }
    const certificate: DemoLetter = { type: '作品登记证书', dispatchSuffix: '', dates: paper(addDays(today, -90)), pending: false, read: true };
    row(orgId, null, `2026-L-${String(2000 + i).padStart(8, '0')}`, certificate, 'copyright', by, `BQ${2000 + i}DJZ`);
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('official_documents')
      .values(rows.slice(i, i + 500))
      .execute();
  return true;
}
