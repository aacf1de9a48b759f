import { Readable } from 'node:stream';
import type { HandlersOf } from '../http/context.js';
import type { OfficialTypeCatalogEntry } from '../../generated/types.js';
import { pageWindow } from '../db/paging.js';
import { badRequest, notFound } from '../http/apiError.js';
import { excelLibrary } from '../excelLibrary.js';
import { logOperation } from '../accounts/operationLog.js';
import { chinaToday } from '../../shared/trademarkDates.js';
import { officialTypeCatalog } from './officialTypeCatalog.js';
import { letterReader, lettersForChange, requireBusiness, visibleLetters } from './letterAccess.js';
import { countLettersUpTo, LETTER_COUNT_CAP, letterRow, matchingLetters, newestFirst, withRowColumns } from './letterList.js';
import { dueLetters } from './dueLetters.js';
import { readLetter } from './letterRead.js';
import { saveLetter } from './letterSave.js';

/** The most rows one export writes; more asks the person to narrow the conditions. */
const MAX_EXPORT = 10_000;

const STATUS_TEXT = ['待处理', '已处理', '已忽略'] as const;

export const officialsHandlers: HandlersOf<'officials'> = {
  'officials.officialList': async (body, ctx) => {
    const today = chinaToday();
    const matching = await matchingLetters(ctx.db, letterReader(ctx.session), body, today);
    const { limit, offset } = pageWindow(body);
    // The page's ids first, from the index alone; the joins only for the rows shown.
    const [ids, counted] = await Promise.all([
      newestFirst(matching.select('d.id')).limit(limit).offset(offset).execute(),
      countLettersUpTo(ctx.db, matching, LETTER_COUNT_CAP + 1),
    ]);
    const rows =
      ids.length === 0
        ? []
        : await newestFirst(
            withRowColumns(ctx.db.selectFrom('official_documents as d')).where(
              'd.id',
              'in',
              ids.map((r) => r.id),
            ),
          ).execute();
    return { list: rows.map((r) => letterRow(r, today)), count: Math.min(counted, LETTER_COUNT_CAP), countCapped: counted > LETTER_COUNT_CAP };
  },

  'officials.allRead': async (body, ctx) => {
    const reader = letterReader(ctx.session);
    const business = body.business ?? 'trademark';
    requireBusiness(reader, business);
    let ids: number[];
    if (body.ids?.length) ids = await lettersForChange(ctx.db, reader, body.ids);
    else ids = (await (await visibleLetters(ctx.db, reader, [business])).where('d.is_read', '=', false).select('d.id').execute()).map((r) => r.id);
    if (ids.length === 0) return { updated: 0 };
    const result = await ctx.db
      .updateTable('official_documents')
      .set({ is_read: true, updated_at: new Date() })
      .where('id', 'in', ids)
      .where('is_read', '=', false)
      .executeTakeFirst();
    return { updated: Number(result.numUpdatedRows) };
  },

  'officials.batchIgnoreOfficial': async (body, ctx) => {
    const ids = await lettersForChange(ctx.db, letterReader(ctx.session), body.ids);
    const result = await ctx.db
      .updateTable('official_documents')
      .set({ status: 2, is_read: true, handled_by: ctx.session.userId, handled_at: new Date(), updated_at: new Date() })
      .where('id', 'in', ids)
      .executeTakeFirst();
    await logOperation(ctx, 'officials.batchIgnoreOfficial', { ids });
    return { updated: Number(result.numUpdatedRows) };
  },

  'officials.batchDeleteOfficial': async (body, ctx) => {
    const ids = await lettersForChange(ctx.db, letterReader(ctx.session), body.ids);
    const result = await ctx.db.deleteFrom('official_documents').where('id', 'in', ids).executeTakeFirst();
    await logOperation(ctx, 'officials.batchDeleteOfficial', { ids });
    return { deleted: Number(result.numDeletedRows) };
  },

  'officials.officialManage': async (body, ctx) => {
    const ids = await saveLetter(ctx, letterReader(ctx.session), body);
    await logOperation(ctx, 'officials.officialManage', { ids, documentType: body.documentType, edit: body.id !== undefined });
    return { ids };
  },

  'officials.exportOfficial': async (body, ctx) => {
    const today = chinaToday();
    const matching = await matchingLetters(ctx.db, letterReader(ctx.session), body, today);
    const total = await countLettersUpTo(ctx.db, matching, MAX_EXPORT + 1);
    if (total > MAX_EXPORT) {
      throw badRequest(
        `符合条件的官文超过 ${MAX_EXPORT.toLocaleString('en-US')} 条，一次最多导出 ${MAX_EXPORT.toLocaleString('en-US')} 条，请缩小收文日期范围或加上其他条件`,
      );
    }
    const rows = (await newestFirst(withRowColumns(matching)).execute()).map((r) => letterRow(r, today));
    const Excel = await excelLibrary();
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('官文');
    sheet.columns = [
      { header: '文件类型', key: 'documentType', width: 24 },
      { header: '发文编号', key: 'dispatchNo', width: 22 },
      { header: '申请号', key: 'appNo', width: 14 },
      { header: '商标名称', key: 'tmName', width: 18 },
      { header: '类别', key: 'tmCl', width: 6 },
      { header: '发文日期', key: 'sendDate', width: 12 },
      { header: '收文日期', key: 'receiveDate', width: 12 },
      { header: '送达方式', key: 'deliveryMethod', width: 10 },
      { header: '官方期限', key: 'officalLimit', width: 12 },
      { header: '剩余天数', key: 'daysLeft', width: 10 },
      { header: '办理期限', key: 'handlingLimit', width: 12 },
      { header: '处理状态', key: 'status', width: 10 },
      { header: '备注', key: 'remark', width: 30 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow({
        ...row,
        tmCl: row.tmCl ?? '',
        sendDate: row.sendDate ?? '',
        officalLimit: row.officalLimit ?? '',
        daysLeft: row.daysLeft ?? '',
        handlingLimit: row.handlingLimit ?? '',
        status: STATUS_TEXT[row.status],
      });
    }
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    return {
      stream: Readable.from([content]),
      size: content.length,
      fileName: `${body.business === 'copyright' ? '版权官文' : '商标官文'}-${today.replace(/-/g, '')}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    };
  },

  'officials.getOfficial': async (body, ctx) => readLetter(ctx.db, letterReader(ctx.session), body.id),

  'officials.officeDownload': async (body, ctx) => {
    const row = await (
      await visibleLetters(ctx.db, letterReader(ctx.session), ['trademark', 'copyright'])
    )
      .innerJoin('files as f', 'f.id', 'd.file_id')
      .where('d.id', '=', body.id)
      .select(['f.path', 'f.original_name', 'f.content_type'])
      .executeTakeFirst();
    if (!row) throw notFound('官文不存在、没有文件或无权查看');
    const { stream, size } = await ctx.files.open(row.path);
    return { stream, size, fileName: row.original_name, contentType: row.content_type };
  },

  'officials.getOfficialTypeList': async (body, ctx) => {
    const catalog = await officialTypeCatalog(ctx.db, ctx.schemas);
    return catalog
      .filter((e) => body.business === undefined || e.business === body.business)
      .map((e): OfficialTypeCatalogEntry => ({
        value: e.value,
        officalType: e.label,
        documentClass: e.documentClass,
        business: e.business,
        electronicDelivery: e.electronicDelivery,
        paperDelivery: e.paperDelivery,
        article: e.article,
        ...(e.action ? { action: e.action } : {}),
        ...(e.markStatus ? { markStatus: e.markStatus } : {}),
      }));
  },

  'officials.dueLetters': async (body, ctx) => dueLetters(ctx.db, letterReader(ctx.session), body.days ?? 30, body.limit ?? 5, chinaToday()),
};
