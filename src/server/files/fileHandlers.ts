import { sql } from 'kysely';
import type { ChunkedUpload, UploaderFiles } from '../../generated/types.js';
import { CHUNK_SIZE_BYTES, type UploadPurpose } from '../../shared/uploadPurposes.js';
import type { HandlersOf, Preparers, Settled } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/apiError.js';
import { withOrganisation, type ScopedDb } from '../db/tenantScope.js';
import { pageWindow } from '../db/paging.js';
import type { UploadSessionsTable } from '../db/tables.js';
import { extensionOf, GENERAL_UPLOAD_TYPES } from './fileTypes.js';
import { newUploadId } from './chunkArea.js';
import { largeUploadExtension, purposeLimitBytes, UPLOAD_GONE } from './receiveUpload.js';
import { contentMismatch, recordUpload, uploadedFileReply, type PictureColumns } from './recordUpload.js';
import type { StoredFile } from './fileStore.js';
import { examinePicture, pictureColumns } from '../trademarks/logoSearch.js';

/** Enough of the first chunk for file-type to recognise what the file is. */
const HEAD_BYTES = 4100;
/** How many of each member's newest files the per-uploader list carries. */
const FILES_PER_UPLOADER = 20;

type SessionRow = Pick<UploadSessionsTable, 'id' | 'purpose' | 'file_name' | 'extension' | 'chunk_size' | 'chunk_count'> & { size: string | number };

/** A chunked upload in progress (an upload straight to the object store has no chunks to take). */
async function sessionOf(db: ScopedDb, uploadId: string, lock = false): Promise<SessionRow> {
  const query = db
    .selectFrom('upload_sessions')
    .select(['id', 'purpose', 'file_name', 'extension', 'size', 'chunk_size', 'chunk_count'])
    .where('id', '=', uploadId)
    .where('object_key', 'is', null);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw notFound(UPLOAD_GONE);
  return row;
}

async function statusOf(db: ScopedDb, session: SessionRow): Promise<ChunkedUpload> {
  const chunks = await db.selectFrom('upload_chunks').select('chunk_index').where('session_id', '=', session.id).orderBy('chunk_index').execute();
  return {
    uploadId: session.id,
    fileName: session.file_name,
    size: Number(session.size),
    purpose: session.purpose as ChunkedUpload['purpose'],
    chunkSize: session.chunk_size,
    chunkCount: session.chunk_count,
    received: chunks.map((c) => c.chunk_index),
  };
}

/** Refused while a chunk is missing, naming the first ten missing. */
async function checkAllReceived(db: ScopedDb, session: SessionRow): Promise<void> {
  const { received } = await statusOf(db, session);
  if (received.length >= session.chunk_count) return;
  const have = new Set(received);
  const missing = Array.from({ length: session.chunk_count }, (_, i) => i).filter((i) => !have.has(i));
  throw badRequest(`还有 ${missing.length} 个分片未上传（序号 ${missing.slice(0, 10).join('、')}${missing.length > 10 ? ' 等' : ''}），请补传后再完成`);
}

/** A chunked upload put together in the store, and what its picture is. */
interface AssembledUpload {
  stored: StoredFile;
  picture: PictureColumns;
}

/** Every chunk is `chunk_size` bytes except the last, which holds the rest. */
function expectedChunkSize(session: SessionRow, index: number): number {
  return index === session.chunk_count - 1 ? Number(session.size) - index * session.chunk_size : session.chunk_size;
}

const NO_DIRECT_UPLOAD = '未配置对象存储，不能直传：大文件请使用分片上传（/api/file/chunked/start）';
/** How long the browser may use a presigned upload. */
const PRESIGNED_SECONDS = 15 * 60;

/** The organisation's direct upload to this key; the lock makes a second, simultaneous registration wait and then find it gone. */
async function directSessionOf(db: ScopedDb, key: string, lock = false) {
  const query = db.selectFrom('upload_sessions').select(['id', 'purpose', 'file_name', 'extension', 'size']).where('object_key', '=', key);
  const session = await (lock ? query.forUpdate() : query).executeTakeFirst();
  if (!session) throw notFound('没有这个对象键的上传，或上传已过期，请重新上传');
  return session;
}

/** An uploaded object checked, moved to its content key and examined, before the registration's transaction opens. */
interface AdoptedObject {
  stored: StoredFile;
  picture: PictureColumns;
}

/**
 * Uploads the browser sends straight to the bucket: the server signs a PUT for a key of the
 * organisation's own, then, told the upload is done, checks the object (there, of the announced
 * size, its bytes fitting its name) before it becomes a file. Until then nothing is recorded.
 */
