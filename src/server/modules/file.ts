import { fileTypeFromBuffer } from 'file-type';
import type { HandlersOf } from '../http/context.js';
import { badRequest, notFound } from '../http/apiError.js';
import { GENERAL_UPLOAD_TYPES, typeMismatch } from '../files/fileTypes.js';

export const fileHandlers: HandlersOf<'file'> = {
  'file.upload': async (_body, ctx) => {
    const { name, extension, stored } = ctx.upload!;
    // The bytes, not the name, decide what the file is.
    const detected = (await fileTypeFromBuffer(stored.head))?.ext;
    const mismatch = typeMismatch(extension, detected, stored.head);
    if (mismatch) {
      const alsoKnown = await ctx.db.selectFrom('files').select('id').where('path', '=', stored.path).executeTakeFirst();
      if (!alsoKnown) await ctx.files.discard(stored.path);
      throw badRequest(mismatch);
    }
    const row = await ctx.db
      .insertInto('files')
      .values({
        org_id: ctx.session.orgId,
        uploader_id: ctx.session.userId,
        path: stored.path,
        original_name: name,
        content_type: GENERAL_UPLOAD_TYPES[extension].mime,
        size: stored.size,
        sha256: stored.sha256,
      })
      .onConflict((oc) => oc.columns(['org_id', 'path']).doUpdateSet({ original_name: name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      uid: String(row.id),
      name,
      size: stored.size,
      type: extension,
      path: stored.path,
      url: `/api/file/download?path=${encodeURIComponent(stored.path)}`,
      status: 'done' as const,
    };
  },

  'file.download': async (body, ctx) => {
    const file = await ctx.db.selectFrom('files').selectAll().where('path', '=', body.path).orderBy('id', 'desc').executeTakeFirst();
    if (!file) throw notFound('文件不存在或无权访问');
    const { stream, size } = await ctx.files.open(file.path);
    return { stream, size, fileName: file.original_name, contentType: file.content_type };
  },
};
