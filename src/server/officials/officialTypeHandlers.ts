import { sql } from 'kysely';
import type { OfficialTypeItem, OfficialTypesSaveRequest } from '../../generated/types.js';
import type { OfficialTypeEntry } from '../../shared/officialTypes.js';
import { deadlineRuleProblem, describeDeadlineRule } from '../../shared/deadlines/deadlineRule.js';
import { badRequest, notFound } from '../http/apiError.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { pageWindow } from '../db/paging.js';
import { logOperation } from '../accounts/operationLog.js';
import { availableCaseTypes } from '../cases/caseTypes.js';
import { builtInOfficialTypes, officialTypeCatalog } from './officialTypeCatalog.js';

const BUSINESS_NAMES: Record<OfficialTypeEntry['business'], string> = { trademark: '商标', copyright: '版权' };

/** Letters of each type the organisation holds, by the type's name. */
async function letterCounts(ctx: TenantContext): Promise<Map<string, number>> {
  const rows = await ctx.db
    .selectFrom('official_documents')
    .select(['document_type', sql<string>`count(*)`.as('n')])
    .groupBy('document_type')
    .execute();
  return new Map(rows.map((r) => [r.document_type, Number(r.n)]));
}

function toItem(entry: OfficialTypeEntry, letters: number): OfficialTypeItem {
  return {
    value: entry.value,
    label: entry.label,
    documentClass: entry.documentClass,
    business: entry.business,
    electronicDelivery: entry.electronicDelivery,
    paperDelivery: entry.paperDelivery,
    electronicText: describeDeadlineRule(entry.electronicDelivery),
    paperText: describeDeadlineRule(entry.paperDelivery),
    article: entry.article,
    action: entry.action ?? '',
    keywords: entry.keywords,
    keywordsText: entry.keywords.join('、'),
    markStatus: entry.markStatus ?? '',
    letterCount: letters,
  };
}

/**
 * The organisation's own copy of the catalogue, locked for this transaction; made from the built-in
 * list on the first edit, so an edit never changes what another organisation works with.
 */
async function editableCatalog(ctx: TenantContext): Promise<OfficialTypeEntry[]> {
  await ctx.db
    .insertInto('official_type_catalogs')
    .values({ org_id: ctx.session.orgId, entries: JSON.stringify(builtInOfficialTypes(ctx.schemas)), updated_by: ctx.session.userId })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  const row = await ctx.db.selectFrom('official_type_catalogs').select('entries').forUpdate().executeTakeFirstOrThrow();
  return [...(row.entries as unknown as OfficialTypeEntry[])];
}

async function storeCatalog(ctx: TenantContext, entries: OfficialTypeEntry[]): Promise<void> {
  await ctx.db
    .updateTable('official_type_catalogs')
    .set({ entries: JSON.stringify(entries), updated_by: ctx.session.userId, updated_at: new Date().toISOString() })
    .execute();
}

/** The case types (and their stage) that advance by a letter of this name: such a name must stay. */
async function stagesNaming(ctx: TenantContext, label: string): Promise<string[]> {
  const types = await availableCaseTypes(ctx.db, ctx.schemas);
  return types.flatMap((t) => t.stages.filter((s) => s.officialTypes?.includes(label)).map((s) => `${t.title}的阶段“${s.title}”`));
}

/** Why a letter type may not disappear from the catalogue (deleted or renamed), or null. */
async function whyItMustStay(ctx: TenantContext, label: string, doing: string): Promise<string | null> {
  const letters = (await letterCounts(ctx)).get(label) ?? 0;
  if (letters > 0) return `本组织已有 ${letters} 份“${label}”官文，不能${doing}`;
  const stages = await stagesNaming(ctx, label);
  if (stages.length > 0) return `${stages.slice(0, 3).join('、')}${stages.length > 3 ? ` 等 ${stages.length} 处` : ''}按“${label}”推进，不能${doing}`;
  return null;
}

const trimmed = (text: string | undefined) => (text ?? '').trim();

/** The entry a save request describes, checked against the rest of the catalogue. */
function entryFrom(body: OfficialTypesSaveRequest, value: string, others: readonly OfficialTypeEntry[]): OfficialTypeEntry {
  const label = body.label.trim();
  if (!label) throw badRequest('请输入官文类型');
  const same = others.find((e) => e.label === label);
  if (same) throw badRequest(`官文类型“${label}”已在目录中`);
  const electronicDelivery = trimmed(body.electronicDelivery).replace(/\s+/g, '').replace('，', ',');
  const paperDelivery = trimmed(body.paperDelivery).replace(/\s+/g, '').replace('，', ',');
  for (const [title, rule] of [
    ['电子送达规则', electronicDelivery],
    ['纸质送达规则', paperDelivery],
  ] as const) {
    const problem = deadlineRuleProblem(rule);
    if (problem) throw badRequest(`${title}：${problem}`);
  }
  const keywords = [...new Set((body.keywords ?? []).map((k) => k.trim()).filter((k) => k !== ''))];
  if (keywords.length === 0) keywords.push(label);
  for (const keyword of keywords) {
    const owner = others.find((e) => e.business === body.business && e.keywords.includes(keyword));
    if (owner) throw badRequest(`识别词“${keyword}”已用于官文类型“${owner.label}”，同一业务的一份官文只能识别为一种类型`);
  }
  const action = trimmed(body.action);
  const markStatus = trimmed(body.markStatus);
  return {
    value,
    label,
    documentClass: body.documentClass,
    business: body.business,
    electronicDelivery,
    paperDelivery,
    article: trimmed(body.article),
    ...(action ? { action } : {}),
    keywords,
    ...(markStatus ? { markStatus } : {}),
  };
}