const directUploadHandlers: Pick<HandlersOf<'file'>, 'file.getOssToken' | 'file.registerOssUpload'> = {
  'file.getOssToken': async (body, ctx) => {
    const purpose = body.purpose ?? 'general';
    const extension = largeUploadExtension(body.fileName, body.size, purpose);
    const objects = ctx.files.objects;
    if (!objects.presignPut) return { direct: false, message: NO_DIRECT_UPLOAD };
    const id = newUploadId();
    const key = `${ctx.session.orgId}/incoming/${id}.${extension}`;
    const put = await objects.presignPut(key, GENERAL_UPLOAD_TYPES[extension]!.mime, body.size, PRESIGNED_SECONDS);
    await ctx.db
      .insertInto('upload_sessions')
      .values({
        id,
        org_id: ctx.session.orgId,
        uploader_id: ctx.session.userId,
        purpose,
        file_name: body.fileName,
        extension,
        size: body.size,
        chunk_size: 0,
        chunk_count: 0,
        object_key: key,
      })
      .execute();
    return { direct: true, url: put.url, method: 'PUT', headers: put.headers, key, expiresAt: put.expiresAt.toISOString() };
  },

  'file.registerOssUpload': async (body, ctx) => {
    // Checked and moved before the transaction opened (directUploadPreparers).
    const prepared = ctx.prepared as Settled<AdoptedObject>;
    if ('error' in prepared) throw prepared.error;
    const session = await directSessionOf(ctx.db, body.key, true);
    const reply = await recordUpload(ctx, session.file_name, session.extension, prepared.value.stored, prepared.value.picture);
    await ctx.db.deleteFrom('upload_sessions').where('id', '=', session.id).execute();
    return reply;
  },
};

/** Reading a large object for its hash takes seconds: done before the registration's transaction opens. */
const directUploadPreparers: Preparers = {
  'file.registerOssUpload': async (body, { system, session: { orgId }, files }): Promise<AdoptedObject> => {
    if (Number(body.key.split('/')[0]) !== orgId) throw forbidden('对象键属于其他组织，不能登记');
    const session = await withOrganisation(system, orgId, (db) => directSessionOf(db, body.key));
    const objects = files.objects;
    if (!objects.presignPut) throw badRequest(NO_DIRECT_UPLOAD);
    const found = await objects.stat(body.key);
    if (!found) throw badRequest('对象存储中还没有这个文件：请先上传到申请到的地址，再登记');
    if (found.size !== Number(session.size)) {
      await objects.delete(body.key);
      throw badRequest(`上传的文件为 ${found.size} 字节，与申请时声明的 ${session.size} 字节不符，请重新上传`);
    }
    const stored = await files.adopt(body.key, orgId, session.extension, purposeLimitBytes(session.purpose as UploadPurpose));
    return { stored, picture: pictureColumns(await examinePicture(files, stored.path, session.extension)) };
  },
};

