import { Readable } from 'node:stream';
import { dropCaseFeeDrafts } from '../finance/caseFeeRecords.js';
import { sql } from 'kysely';
import type { CaseGoodsItem, CaseTmItem, DictDefinition, TiedMark } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import { countRows, pageWindow } from '../db/paging.js';
import { logOperation } from '../accounts/operationLog.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { countryCatalog } from '../countries/countryCatalog.js';
import { CASE_COUNT_CAP, caseDetail, CaseTitles, countCasesUpTo, filteredCases, sortedCases, summaryRows, tmItemsOf, toSummary } from './caseReads.js';
import { addTrend, caseByNo, caseItemRow, chinaDay, enterStage, nextCaseNo, type CaseRow } from './caseStore.js';
import { actionTitles, availableCaseTypes, caseTypeVersion, currentCaseType, statusTitle, type CaseType } from './caseTypes.js';
import { caseState, isEditable, moveCase, saveCase, submissionProblems } from './caseLifecycle.js';
import { initialStatus, stageForStatus } from './caseWorkflow.js';
import { caseWorkbook, MAX_CASE_EXPORT } from './caseExport.js';
import { officialFeeTableOf } from '../fees/officialFeeTable.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { planArchiveEffect, type ArchivePlan } from './caseArchive.js';
import { historyOf } from './brandHistory.js';
import { caseFilingForm } from './caseFilingForm.js';
import { tiedMarksLeftBehind } from './caseTiedMarks.js';
// Letters recorded for a case's application number move the case (registers the listener).
import './caseLetters.js';
import { caseTypeVersionUsage } from './caseTypeUsage.js';
import { caseTypes as builtInCaseTypes } from '../fees/caseTypes.js';

/** Trend actions that are not moves of the type's transitions. */
const OWN_ACTIONS: Record<string, string> = {
  create: '新建',
  update: '修改',
  comment: '评论',
  customField: '自定义字段',
  delete: '删除',
  split: '拆分',
  archive: '档案更新',
  tiedMarks: '一并办理',
  fromDemand: '提案建立',
};

const SUBMIT_TYPES = { online: '电子递交', paper: '纸质递交' } as const;

async function loadCase(ctx: TenantContext, caseNo: string, forUpdate = false): Promise<{ row: CaseRow; type: CaseType }> {
  const row = await caseByNo(ctx.db, caseNo, forUpdate);
  return { row, type: await caseTypeVersion(ctx.db, ctx.schemas, row.case_type, row.type_version_id) };
}

/** Active users of the organisation whose role holds `permission`. */
function usersHolding(ctx: TenantContext, permission: string) {
  return ctx.db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .where('u.deleted_at', 'is', null)
    .where(sql<boolean>`(',' || r.role_auth || ',') like ${`%,${permission},%`}`);
}

/** Sub-cases of a case: per country, or per class of each country. */
function splitItems(items: CaseTmItem[], splitBy: 'country' | 'class'): CaseTmItem[][] {
  if (splitBy === 'country') return items.map((item) => [item]);
  return items.flatMap((item) =>
    item.tmCl.map((tmCl) => [{ ...item, tmCl: [tmCl], goodsItem: item.goodsItem.filter((g: CaseGoodsItem) => g.tmCl === tmCl), appNo: '' }]),
  );
}

/** The marks' names and numbers, the first few. */
function markNames(marks: readonly TiedMark[]): string {
  const shown = marks.slice(0, 5).map((m) => `“${m.tmName || '图形'}”（申请号 ${m.appNo}${m.tmCl ? `，第 ${m.tmCl} 类` : ''}）`);
  return `${shown.join('、')}${marks.length > 5 ? ` 等 ${marks.length} 件` : ''}`;
}

/** The refusal of a submit that leaves tied marks behind: the rule, the marks, and how to go on. */
const tiedMarksWarning = (rule: string, marks: readonly TiedMark[]) =>
  `${rule}。以下商标未列入本案：${markNames(marks)}。请把它们加入案件，或确认不一并办理（confirmTiedMarks）后再提交`;

