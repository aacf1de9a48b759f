import { sql, type RawBuilder } from 'kysely';

type Executor = Parameters<RawBuilder<unknown>['execute']>[0];
import { badRequest } from '../http/apiError.js';
import { hashForColumn, hashFromColumn } from './logoHash.js';
import { extensionOf } from '../files/fileTypes.js';
import type { PictureColumns } from '../files/recordUpload.js';
import { imageSize, MAX_MEGAPIXELS } from './imageDecode.js';
import { runInWorker, workerModule } from '../jobs/runInWorker.js';
import type { ImageHashReply } from './imageHashWorker.js';
import type { ResultRow } from './registerQuery.js';
import type { FileStore } from '../files/fileStore.js';

export interface LogoRow extends ResultRow {
  distance: number;
}

/** What a picture is, as stored with its file (the files table's image columns). */
export type PictureExamination =
  { status: 'hashed'; hash: bigint; width: number; height: number } | { status: 'too_large'; width: number; height: number } | { status: 'unsupported' };

/** Only PNG and JPEG are decoded; a file of another type is no logo, whatever its bytes. */
const PICTURE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg']);

/**
 * Examines a stored file as a logo: its dimensions from the header and, for a PNG or JPEG of at
 * most MAX_MEGAPIXELS, its perceptual hash, decoded in a worker thread so other requests go on.
 * Run on upload before the transaction opens; the result is stored with the file.
 */
export async function examinePicture(files: FileStore, path: string, extension: string): Promise<PictureExamination> {
  if (!PICTURE_EXTENSIONS.has(extension)) return { status: 'unsupported' };
  const bytes = await files.read(path);
  const size = imageSize(bytes);
  if (!size) return { status: 'unsupported' };
  if (size.width * size.height > MAX_MEGAPIXELS * 1e6) return { status: 'too_large', ...size };
  const reply = await runInWorker<ImageHashReply>(workerModule('imageHashWorker', import.meta.url), bytes);
  if ('hash' in reply) return { status: 'hashed', hash: BigInt(reply.hash), ...size };
  return reply.refused === 'tooLarge' ? { status: 'too_large', ...size } : { status: 'unsupported' };
}

/** The files table's image columns for an examination. */
export function pictureColumns(exam: PictureExamination): PictureColumns {
  return {
    image_status: exam.status,
    image_hash: exam.status === 'hashed' ? hashForColumn(exam.hash) : null,
    image_width: exam.status === 'unsupported' ? null : exam.width,
    image_height: exam.status === 'unsupported' ? null : exam.height,
  };
}

/** The image columns of a file row, as `storedPictureColumns` selects them. */
export interface StoredPicture {
  path: string;
  image_status: PictureExamination['status'] | null;
  image_hash: string | null;
  image_width: number | null;
  image_height: number | null;
}

/** Selects a file row's image columns, its hash as text (a JS number would round it). */
export const storedPictureColumns = ['path', 'image_status', sql<string | null>`image_hash::text`.as('image_hash'), 'image_width', 'image_height'] as const;

/**
 * The hash of a picture examined on upload, or its refusal in Chinese: no PNG or JPEG, or more
 * pixels than a logo needs. A file never examined (uploaded before the examination was stored
 * with it) is refused rather than decoded here, inside the caller's transaction.
 */
export function storedPictureHash(file: StoredPicture): bigint {
  if (file.image_status === 'hashed') return hashFromColumn(file.image_hash!);
  if (file.image_status === 'too_large') throw tooManyPixels(`${file.image_width}×${file.image_height}`);
  if (file.image_status === null && PICTURE_EXTENSIONS.has(extensionOf(file.path))) throw badRequest(NOT_EXAMINED);
  throw unsupportedPicture();
}

/** The hash of an examination, or its refusal: for a picture checked before a transaction that needs it. */
export function hashOfExamination(exam: PictureExamination): bigint {
  if (exam.status === 'hashed') return exam.hash;
  if (exam.status === 'too_large') throw tooManyPixels(`${exam.width}×${exam.height}`);
  throw unsupportedPicture();
}

const NOT_EXAMINED = '这张图片上传于系统升级之前，尚未检查，请重新上传';
const unsupportedPicture = () => badRequest('无法识别的图片：请上传 PNG 或 JPG 格式的商标图样');
const tooManyPixels = (detail: string) => badRequest(`图片像素过多（${detail}）：商标图样请不超过 ${MAX_MEGAPIXELS} 百万像素`);

/**
 * Register marks whose logo hash lies within `maxDistance` bits of `hash`, nearest first. The
 * distance (`bit_count` of the XOR as a bit string, on PostgreSQL and PGlite alike) is computed
 * over the distinct hashes only; the marks bearing the near ones are then read through the hash
 * index. Two statements, so the planner sees how few hashes are near and never scans the register.
 */
export async function nearLogos(
  db: Executor,
  hash: bigint,
  maxDistance: number,
  tmCl: number | undefined,
  limit: number,
): Promise<{ rows: LogoRow[]; total: number }> {
  const distance = sql`bit_count((hash # ${hashForColumn(hash)}::bigint)::bit(64))::int`;
  const near = await sql<{ hash: string; distance: number }>`
    select hash::text as hash, ${distance} as distance from tm_logo_hashes where ${distance} <= ${maxDistance}`.execute(db);
  if (near.rows.length === 0) return { rows: [], total: 0 };
  const hashes = sql.val(near.rows.map((n) => n.hash));
  const cls = tmCl === undefined ? sql`` : sql` and r.int_cls = ${tmCl}`;
  // Each near hash gives at most a page of its newest marks, read in order from the index.
  const rows = await sql<LogoRow>`
    select 'register'::text as scope, r.id, r.id as register_id, r.tm_name, r.app_no, r.reg_no, r.int_cls, r.tm_status, r.applicant_cn,
           r.country_code, r.app_date, r.reg_date, r.logo_path, r.goods, r.goods_en, near.distance
    from unnest(${hashes}::bigint[], ${sql.val(near.rows.map((n) => n.distance))}::int[]) as near(hash, distance)
    cross join lateral (
      select * from tm_register r where r.logo_hash = near.hash${cls} order by r.app_date desc nulls last, r.id desc limit ${limit}
    ) r
    order by near.distance, r.app_date desc nulls last, r.id desc
    limit ${limit}`.execute(db);
  const total = await sql<{ n: number }>`select count(*)::int as n from tm_register r where r.logo_hash = any(${hashes}::bigint[])${cls}`.execute(db);
  return { rows: rows.rows, total: total.rows[0]!.n };
}