export const fileHandlers: HandlersOf<'file'> = {
  'file.upload': async (_body, ctx) => {
    const { name, extension, stored } = ctx.upload!;
    // Examined before the transaction opened (filePreparers).
    const picture = ctx.prepared as Settled<PictureColumns>;
    if ('error' in picture) throw picture.error;
    return recordUpload(ctx, name, extension, stored, picture.value);
  },

  'file.download': async (body, ctx) => {
    const file = await ctx.db.selectFrom('files').selectAll().where('path', '=', body.path).orderBy('id', 'desc').executeTakeFirst();
    if (!file) throw notFound('文件不存在或无权访问');
    const { stream, size } = await ctx.files.open(file.path);
    return { stream, size, fileName: file.original_name, contentType: file.content_type };
  },

  'file.startUpload': async (body, ctx) => {
    const purpose = body.purpose ?? 'general';
    const extension = largeUploadExtension(body.fileName, body.size, purpose);
    const session = {
      id: newUploadId(),
      purpose,
      file_name: body.fileName,
      extension,
      size: body.size,
      chunk_size: CHUNK_SIZE_BYTES,
      chunk_count: Math.ceil(body.size / CHUNK_SIZE_BYTES),
    };
    await ctx.db
      .insertInto('upload_sessions')
      .values({ ...session, org_id: ctx.session.orgId, uploader_id: ctx.session.userId })
      .execute();
    return statusOf(ctx.db, session);
  },

  'file.uploadChunk': async (body, ctx) => {
    const chunk = ctx.chunk!;
    try {
      const session = await sessionOf(ctx.db, body.uploadId);
      const index = Number(body.index);
      if (index >= session.chunk_count) throw badRequest(`分片序号超出范围：应为 0 到 ${session.chunk_count - 1}`);
      const expected = expectedChunkSize(session, index);
      if (chunk.size !== expected) throw badRequest(`第 ${index} 个分片应为 ${expected} 字节，收到 ${chunk.size} 字节`);
      if (index === 0) {
        // Refuse a program renamed to .pdf on its first chunk, before the rest is even sent.
        const mismatch = await contentMismatch(session.extension, await ctx.chunks.headOf(chunk.temp, HEAD_BYTES));
        if (mismatch) throw badRequest(mismatch);
      }
      await ctx.chunks.keep(chunk.temp, ctx.session.orgId, session.id, index);
      await ctx.db
        .insertInto('upload_chunks')
        .values({ org_id: ctx.session.orgId, session_id: session.id, chunk_index: index, size: chunk.size })
        .onConflict((oc) => oc.columns(['session_id', 'chunk_index']).doUpdateSet({ size: chunk.size }))
        .execute();
      await ctx.db.updateTable('upload_sessions').set({ updated_at: new Date() }).where('id', '=', session.id).execute();
      return statusOf(ctx.db, session);
    } catch (err) {
      await ctx.chunks.discardTemp(chunk.temp);
      throw err;
    }
  },

  'file.uploadStatus': async (body, ctx) => statusOf(ctx.db, await sessionOf(ctx.db, body.uploadId)),

  'file.completeUpload': async (body, ctx) => {
    // The lock makes a second, simultaneous completion wait and then find the upload gone.
    const session = await sessionOf(ctx.db, body.uploadId, true);
    // Put together and examined before the transaction opened, every chunk received by then (filePreparers).
    const prepared = ctx.prepared as Settled<AssembledUpload>;
    if ('error' in prepared) throw prepared.error;
    const { stored, picture } = prepared.value;
    const reply = await recordUpload(ctx, session.file_name, session.extension, stored, picture);
    await ctx.db.deleteFrom('upload_sessions').where('id', '=', session.id).execute();
    await ctx.chunks.remove(ctx.session.orgId, session.id);
    return reply;
  },

  'file.listByUploader': async (body, ctx) => {
    const { limit, offset } = pageWindow(body);
    const uploaders = await ctx.db
      .selectFrom('files')
      .innerJoin('users', 'users.id', 'files.uploader_id')
      .select(['users.id as id', 'users.display_name as name'])
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('files.created_at').as('last')])
      .groupBy(['users.id', 'users.display_name'])
      .orderBy('last', 'desc')
      .orderBy('users.id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await ctx.db
      .selectFrom('files')
      .select(sql<number>`count(distinct uploader_id)::int`.as('n'))
      .where('uploader_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const ids = uploaders.map((u) => u.id);
    const newest =
      ids.length === 0
        ? []
        : await ctx.db
            .selectFrom((db) =>
              db
                .selectFrom('files')
                .select([
                  'id',
                  'uploader_id',
                  'path',
                  'original_name',
                  'size',
                  sql<number>`row_number() over (partition by uploader_id order by id desc)`.as('rank'),
                ])
                .where('uploader_id', 'in', ids)
                .as('ranked'),
            )
            .selectAll()
            .where('rank', '<=', FILES_PER_UPLOADER)
            .orderBy('id', 'desc')
            .execute();
    const list: UploaderFiles[] = uploaders.map((u) => ({
      id: u.id,
      name: u.name,
      count: Number(u.count),
      lastUploadedAt: new Date(u.last as Date | string).toISOString(),
      files: newest
        .filter((f) => f.uploader_id === u.id)
        .map((f) => uploadedFileReply(f.id, f.original_name, extensionOf(f.path), { path: f.path, size: Number(f.size) })),
    }));
    return { list, count: total.n };
  },

  ...directUploadHandlers,
};

/**
 * An uploaded picture is decoded and hashed before the upload's transaction opens, and a chunked
 * upload put together then too: both take seconds for a large file, and on the embedded database
 * an open transaction holds every other request. What the picture is is stored with the file, so
 * a logo saved or searched by its path later needs no decoding.
 */
export const filePreparers: Preparers = {
  'file.upload': async (_body, { upload, files }) => pictureColumns(await examinePicture(files, upload!.stored.path, upload!.extension)),

  'file.completeUpload': async (body, { system, session: { orgId }, files, chunks }): Promise<AssembledUpload> => {
    const session = await withOrganisation(system, orgId, async (db) => {
      const found = await sessionOf(db, body.uploadId);
      await checkAllReceived(db, found);
      return found;
    });
    const purpose = session.purpose as UploadPurpose;
    const stored = await files.save(chunks.assembled(orgId, session.id, session.chunk_count), orgId, session.extension, purposeLimitBytes(purpose));
    if (stored.size !== Number(session.size)) throw new Error(`assembled ${stored.size} bytes, expected ${session.size}`);
    return { stored, picture: pictureColumns(await examinePicture(files, stored.path, session.extension)) };
  },

  ...directUploadPreparers,
};