/** A key for an organisation's own entry: own1, own2, … */
function newKey(entries: readonly OfficialTypeEntry[]): string {
  const used = entries.map((e) => /^own(\d+)$/.exec(e.value)).map((m) => (m ? Number(m[1]) : 0));
  return `own${Math.max(0, ...used) + 1}`;
}

export const officialTypeHandlers: HandlersOf<'officialTypes'> = {
  'officialTypes.list': async (body, ctx) => {
    const own = await ctx.db
      .selectFrom('official_type_catalogs as c')
      .leftJoin('users as u', 'u.id', 'c.updated_by')
      .select(['c.updated_at', 'u.display_name'])
      .executeTakeFirst();
    const [catalog, counts] = await Promise.all([officialTypeCatalog(ctx.db, ctx.schemas), letterCounts(ctx)]);
    const keyword = trimmed(body.keyword);
    const chosen = catalog.filter(
      (e) =>
        (!body.business || e.business === body.business) &&
        (!keyword || e.label.includes(keyword) || e.article.includes(keyword) || e.keywords.some((k) => k.includes(keyword))),
    );
    const { limit, offset } = pageWindow(body, 50);
    const when = own ? new Date(own.updated_at).toISOString().slice(0, 10) : '';
    return {
      list: chosen.slice(offset, offset + limit).map((e) => toItem(e, counts.get(e.label) ?? 0)),
      count: chosen.length,
      builtIn: !own,
      sourceText: own
        ? `本组织编辑过的目录（${own.display_name ?? ''} ${when} 修改），共 ${catalog.length} 种`
        : `随产品提供的内置目录，共 ${catalog.length} 种`,
    };
  },

  'officialTypes.save': async (body, ctx) => {
    const entries = await editableCatalog(ctx);
    const at = body.value === undefined ? -1 : entries.findIndex((e) => e.value === body.value);
    if (body.value !== undefined && at < 0) throw notFound('官文类型不存在');
    const current = at >= 0 ? entries[at]! : null;
    const entry = entryFrom(body, current?.value ?? newKey(entries), current ? entries.filter((_, i) => i !== at) : entries);
    if (current && current.label !== entry.label) {
      const why = await whyItMustStay(ctx, current.label, '改名');
      if (why) throw badRequest(why);
    }
    if (current) entries[at] = entry;
    else entries.push(entry);
    await storeCatalog(ctx, entries);
    await logOperation(ctx, 'officialTypes.save', {
      value: entry.value,
      label: current && current.label !== entry.label ? `${current.label} → ${entry.label}` : entry.label,
      business: BUSINESS_NAMES[entry.business],
      electronicDelivery: entry.electronicDelivery,
      paperDelivery: entry.paperDelivery,
      ...(current ? {} : { created: true }),
    });
    return toItem(entry, (await letterCounts(ctx)).get(entry.label) ?? 0);
  },

  'officialTypes.delete': async (body, ctx) => {
    const entries = await editableCatalog(ctx);
    const entry = entries.find((e) => e.value === body.value);
    if (!entry) throw notFound('官文类型不存在');
    const why = await whyItMustStay(ctx, entry.label, '删除');
    if (why) throw badRequest(why);
    await storeCatalog(
      ctx,
      entries.filter((e) => e !== entry),
    );
    await logOperation(ctx, 'officialTypes.delete', { value: entry.value, label: entry.label });
    return null;
  },

  'officialTypes.restore': async (_body, ctx) => {
    const builtIn = new Set(builtInOfficialTypes(ctx.schemas).map((e) => e.label));
    const counts = await letterCounts(ctx);
    const own = (await officialTypeCatalog(ctx.db, ctx.schemas)).filter((e) => !builtIn.has(e.label) && (counts.get(e.label) ?? 0) > 0);
    if (own.length > 0) {
      throw badRequest(`本组织已有内置目录中没有的类型的官文（${own.map((e) => `“${e.label}” ${counts.get(e.label)} 份`).join('、')}），不能恢复内置目录`);
    }
    const removed = await ctx.db.deleteFrom('official_type_catalogs').executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) await logOperation(ctx, 'officialTypes.restore', {});
    return null;
  },
};
