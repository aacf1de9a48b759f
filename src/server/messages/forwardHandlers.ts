import type { ForwardForwardRequest } from '../../generated/types.js';
import type { HandlersOf, TenantContext } from '../http/context.js';
import { ApiError, badRequest, forbidden, notFound } from '../http/apiError.js';
import { notifyEvent } from '../notify/notifyEvent.js';
import { logOperation } from '../accounts/operationLog.js';
import { archiveViewer } from '../trademarks/archiveViewer.js';
import { visibleMark } from '../trademarks/visibleMarks.js';
import { letterReader, visibleLetters } from '../officials/letterAccess.js';
import { caseTypeVersion } from '../cases/caseTypes.js';
import { visibleDemand } from '../demand/demandStore.js';

type Kind = ForwardForwardRequest['kind'];

/** The permission each kind of object needs, and its name in the message. */
const KINDS: Record<Kind, { permission: string; label: string }> = {
  mark: { permission: 'trademark', label: '商标' },
  case: { permission: 'caseManage', label: '案件' },
  letter: { permission: 'trademark', label: '官文' },
  demand: { permission: 'demand', label: '提案' },
};

const LETTER_PAGES = { trademark: '/brand/filesAll', copyright: '/copyRight/officeFile' } as const;

/** What is forwarded, as the sender may see it: its name in the message and the page it opens on. */
async function forwardedObject(ctx: TenantContext, body: ForwardForwardRequest): Promise<{ name: string; link: string }> {
  const { kind } = body;
  const { permission, label } = KINDS[kind];
  if (!ctx.session.permissions.has(permission)) throw forbidden(`没有查看该${label}的权限`);
  const byCaseNo = kind === 'case' && body.objectId.startsWith('AJ');
  if (!byCaseNo && !/^\d+$/.test(body.objectId)) throw badRequest(`转发的对象：${label}编号 ${body.objectId} 格式不对`);
  const id = byCaseNo ? 0 : Number(body.objectId);
  if (kind === 'mark') {
    const mark = await visibleMark(ctx.db, archiveViewer(ctx.session), id).catch((err: unknown) => {
      throw err instanceof ApiError && err.status === 404 ? notFound(`转发的对象：商标（编号 ${id}）不存在或无权查看`) : err;
    });
    return { name: `商标“${mark.tm_name || mark.app_no}”${mark.app_no ? `（${mark.app_no}）` : ''}`, link: `/brand/detail?id=${mark.id}` };
  }
  if (kind === 'case') {
    const query = ctx.db.selectFrom('cases').select(['id', 'case_no', 'case_type', 'type_version_id', 'tm_name']).where('deleted_at', 'is', null);
    const row = await (byCaseNo ? query.where('case_no', '=', body.objectId) : query.where('id', '=', id)).executeTakeFirst();
    if (!row) throw notFound(`转发的对象：案件 ${body.objectId} 不存在`);
    const type = await caseTypeVersion(ctx.db, ctx.schemas, row.case_type, row.type_version_id);
    const page = type.routes.detail ?? type.routes.apply ?? '/brand/caseList';
    return { name: `${type.title}案件 ${row.case_no}${row.tm_name ? `（${row.tm_name}）` : ''}`, link: `${page}?caseNo=${row.case_no}` };
  }
  if (kind === 'letter') {
    const reader = letterReader(ctx.session);
    const row = await (
      await visibleLetters(ctx.db, reader, reader.businesses)
    )
      .select(['d.id', 'd.document_type', 'd.app_no', 'd.business'])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(`转发的对象：官文（编号 ${id}）不存在或无权查看`);
    return { name: `官文“${row.document_type}”${row.app_no ? `（${row.app_no}）` : ''}`, link: `${LETTER_PAGES[row.business]}?letter=${row.id}` };
  }
  const demand = await visibleDemand(ctx.db, ctx.session, id).catch((err: unknown) => {
    throw err instanceof ApiError && err.status === 404 ? notFound(`转发的对象：提案（编号 ${id}）不存在或无权查看`) : err;
  });
  return { name: `提案 ${demand.demand_no}“${demand.title}”`, link: `/brandManage/case-detail?id=${demand.id}` };
}

/** A mark, case, letter or proposal sent to colleagues as a message with a note and a link to its page. */
async function forward(ctx: TenantContext, body: ForwardForwardRequest): Promise<{ count: number }> {
  const object = await forwardedObject(ctx, body);
  const people = await ctx.db
    .selectFrom('users')
    .select(['id'])
    .where('org_id', '=', ctx.session.orgId)
    .where('id', 'in', body.userIds)
    .where('deleted_at', 'is', null)
    .execute();
  const missing = body.userIds.filter((id) => !people.some((p) => p.id === id));
  if (missing.length > 0) throw badRequest(`用户不存在或已删除：编号 ${missing.join('、')}`);
  const me = await ctx.db.selectFrom('users').select('display_name').where('id', '=', ctx.session.userId).executeTakeFirstOrThrow();
  const note = body.note?.trim() ?? '';
  await notifyEvent(ctx.db, {
    orgId: ctx.session.orgId,
    event: 'forwarded',
    userIds: body.userIds,
    kind: 'forward',
    title: `${me.display_name}转发给您：${object.name}`,
    content: note || `${me.display_name}转发了${object.name}，请查看。`,
    link: object.link,
  });
  await logOperation(ctx, 'forward.forward', { kind: body.kind, id: body.objectId, userIds: body.userIds });
  return { count: people.length };
}

export const forwardHandlers: HandlersOf<'forward'> = {
  'forward.forward': async (body, ctx) => forward(ctx, body),
};
