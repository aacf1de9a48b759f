import type { HandlersOf } from '../http/context.js';
import { archiveViewer } from './archiveViewer.js';
import { registerMergeReference } from './mergeRegistry.js';
import { brandOfficialList, manageOfficialDocuments } from './officialDocuments.js';
import { recordOfficialDocument } from './officialDocumentRecord.js';
import { logOperation } from '../accounts/operationLog.js';

// A merged mark's official documents move to the kept mark (spec 001 §7).
registerMergeReference({ table: 'official_documents', column: 'brand_archive_id' });

export const brandOfficialsHandlers: HandlersOf<'brandOfficials'> = {
  'brandOfficials.brandOfficialList': async (body, ctx) => brandOfficialList(ctx.db, archiveViewer(ctx.session), body),
  'brandOfficials.officialManagement': async (body, ctx) => ({
    updated: await manageOfficialDocuments(ctx.db, archiveViewer(ctx.session), ctx.session.userId, body),
  }),
  'brandOfficials.addOfficialDocument': async (body, ctx) => {
    const recorded = await recordOfficialDocument(ctx, archiveViewer(ctx.session), ctx.session.orgId, body);
    await logOperation(ctx, 'brandOfficials.addOfficialDocument', { id: recorded.id, documentType: body.documentType, appNo: body.appNo });
    return recorded;
  },
};
