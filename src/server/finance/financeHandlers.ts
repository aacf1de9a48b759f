import { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { FinanceRecord } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, conflict, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { logOperation } from '../accounts/operationLog.js';
import { CaseTitles } from '../cases/caseReads.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { chinaToday, addDays } from '../../shared/trademarkDates.js';
import { fromCents, toCents } from '../../shared/financeMoney.js';
import { nextRecordNo, receivedOf, recordById, recordConditions, recordOut, recordRows, totalOf } from './financeStore.js';
import { financeWorkbook, MAX_EXPORT } from './financeExport.js';
import { financeTotals } from './financeTotals.js';

/** Days a published record is due in when it was given no due date. */
const DEFAULT_DUE_DAYS = 30;
/** Records one publish may name. */
const MAX_BATCH = 100;

async function typeTitles(ctx: TenantContext): Promise<(name: string) => string> {
  const titles = await CaseTitles.load(ctx.db, ctx.schemas);
  return (name) => titles.type(name);
}

/** One record as answered, with its payments and invoice when `full`. */
async function answer(ctx: TenantContext, id: number, full = true): Promise<FinanceRecord> {
  const row = await recordRows(ctx.db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`款项（编号 ${id}）不存在`);
  const out = recordOut(row, await typeTitles(ctx), chinaToday());
  if (!full) return out;
  const payments = await ctx.db
    .selectFrom('finance_payments as p')
    .leftJoin('users as u', 'u.id', 'p.created_by')
    .select(['p.id', 'p.amount', 'p.paid_on', 'p.method', 'p.note', 'p.created_at', 'u.display_name'])
    .where('p.record_id', '=', id)
    .orderBy('p.paid_on')
    .orderBy('p.id')
    .execute();
  out.payments = payments.map((p) => ({
    id: p.id,
    amount: fromCents(toCents(p.amount)),
    paidOn: String(p.paid_on).slice(0, 10),
    method: p.method,
    note: p.note,
    createdByName: p.display_name ?? '',
    createdAt: new Date(p.created_at).toISOString(),
  }));
  if (row.invoice) {
    const people = await ctx.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', 'in', [row.invoice.requestedBy, row.invoice.issuedBy ?? row.invoice.requestedBy])
      .execute();
    const nameOf = (userId: number | null) => people.find((p) => p.id === userId)?.display_name ?? '';
    out.invoice = {
      title: row.invoice.title,
      taxNo: row.invoice.taxNo,
      amount: row.invoice.amount,
      content: row.invoice.content,
      note: row.invoice.note,
      requestedAt: row.invoice.requestedAt,
      requestedByName: nameOf(row.invoice.requestedBy),
      invoiceNo: row.invoice.invoiceNo,
      issuedOn: row.invoice.issuedOn,
      file: row.invoice.file,
      issuedByName: row.invoice.issuedBy === null ? '' : nameOf(row.invoice.issuedBy),
    };
  }
  return out;
}

/** A published record may not change what it bills. */
function requireDraft(row: { state: string; record_no: string }, doing: string): void {
  if (row.state === 'published') throw badRequest(`款项 ${row.record_no} 已发布，不能${doing}`);
}

function requirePublished(row: { state: string; record_no: string }, doing: string): void {
  if (row.state !== 'published') throw badRequest(`款项 ${row.record_no} 尚未发布，发布后才能${doing}`);
}

function notAfterToday(day: string, title: string): void {
  if (day > chinaToday()) throw badRequest(`${title}不能晚于今天`);
}

/** The ids of a comma-separated list, each at most once. */
function idList(text: string): number[] {
  const ids = [...new Set(text.split(',').map(Number))];
  if (ids.length > MAX_BATCH) throw badRequest(`一次最多发布 ${MAX_BATCH} 笔款项`);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) throw badRequest('款项编号无效');
  return ids;
}

