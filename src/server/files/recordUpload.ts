import { fileTypeFromBuffer } from 'file-type';
import type { UploadedFile } from '../../generated/types.js';
import type { Insertable } from 'kysely';
import type { ScopedDb } from '../db/tenantScope.js';
import type { FilesTable } from '../db/tables.js';
import { badRequest } from '../http/apiError.js';
import type { FileStore, StoredFile } from './fileStore.js';
import { GENERAL_UPLOAD_TYPES, typeMismatch } from './fileTypes.js';

/** Why the first bytes do not fit the extension (null when they do): the bytes, not the name, decide. */
export async function contentMismatch(extension: string, head: Uint8Array): Promise<string | null> {
  const detected = (await fileTypeFromBuffer(head))?.ext;
  return typeMismatch(extension, detected, head);
}

export function uploadedFileReply(id: number, name: string, extension: string, stored: Pick<StoredFile, 'path' | 'size'>): UploadedFile {
  return {
    uid: String(id),
    name,
    size: stored.size,
    type: extension,
    path: stored.path,
    url: `/api/file/download?path=${encodeURIComponent(stored.path)}`,
    status: 'done',
  };
}

/** What an upload's picture is (the files table's image columns), worked out before its transaction opened. */
export type PictureColumns = Required<Pick<Insertable<FilesTable>, 'image_status' | 'image_hash' | 'image_width' | 'image_height'>>;

/**
 * Accepts a file already in the store as the organisation's: checks its content against its
 * name (discarding it when they disagree, unless the same bytes are already someone's file) and
 * records it with what its picture is. The normal and the chunked upload end here alike.
 */
export async function recordUpload(
  ctx: { db: ScopedDb; files: FileStore; session: { orgId: number; userId: number | null } },
  name: string,
  extension: string,
  stored: StoredFile,
  picture: PictureColumns,
): Promise<UploadedFile> {
  const mismatch = await contentMismatch(extension, stored.head);
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
      ...picture,
    })
    // The same bytes again: a file recorded before its picture was examined gets the examination now.
    .onConflict((oc) => oc.columns(['org_id', 'path']).doUpdateSet({ original_name: name, ...picture }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return uploadedFileReply(row.id, name, extension, stored);
}
