import type { Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { joinDisputeOfCase, joinDisputeOfLetter } from '../disputes/disputeJoin.js';
import { CASE_DISPUTES, LETTER_DISPUTES, type OurSide, type Procedure, type Stage } from '../disputes/disputeRules.js';
import { addDays, chinaToday } from '../../shared/trademarkDates.js';

const day = (at: Date | string) => new Date(new Date(at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The organisation's dispute cases and dispute letters, joined to their disputes as saving them would have. */
async function fromCasesAndLetters(db: ScopedDb, orgId: number): Promise<void> {
  const cases = await db
    .selectFrom('cases')
    .selectAll()
    .where('case_type', 'in', Object.keys(CASE_DISPUTES))
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .execute();
  for (const row of cases) {
    const id = await joinDisputeOfCase(db, row);
    if (id === null) continue;
    // What the case's own history says of the dispute: filed, and for a finished one its result.
    const decided = row.status === 'finished' && row.result !== null;
    const filedOn = row.filed_at ? day(row.filed_at) : null;
    // A ruling some four months after filing, and not after today.
    const ruledOn = filedOn && addDays(filedOn, 120) < chinaToday() ? addDays(filedOn, 120) : chinaToday();
    await db
      .updateTable('disputes')
      .set({
        stage: decided ? 'decided' : row.filed_at ? 'filed' : 'preparing',
        filed_on: filedOn,
        ...(decided
          ? {
              ruling_result: row.result_note,
              ruled_on: ruledOn,
              outcome: row.result === 'success' ? ('favourable' as const) : ('unfavourable' as const),
            }
          : {}),
      })
      .where('id', '=', id)
      .execute();
  }
  const letters = await db
    .selectFrom('official_documents')
    .select(['id', 'created_by', 'brand_archive_id', 'document_type', 'app_no', 'receive_date', 'official_limit'])
    .where('business', '=', 'trademark')
    .where('document_type', 'in', Object.keys(LETTER_DISPUTES))
    .orderBy('receive_date')
    .orderBy('id')
    .execute();
  for (const l of letters) {
    await joinDisputeOfLetter(db, {
      id: l.id,
      orgId,
      userId: l.created_by,
      brandId: l.brand_archive_id,
      documentType: l.document_type,
      appNo: l.app_no,
      receiveDate: l.receive_date,
      officalLimit: l.official_limit,
    });
  }
}

interface Showcase {
  procedure: Procedure;
  ourSide: OurSide;
  stage: Stage;
  otherParty: string;
  otherTmName: (ours: string) => string;
  otherAppNo: string;
  filedDaysAgo: number;
  deadlineInDays: number | null;
  ruling?: { result: string; outcome: 'favourable' | 'unfavourable' | 'partial'; daysAgo: number };
  remark: string;
}

/** The three kinds the page should show in every organisation, added when its cases and letters gave none. */
const SHOWCASES: Showcase[] = [
  {
    procedure: 'opposition',
    ourSide: 'applicant',
    stage: 'filed',
    otherParty: '宁波禾润日化有限公司',
    otherTmName: (ours) => `${ours}润`,
    otherAppNo: '71230456',
    filedDaysAgo: 35,
    deadlineInDays: null,
    remark: '被异议商标完整包含我方在先注册商标，指定商品相同；已递交异议申请，等待对方答辩。',
  },
  {
    procedure: 'cancellation',
    ourSide: 'respondent',
    stage: 'answering',
    otherParty: '北京恒拓商贸有限公司',
    otherTmName: () => '',
    otherAppNo: '',
    filedDaysAgo: 20,
    deadlineInDays: 42,
    remark: '对方以连续三年不使用为由申请撤销，须在期限内提交近三年的使用证据（销售合同、发票、广告）。',
  },
  {
    procedure: 'invalidation',
    ourSide: 'applicant',
    stage: 'decided',
    otherParty: '义乌市禾青日用品商行',
    otherTmName: (ours) => `禾${ours}`,
    otherAppNo: '52017764',
    filedDaysAgo: 400,
    deadlineInDays: null,
    ruling: { result: '争议商标予以无效宣告', outcome: 'favourable', daysAgo: 30 },
    remark: '裁定书认定争议商标系恶意抢注，予以无效宣告；对方可在三十日内起诉。',
  },
];

/**
 * Demo disputes in each organisation, once: those its dispute cases and letters give, plus an
 * opposition we filed, a 撤三 against our mark with its evidence deadline and a decided invalidation
 * wherever those are missing.
 */
export async function seedDemoDisputes(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('disputes').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const today = chinaToday();
  const orgs = await db.selectFrom('organisations').select('id').orderBy('id').execute();
  for (const org of orgs) {
    await withOrganisation(db, org.id, async (scoped) => {
      await fromCasesAndLetters(scoped, org.id);
      const marks = await scoped
        .selectFrom('brand_archives')
        .select(['id', 'tm_name', 'app_no', 'reg_no'])
        .where('country_code', '=', 'CN')
        .where('tm_name', '<>', '')
        .orderBy('id')
        .limit(SHOWCASES.length)
        .execute();
      const user = await scoped.selectFrom('users').select('id').where('org_id', '=', org.id).orderBy('id').executeTakeFirst();
      if (marks.length === 0 || !user) return;
      for (const [index, show] of SHOWCASES.entries()) {
        let have = scoped.selectFrom('disputes').select('id').where('procedure', '=', show.procedure).where('our_side', '=', show.ourSide);
        if (show.stage === 'decided') have = have.where('stage', '=', 'decided');
        if (await have.executeTakeFirst()) continue;
        const mark = marks[index % marks.length]!;
        await scoped
          .insertInto('disputes')
          .values({
            org_id: org.id,
            procedure: show.procedure,
            our_side: show.ourSide,
            brand_archive_id: mark.id,
            our_tm_name: mark.tm_name,
            our_app_no: mark.reg_no ?? mark.app_no,
            other_party: show.otherParty,
            other_tm_name: show.otherTmName(mark.tm_name),
            other_app_no: show.otherAppNo,
            stage: show.stage,
            filed_on: addDays(today, -show.filedDaysAgo),
            deadline: show.deadlineInDays === null ? null : addDays(today, show.deadlineInDays),
            outcome: show.ruling?.outcome ?? '',
            ruling_result: show.ruling?.result ?? '',
            ruled_on: show.ruling ? addDays(today, -show.ruling.daysAgo) : null,
            remark: show.remark,
            created_by: user.id,
          })
          .execute();
      }
    });
  }
  return true;
}