/** The cases of a mark: those that list it (created for it, or that registered it), and those with its application number. */
function casesOfMark(db: TenantContext['db'], mark: { id: number; app_no: string; country_code: string }) {
  return filteredCases(db, {}).where((eb) =>
    eb.or([
      eb('c.brand_id', '=', mark.id),
      eb.exists(eb.selectFrom('case_marks as m').select('m.case_id').whereRef('m.case_id', '=', 'c.id').where('m.brand_id', '=', mark.id)),
      ...(mark.app_no
        ? [
            eb.exists(
              eb
                .selectFrom('case_items as i')
                .select('i.id')
                .whereRef('i.case_id', '=', 'c.id')
                .where('i.app_no', '=', mark.app_no)
                .where('i.country_code', '=', mark.country_code),
            ),
          ]
        : []),
    ]),
  );
}

export const caseManageHandlers: HandlersOf<'caseManage'> = {
  'caseManage.getCaseLists': async (body, ctx) => {
    const { limit, offset } = pageWindow(body, 20);
    const base = filteredCases(ctx.db, body);
    const [rows, counted, titles] = await Promise.all([
      sortedCases(summaryRows(base), body).limit(limit).offset(offset).execute(),
      countCasesUpTo(ctx.db, base, CASE_COUNT_CAP + 1),
      CaseTitles.load(ctx.db, ctx.schemas),
    ]);
    return { list: rows.map((r) => toSummary(r, titles)), count: Math.min(counted, CASE_COUNT_CAP), countCapped: counted > CASE_COUNT_CAP };
  },

  'caseManage.caseTypeStatistics': async (body, ctx) => {
    const rows = await filteredCases(ctx.db, body, false)
      .select(['c.case_type', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('c.case_type')
      .execute();
    const titles = await CaseTitles.load(ctx.db, ctx.schemas);
    const list = rows
      .map((r) => ({ caseType: r.case_type, title: titles.type(r.case_type), count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.caseType.localeCompare(b.caseType));
    return { list, total: list.reduce((sum, r) => sum + r.count, 0) };
  },

  'caseManage.caseTypeVersionUsage': async (body, ctx) => ({ list: await caseTypeVersionUsage(ctx.db, ctx.schemas, body.caseType) }),

  'caseManage.exportCase': async (body, ctx) => {
    const base = filteredCases(ctx.db, body);
    const total = await countRows(base);
    if (total > MAX_CASE_EXPORT) throw badRequest(`符合条件的案件共 ${total} 件，一次最多导出 ${MAX_CASE_EXPORT} 件，请缩小日期范围或加上其他条件`);
    const [rows, titles] = await Promise.all([sortedCases(summaryRows(base), body).execute(), CaseTitles.load(ctx.db, ctx.schemas)]);
    const content = await caseWorkbook(rows.map((r) => toSummary(r, titles)));
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `案件-${chinaDay().replace(/-/g, '')}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },

  'caseManage.saveCase': async (body, ctx) => saveCase(ctx, body),

  'caseManage.updateCase': async (body, ctx) => saveCase(ctx, body),

  'caseManage.queryCase': async (body, ctx) => {
    const { row, type } = await loadCase(ctx, body.caseNo);
    return caseDetail(ctx.db, type, row, ctx.session, await officialFeeTableOf(ctx.db, ctx.schemas));
  },

  'caseManage.submitCase': async (body, ctx) => {
    let leftBehind: Awaited<ReturnType<typeof tiedMarksLeftBehind>>['list'] = [];
    const { row, type } = await moveCase(ctx, body.caseNo, 'submit', {
      revision: body.revision,
      trend: '提交了案件',
      set: { submitted_at: new Date() },
      check: async (current, caseType) => {
        const problems = await submissionProblems(ctx, caseType, current);
        if (problems.length > 0) throw badRequest(`还不能提交：${problems.slice(0, 5).join('；')}${problems.length > 5 ? ` 等 ${problems.length} 处` : ''}`);
        const tied = await tiedMarksLeftBehind(ctx.db, caseType, current);
        leftBehind = tied.list;
        if (leftBehind.length > 0 && !body.confirmTiedMarks) throw badRequest(tiedMarksWarning(tied.rule, leftBehind));
      },
    });
    if (leftBehind.length > 0) await addTrend(ctx.db, row, ctx.session.userId, 'tiedMarks', `确认不一并办理：${markNames(leftBehind)}`);
    await logOperation(ctx, 'caseManage.submitCase', { caseNo: row.case_no });
    return caseState(type, row);
  },

  'caseManage.withdrawCase': async (body, ctx) => {
    const reason = body.reason?.trim();
    const { row, type } = await moveCase(ctx, body.caseNo, 'withdraw', {
      revision: body.revision,
      trend: reason ? `撤回了案件：${reason}` : '撤回了案件',
    });
    await logOperation(ctx, 'caseManage.withdrawCase', { caseNo: row.case_no });
    return caseState(type, row);
  },

  'caseManage.confirmSubmissionCase': async (body, ctx) => {
    const filedAt = body.filedDate ? new Date(`${body.filedDate}T12:00:00+08:00`) : new Date();
    if (body.filedDate && body.filedDate > chinaDay()) throw badRequest('递交日期不能晚于今天');
    const { row, type } = await moveCase(ctx, body.caseNo, 'confirmSubmission', {
      trend: `确认已${SUBMIT_TYPES[body.submitType ?? 'online']}（${body.filedDate ?? chinaDay()}）`,
      set: { filed_at: filedAt, ...(body.submitType ? { submit_type: body.submitType } : {}) },
      at: filedAt,
    });
    await logOperation(ctx, 'caseManage.confirmSubmissionCase', { caseNo: row.case_no });
    return caseState(type, row);
  },

  'caseManage.caseAppNoSupply': async (body, ctx) => {
    const appNo = body.appNo.trim();
    const { row, type } = await moveCase(ctx, body.caseNo, 'supplyAppNo', {
      trend: `补录申请号 ${appNo}${body.appCountry ? `（${body.appCountry}）` : ''}`,
      check: async (current) => {
        if (!body.appCountry) return;
        const item = await ctx.db
          .selectFrom('case_items')
          .select('id')
          .where('case_id', '=', current.id)
          .where('country_code', '=', body.appCountry)
          .executeTakeFirst();
        if (!item) throw badRequest(`案件没有申请国家/地区 ${body.appCountry}`);
      },
      set: body.appCountry ? {} : { app_no: appNo },
    });
    let items = ctx.db.updateTable('case_items').set({ app_no: appNo }).where('case_id', '=', row.id);
    if (body.appCountry) items = items.where('country_code', '=', body.appCountry);
    await items.execute();
    if (body.appCountry && !row.app_no) await ctx.db.updateTable('cases').set({ app_no: appNo }).where('id', '=', row.id).execute();
    await logOperation(ctx, 'caseManage.caseAppNoSupply', { caseNo: row.case_no, appNo });
    return caseState(type, row);
  },

  'caseManage.setCaseResultValue': async (body, ctx) => {
    const note = body.resultNote ?? '';
    let plan: ArchivePlan | null = null;
    const { row, type } = await moveCase(ctx, body.caseNo, 'setResult', {
      trend: `登记结果：${body.result === 'success' ? '成功' : '失败'}${note ? `，${note}` : ''}`,
      set: { result: body.result, result_note: note },
      // The archive follows a success in the same transaction; what it cannot do refuses the result.
      check: async (current, caseType) => {
        if (body.result !== 'success') return;
        plan = await planArchiveEffect(ctx.db, caseType, current, { userId: ctx.session.userId });
        if (plan && 'problem' in plan) throw badRequest(plan.problem);
      },
    });
    const change = plan as ArchivePlan | null;
    if (change && 'apply' in change) await addTrend(ctx.db, row, ctx.session.userId, 'archive', await change.apply());
    await logOperation(ctx, 'caseManage.setCaseResultValue', { caseNo: row.case_no, result: body.result });
    return caseState(type, row);
  },

  'caseManage.setCaseCustomFieldValue': async (body, ctx) => {
    const { row, type } = await loadCase(ctx, body.caseNo, true);
    const field = type.fields.find((f) => f.name === body.fieldName);
    if (!field) throw badRequest(`字段 ${body.fieldName} 不是${type.title}的自定义字段`);
    const value = body.value ?? null;
    if (typeof value === 'string' && value.length > 2000) throw badRequest(`字段值“${field.title}”不能超过 2000 字`);
    if (Array.isArray(value) && JSON.stringify(value).length > 20000) throw badRequest(`字段值“${field.title}”过长`);
    const values = { ...(row.custom_values ?? {}), [field.name]: value };
    const updated = await ctx.db
      .updateTable('cases')
      .set({ custom_values: JSON.stringify(values), revision: row.revision + 1, updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addTrend(
      ctx.db,
      row,
      ctx.session.userId,
      'customField',
      `设置“${field.title}”为 ${value === null ? '空' : typeof value === 'string' ? value : JSON.stringify(value)}`,
    );
    return caseState(type, updated);
  },

  'caseManage.deleteCase': async (body, ctx) => {
    const { row, type } = await loadCase(ctx, body.caseNo, true);
    if (row.filed_at !== null) throw badRequest(`案件 ${row.case_no} 已向官方递交，不能删除`);
    if (type.statuses.find((s) => s.key === row.status)?.final) throw badRequest(`案件 ${row.case_no} 已${statusTitle(type, row.status)}，不能删除`);
    await ctx.db.updateTable('cases').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', row.id).execute();
    await dropCaseFeeDrafts(ctx.db, row.id);
    await addTrend(ctx.db, row, ctx.session.userId, 'delete', '删除了案件');
    await logOperation(ctx, 'caseManage.deleteCase', { caseNo: row.case_no });
    return null;
  },

  'caseManage.caseQueryStageRecord': async (body, ctx) => {
    const row = await caseByNo(ctx.db, body.caseNo);
    const records = await ctx.db.selectFrom('case_stage_records').selectAll().where('case_id', '=', row.id).orderBy('id').execute();
    return {
      list: records.map((r) => ({
        stage: r.stage,
        stageTitle: r.stage_title,
        enteredAt: new Date(r.entered_at).toISOString(),
        deadline: r.deadline,
        leftAt: r.left_at === null ? null : new Date(r.left_at).toISOString(),
      })),
    };
  },

  'caseManage.getTrendsList': async (body, ctx) => {
    const row = await caseByNo(ctx.db, body.caseNo);
    const { limit, offset } = pageWindow(body, 20);
    const base = ctx.db.selectFrom('case_trends as t').where('t.case_id', '=', row.id);
    const [rows, count] = await Promise.all([
      base
        .leftJoin('users as u', 'u.id', 't.user_id')
        .select(['t.id', 't.action', 't.content', 't.created_at', 'u.display_name'])
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      countRows(base.select('t.id')),
    ]);
    const titles = actionTitles(ctx.schemas);
    return {
      list: rows.map((r) => ({
        id: r.id,
        action: r.action,
        actionTitle: OWN_ACTIONS[r.action] ?? titles.get(r.action) ?? r.action,
        content: r.content,
        userName: r.display_name ?? '',
        createdAt: new Date(r.created_at).toISOString(),
      })),
      count,
    };
  },

  'caseManage.getComments': async (body, ctx) => {
    const row = await caseByNo(ctx.db, body.caseNo);
    const comments = await ctx.db
      .selectFrom('case_comments as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.content', 'c.user_id', 'c.mentioned_user_ids', 'c.created_at', 'u.display_name'])
      .where('c.case_id', '=', row.id)
      .orderBy('c.id')
      .execute();
    const mentioned = [...new Set(comments.flatMap((c) => c.mentioned_user_ids))];
    const names = new Map(
      mentioned.length === 0
        ? []
        : (await ctx.db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', mentioned).execute()).map((u) => [u.id, u.display_name]),
    );
    return {
      list: comments.map((c) => ({
        id: c.id,
        content: c.content,
        userId: c.user_id,
        userName: c.display_name ?? '',
        mentions: c.mentioned_user_ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
        createdAt: new Date(c.created_at).toISOString(),
      })),
    };
  },

  'caseManage.sendComments': async (body, ctx) => {
    const row = await caseByNo(ctx.db, body.caseNo);
    const ids = [...new Set(body.mentionIds ?? [])];
    const people =
      ids.length === 0 ? [] : await ctx.db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', ids).where('deleted_at', 'is', null).execute();
    const missing = ids.filter((id) => !people.some((p) => p.id === id));
    if (missing.length > 0) throw badRequest(`提及的人（编号 ${missing.join('、')}）不存在或已删除`);
    const content = body.content.trim();
    if (!content) throw badRequest('评论内容不能为空');
    const comment = await ctx.db
      .insertInto('case_comments')
      .values({ org_id: row.org_id, case_id: row.id, user_id: ctx.session.userId, content, mentioned_user_ids: ids })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const me = await ctx.db.selectFrom('users').select('display_name').where('id', '=', ctx.session.userId).executeTakeFirstOrThrow();
    const mentionText = people.length ? `，提及 ${people.map((p) => `@${p.display_name}`).join(' ')}` : '';
    await addTrend(ctx.db, row, ctx.session.userId, 'comment', `发表评论${mentionText}`);
    const others = ids.filter((id) => id !== ctx.session.userId);
    if (others.length > 0) {
      const type = await caseTypeVersion(ctx.db, ctx.schemas, row.case_type, row.type_version_id);
      const page = type.routes.detail ?? type.routes.apply ?? '/brand/caseList';
      await notifyEvent(ctx.db, {
        orgId: row.org_id,
        event: 'commentMention',
        userIds: others,
        kind: 'comment',
        title: `${me.display_name}在案件 ${row.case_no} 中提到了您`,
        content: content.length > 200 ? `${content.slice(0, 200)}…` : content,
        link: `${page}?caseNo=${row.case_no}`,
      });
    }
    return {
      id: comment.id,
      content,
      userId: ctx.session.userId,
      userName: me.display_name,
      mentions: people.map((p) => ({ id: p.id, name: p.display_name })),
      createdAt: new Date(comment.created_at).toISOString(),
    };
  },

  'caseManage.usersWithPermissions': async (body, ctx) => {
    let q = usersHolding(ctx, body.permission ?? 'caseManage').select(['u.id', 'u.display_name']);
    const keyword = body.keyword?.trim();
    if (keyword)
      q = q.where((eb) =>
        eb.or([eb('u.display_name', 'ilike', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`), eb('u.username', 'ilike', `%${keyword.replace(/[\\%_]/g, '\\$&')}%`)]),
      );
    const rows = await q.orderBy('u.id').limit(200).execute();
    return rows.map((r) => ({ id: r.id, name: r.display_name }));
  },

  'caseManage.collectTmItem': async (body, ctx) => {
    const ids = [...new Set(body.brandIds)];
    const marks = await ctx.db
      .selectFrom('brand_archives')
      .select(['id', 'country_code', 'int_cls', 'goods', 'tm_name'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const missing = ids.filter((id) => !marks.some((m) => m.id === id));
    if (missing.length > 0) throw notFound(`商标（编号 ${missing.join('、')}）不存在或不属于本组织`);
    const catalog = countryCatalog();
    const byCountry = new Map<string, CaseTmItem>();
    for (const mark of marks) {
      const country = mark.country_code || 'CN';
      const item = byCountry.get(country) ?? { appCountry: country, countryName: catalog.get(country)?.name ?? country, tmCl: [], goodsItem: [] };
      if (mark.int_cls) {
        const tmCl = mark.int_cls;
        if (!item.tmCl.includes(tmCl)) item.tmCl.push(tmCl);
        for (const goods of mark.goods) {
          if (goods.mark === 2 || item.goodsItem.some((g) => g.tmCl === tmCl && g.name === goods.name)) continue;
          item.goodsItem.push({ tmCl, name: goods.name, ...(/^[0-9]{4}$/.test(goods.code) ? { code: goods.code } : {}) });
        }
      }
      byCountry.set(country, item);
    }
    const tmItems = [...byCountry.values()].map((i) => ({ ...i, tmCl: [...i.tmCl].sort((a, b) => a - b) }));
    return { tmItems, tmName: [...new Set(marks.map((m) => m.tm_name).filter(Boolean))].join('、') };
  },

  'caseManage.queryByTmInfo': async (body, ctx) => {
    const mark = await ctx.db.selectFrom('brand_archives').select(['id', 'app_no', 'country_code']).where('id', '=', body.brandId).executeTakeFirst();
    if (!mark) throw notFound(`商标（编号 ${body.brandId}）不存在`);
    const [rows, titles] = await Promise.all([
      sortedCases(summaryRows(casesOfMark(ctx.db, mark)), {})
        .limit(200)
        .execute(),
      CaseTitles.load(ctx.db, ctx.schemas),
    ]);
    return { list: rows.map((r) => toSummary(r, titles)) };
  },

  'caseManage.queryTiedMarks': async (body, ctx) => {
    const { row, type } = await loadCase(ctx, body.caseNo);
    return tiedMarksLeftBehind(ctx.db, type, row);
  },

  'caseManage.filingForm': async (body, ctx) => {
    const { row, type } = await loadCase(ctx, body.caseNo);
    const { content, fileName } = await caseFilingForm(ctx.db, ctx.files, type, row);
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName,
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
  },

  'caseManage.brandHistory': async (body, ctx) => {
    const mark = await visibleMark(ctx.db, archiveViewer(ctx.session), body.brandId);
    return { list: await historyOf(ctx.db, mark.id) };
  },

  'caseManage.getDictItems': async (_body, ctx) => {
    const dict = ctx.schemas.files.find((f) => f.file === 'dicts/case-official-files.json')?.body as unknown as DictDefinition | undefined;
    return (dict?.items ?? []).map((i) => ({ value: String(i.value), label: i.label }));
  },

  'caseManage.changeSubmitTypeOrResubmit': async (body, ctx) => {
    const reason = body.reason?.trim() ?? '';
    const { row, type } = await moveCase(ctx, body.caseNo, body.action, {
      trend:
        body.action === 'changeSubmitType'
          ? `递交方式改为${SUBMIT_TYPES[body.submitType!]}${reason ? `，原因：${reason}` : ''}`
          : `退回重新提交${reason ? `，原因：${reason}` : ''}`,
      set: body.action === 'changeSubmitType' ? { submit_type: body.submitType! } : {},
      check: () => {
        if (body.action === 'changeSubmitType' && !body.submitType) throw badRequest('变更递交方式时请选择递交方式');
      },
    });
    if (body.action === 'resubmit') await ctx.db.updateTable('cases').set({ filed_at: null }).where('id', '=', row.id).execute();
    await logOperation(ctx, 'caseManage.changeSubmitTypeOrResubmit', { caseNo: row.case_no, action: body.action });
    return caseState(type, row);
  },

  'caseManage.subcase': async (body, ctx) => {
    const { row, type } = await loadCase(ctx, body.caseNo, true);
    if (!isEditable(type, row)) throw badRequest(`案件状态为“${statusTitle(type, row.status)}”，已递交或已结束的案件不能拆分`);
    const items = await tmItemsOf(ctx.db, row.id);
    const parts = splitItems(items, body.splitBy);
    if (parts.length < 2) throw badRequest(body.splitBy === 'country' ? '案件只有一个申请国家/地区，无需按国家拆分' : '案件只有一个类别，无需按类别拆分');
    const closing = type.statuses.find((s) => s.key === 'withdrawn') ?? type.statuses.find((s) => s.final && s.key !== 'finished');
    if (!closing) throw badRequest(`${type.title}没有可用来关闭母案件的终态，不能拆分`);
    const files = await ctx.db.selectFrom('case_files').selectAll().where('case_id', '=', row.id).orderBy('position').execute();
    const marks = await ctx.db.selectFrom('case_marks').selectAll().where('case_id', '=', row.id).execute();
    const status = initialStatus(type);
    const stage = stageForStatus(type, status, null);
    const created = [];
    for (const part of parts) {
      const classes = [...new Set(part.flatMap((i) => i.tmCl))].sort((a, b) => a - b);
      const child = await ctx.db
        .insertInto('cases')
        .values({
          org_id: row.org_id,
          case_no: await nextCaseNo(ctx.db, row.org_id, chinaDay()),
          case_type: row.case_type,
          type_version_id: row.type_version_id,
          type_version: row.type_version,
          status,
          stage: stage?.key ?? '',
          brand_id: row.brand_id,
          enterprise_id: row.enterprise_id,
          applicant_name: row.applicant_name,
          tm_name: row.tm_name,
          countries: part.map((i) => i.appCountry).join(','),
          classes,
          handler_user_id: row.handler_user_id,
          created_by: ctx.session.userId,
          submit_type: row.submit_type,
          biz_param: JSON.stringify({ ...row.biz_param, intCls: classes }),
          custom_values: JSON.stringify(row.custom_values ?? {}),
          parent_case_id: row.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('case_items')
        .values(part.map((i, position) => caseItemRow(child, i, position)))
        .execute();
      const countries = new Set(part.map((i) => i.appCountry));
      const own = files.filter((f) => countries.has(f.country_code));
      if (own.length > 0)
        await ctx.db
          .insertInto('case_files')
          .values(own.map(({ id: _id, case_id: _case, ...f }) => ({ ...f, case_id: child.id })))
          .execute();
      if (marks.length > 0)
        await ctx.db
          .insertInto('case_marks')
          .values(marks.map((m) => ({ ...m, case_id: child.id })))
          .execute();
      let current = child;
      if (stage) {
        const deadline = await enterStage(ctx.db, child, stage);
        current = await ctx.db.updateTable('cases').set({ stage_deadline: deadline }).where('id', '=', child.id).returningAll().executeTakeFirstOrThrow();
      }
      await addTrend(ctx.db, child, ctx.session.userId, 'split', `由案件 ${row.case_no} 拆分而来`);
      created.push(caseState(type, current));
    }
    const closed = await ctx.db
      .updateTable('cases')
      .set({ status: closing.key, revision: row.revision + 1, updated_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addTrend(
      ctx.db,
      closed,
      ctx.session.userId,
      'split',
      `${body.splitBy === 'country' ? '按国家' : '按类别'}拆分为 ${created.map((c) => c.caseNo).join('、')}`,
    );
    await logOperation(ctx, 'caseManage.subcase', { caseNo: row.case_no, splitBy: body.splitBy, count: created.length });
    return { list: created };
  },

  'caseManage.caseTypes': async (body, ctx) => {
    const category = body.category ?? 'case';
    const list = (await availableCaseTypes(ctx.db, ctx.schemas))
      .filter((t) => t.category === category)
      .map((t) => ({
        name: t.name,
        title: t.title,
        category: t.category,
        scope: t.scope,
        routes: t.routes,
        version: t.version,
        builtIn: !!ctx.schemas.builtInFile('caseTypes', t.name),
      }));
    const order = builtInCaseTypes(ctx.schemas).list.map((i) => i.value);
    const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
    return { list: list.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name)) };
  },

  'caseManage.caseStages': async (body, ctx) => {
    let types: CaseType[];
    if (body.caseType) {
      const type = await currentCaseType(ctx.db, ctx.schemas, body.caseType);
      if (!type) throw badRequest(`案件类型 ${body.caseType} 不存在`);
      types = [type];
    } else {
      const order = builtInCaseTypes(ctx.schemas).list.map((i) => i.value);
      const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
      types = (await availableCaseTypes(ctx.db, ctx.schemas))
        .filter((t) => t.category === 'case')
        .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
    }
    // A key several types share is listed once, with the title its first type gives it.
    const stages = new Map<string, string>();
    for (const type of types) for (const stage of type.stages) if (!stages.has(stage.key)) stages.set(stage.key, stage.title);
    return { list: [...stages].map(([value, label]) => ({ value, label })) };
  },

  'caseManage.caseTypeSchema': async (body, ctx) => {
    let type: CaseType | undefined;
    if (body.caseNo) type = (await loadCase(ctx, body.caseNo)).type;
    else if (body.caseType) {
      type = await currentCaseType(ctx.db, ctx.schemas, body.caseType);
      if (!type) throw notFound(`案件类型 ${body.caseType} 不存在`);
    } else throw badRequest('请给出案件类型或案件编号');
    return {
      name: type.name,
      title: type.title,
      version: type.version,
      scope: type.scope,
      form: type.form as Record<string, unknown>,
      fields: type.fields as unknown as Record<string, unknown>[],
      stages: type.stages as unknown as Record<string, unknown>[],
      statuses: type.statuses as unknown as Record<string, unknown>[],
      transitions: type.transitions as unknown as Record<string, unknown>[],
      attachments: type.attachments as unknown as Record<string, unknown>[],
      feeItems: type.feeItems as unknown as Record<string, unknown>[],
      routes: type.routes,
      tiedMarks: type.tiedMarks,
      archiveEffect: type.archiveEffect,
      filingForm: type.filingForm,
    };
  },
};