export const financeHandlers: HandlersOf<'finance'> = {
  'finance.list': async (body, ctx) => {
    const today = chinaToday();
    const { limit, offset } = pageWindow(body, 20);
    const base = recordRows(ctx.db).where((eb) => recordConditions(eb, body, today));
    const counted = ctx.db.selectFrom('finance_records as r').where((eb) => recordConditions(eb, body, today, { state: false, payState: false }));
    const [rows, count, counts, titles] = await Promise.all([
      base.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
      countRows(base),
      counted
        .select((eb) => {
          const owed = sql<boolean>`r.state = 'published' and (${receivedOf(eb)}) < ${totalOf}`;
          return [
            sql<number>`count(*) filter (where r.state = 'draft')::int`.as('draft'),
            sql<number>`count(*) filter (where r.state = 'published')::int`.as('published'),
            sql<number>`count(*) filter (where ${owed})::int`.as('unpaid'),
            sql<number>`count(*) filter (where ${owed} and r.due_date < ${today}::date)::int`.as('overdue'),
          ];
        })
        .executeTakeFirstOrThrow(),
      typeTitles(ctx),
    ]);
    return {
      list: rows.map((r) => recordOut(r, titles, today)),
      count,
      counts: [
        { key: 'draft', count: counts.draft },
        { key: 'published', count: counts.published },
        { key: 'unpaid', count: counts.unpaid },
        { key: 'overdue', count: counts.overdue },
      ],
    };
  },

  'finance.totals': async (body, ctx) => ({ list: await financeTotals(ctx, body) }),

  'finance.detail': async (body, ctx) => answer(ctx, body.id),

  'finance.save': async (body, ctx) => {
    const existing = body.id === undefined ? null : await recordById(ctx.db, body.id, true);
    if (existing) requireDraft(existing, '修改');
    const title = body.title.trim();
    if (!title) throw badRequest('款项名称不能为空');
    const total = toCents(body.officialFees) + toCents(body.agencyFees) + toCents(body.sundryFees);
    if (total <= 0) throw badRequest('官费、代理费与杂费的合计须大于 0');
    const kase = body.caseNo
      ? await ctx.db
          .selectFrom('cases')
          .select(['id', 'brand_id', 'enterprise_id', 'applicant_name'])
          .where('case_no', '=', body.caseNo)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (body.caseNo && !kase) throw notFound(`案件编号 ${body.caseNo} 不存在`);
    const enterpriseId = body.enterpriseId ?? kase?.enterprise_id ?? null;
    const enterprise = enterpriseId
      ? await ctx.db.selectFrom('enterprises').select(['id', 'applicant_name']).where('id', '=', enterpriseId).executeTakeFirst()
      : undefined;
    if (enterpriseId && !enterprise) throw notFound(`企业（编号 ${enterpriseId}）不存在`);
    const clientName = enterprise?.applicant_name ?? (body.clientName?.trim() || kase?.applicant_name || '');
    if (!clientName) throw badRequest('请选择客户企业或填写客户名称');
    const country = body.countryCode ? countryCatalog().get(body.countryCode) : undefined;
    if (body.countryCode && !country) throw badRequest(`国家/地区代码 ${body.countryCode} 不存在`);
    const values = {
      title,
      case_id: kase?.id ?? null,
      brand_id: kase?.brand_id ?? null,
      enterprise_id: enterprise?.id ?? null,
      client_name: clientName,
      country_code: country?.code ?? '',
      country_name: country?.name ?? '',
      official_fees: body.officialFees,
      agency_fees: body.agencyFees,
      sundry_fees: body.sundryFees,
      currency: body.currency,
      due_date: body.dueDate ?? null,
      note: body.note?.trim() ?? '',
    };
    let id: number;
    if (existing) {
      await ctx.db
        .updateTable('finance_records')
        .set({ ...values, updated_at: new Date() })
        .where('id', '=', existing.id)
        .execute();
      id = existing.id;
    } else {
      const created = await ctx.db
        .insertInto('finance_records')
        .values({
          ...values,
          org_id: ctx.session.orgId,
          record_no: await nextRecordNo(ctx.db, ctx.session.orgId, chinaToday()),
          created_by: ctx.session.userId,
        })
        .returning(['id', 'record_no'])
        .executeTakeFirstOrThrow();
      id = created.id;
    }
    const saved = await answer(ctx, id);
    await logOperation(ctx, 'finance.save', { recordNo: saved.recordNo, total: saved.total, currency: saved.currency });
    return saved;
  },

  'finance.publish': async (body, ctx) => {
    const ids = idList(body.ids);
    const rows = await ctx.db.selectFrom('finance_records').select(['id', 'record_no', 'state', 'due_date']).where('id', 'in', ids).forUpdate().execute();
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) throw notFound(`款项不存在：${missing.join('、')}`);
    const already = rows.filter((r) => r.state === 'published');
    if (already.length > 0) throw conflict(`款项 ${already.map((r) => r.record_no).join('、')} 已发布，不能重复发布`);
    const today = chinaToday();
    const now = new Date();
    await ctx.db
      .updateTable('finance_records')
      .set({ state: 'published', published_at: now, published_by: ctx.session.userId, updated_at: now })
      .where('id', 'in', ids)
      .execute();
    await ctx.db
      .updateTable('finance_records')
      .set({ due_date: addDays(today, DEFAULT_DUE_DAYS) })
      .where('id', 'in', ids)
      .where('due_date', 'is', null)
      .execute();
    await logOperation(ctx, 'finance.publish', { recordNos: rows.map((r) => r.record_no) });
    return { published: rows.length };
  },

  'finance.delete': async (body, ctx) => {
    const row = await recordById(ctx.db, body.id, true);
    requireDraft(row, '删除');
    await ctx.db.deleteFrom('finance_records').where('id', '=', row.id).execute();
    await logOperation(ctx, 'finance.delete', { recordNo: row.record_no });
    return null;
  },

  'finance.addPayment': async (body, ctx) => {
    const row = await recordById(ctx.db, body.id, true);
    requirePublished(row, '登记收款');
    notAfterToday(body.paidOn, '到账日期');
    const before = await answer(ctx, row.id, false);
    const amount = toCents(body.amount);
    const owed = toCents(before.outstanding);
    if (owed <= 0) throw badRequest(`款项 ${row.record_no} 已收清`);
    if (amount > owed) {
      throw badRequest(`收款金额 ${fromCents(amount).toFixed(2)} 超过未收金额 ${fromCents(owed).toFixed(2)} ${before.currency}`);
    }
    await ctx.db
      .insertInto('finance_payments')
      .values({
        org_id: row.org_id,
        record_id: row.id,
        amount: fromCents(amount),
        paid_on: body.paidOn,
        method: body.method?.trim() ?? '',
        note: body.note?.trim() ?? '',
        created_by: ctx.session.userId,
      })
      .execute();
    await ctx.db.updateTable('finance_records').set({ updated_at: new Date() }).where('id', '=', row.id).execute();
    await logOperation(ctx, 'finance.addPayment', { recordNo: row.record_no, amount: fromCents(amount) });
    return answer(ctx, row.id);
  },

  'finance.requestInvoice': async (body, ctx) => {
    const row = await recordById(ctx.db, body.id, true);
    requirePublished(row, '申请开票');
    if (row.invoice_state === 'issued') throw badRequest(`款项 ${row.record_no} 的发票已开具，不能再申请`);
    const total = toCents(row.official_fees) + toCents(row.agency_fees) + toCents(row.sundry_fees);
    if (toCents(body.amount) > total) throw badRequest(`开票金额不能超过应收合计 ${fromCents(total).toFixed(2)} ${row.currency}`);
    const title = body.title.trim();
    const content = body.content.trim();
    if (!title) throw badRequest('发票抬头不能为空');
    if (!content) throw badRequest('开票内容不能为空');
    const invoice = {
      title,
      taxNo: body.taxNo,
      amount: fromCents(toCents(body.amount)),
      content,
      note: body.note?.trim() ?? '',
      requestedAt: new Date().toISOString(),
      requestedBy: ctx.session.userId,
      invoiceNo: '',
      issuedOn: null,
      file: null,
      issuedBy: null,
    };
    await ctx.db
      .updateTable('finance_records')
      .set({ invoice_state: 'requested', invoice: JSON.stringify(invoice), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await logOperation(ctx, 'finance.requestInvoice', { recordNo: row.record_no, amount: invoice.amount });
    return answer(ctx, row.id);
  },

  'finance.issueInvoice': async (body, ctx) => {
    const row = await recordById(ctx.db, body.id, true);
    const chosen = body.files?.[0];
    if (chosen) {
      const file = await ctx.db.selectFrom('files').select('path').where('path', '=', chosen.path).executeTakeFirst();
      if (!file) throw notFound(`发票文件 ${chosen.path} 不存在`);
    }
    if (row.invoice_state === 'none' || !row.invoice) throw badRequest(`款项 ${row.record_no} 还没有申请发票`);
    if (row.invoice_state === 'issued') throw badRequest(`款项 ${row.record_no} 的发票已开具`);
    notAfterToday(body.issuedOn, '开票日期');
    const invoice = {
      ...row.invoice,
      invoiceNo: body.invoiceNo,
      issuedOn: body.issuedOn,
      file: chosen ? { name: chosen.name, path: chosen.path } : null,
      issuedBy: ctx.session.userId,
    };
    await ctx.db
      .updateTable('finance_records')
      .set({ invoice_state: 'issued', invoice: JSON.stringify(invoice), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    await logOperation(ctx, 'finance.issueInvoice', { recordNo: row.record_no, invoiceNo: body.invoiceNo });
    return answer(ctx, row.id);
  },

  'finance.export': async (body, ctx) => {
    const today = chinaToday();
    const base = recordRows(ctx.db).where((eb) => recordConditions(eb, body, today));
    const total = await countRows(base);
    if (total > MAX_EXPORT) {
      throw badRequest(
        `符合条件的款项超过 ${MAX_EXPORT.toLocaleString('en-US')} 条，一次最多导出 ${MAX_EXPORT.toLocaleString('en-US')} 条，请缩小日期范围或加上其他条件`,
      );
    }
    const titles = await typeTitles(ctx);
    const stored = await base.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').execute();
    const rows = stored.map((r) => recordOut(r, titles, today));
    const invoiceNos = new Map(stored.map((r) => [r.id, r.invoice?.invoiceNo ?? '']));
    const content = await financeWorkbook(rows, invoiceNos);
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `款项-${today.replace(/-/g, '')}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },
};
