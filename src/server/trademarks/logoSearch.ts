import { readFile } from 'node:fs/promises';
import { sql, type RawBuilder } from 'kysely';

type Executor = Parameters<RawBuilder<unknown>['execute']>[0];
import { badRequest } from '../http/apiError.js';
import { hashForColumn } from './logoHash.js';
import { imageSize, MAX_MEGAPIXELS } from './imageDecode.js';
import { runInWorker, workerModule } from '../jobs/runInWorker.js';
import type { ImageHashReply } from './imageHashWorker.js';
import type { ResultRow } from './registerQuery.js';

export interface LogoRow extends ResultRow {
  distance: number;
}

/**
 * The perceptual hash of a stored picture, decoded in a worker thread so other requests go on; a
 * file that is no PNG or JPEG, or one with more pixels than a logo needs (told by its header), is
 * refused in Chinese.
 */
export async function hashOfImageFile(absolutePath: string): Promise<bigint> {
  const bytes = await readFile(absolutePath);
  const size = imageSize(bytes);
  if (size && size.width * size.height > MAX_MEGAPIXELS * 1e6) throw tooManyPixels(`${size.width}×${size.height}`);
  const reply = await runInWorker<ImageHashReply>(workerModule('imageHashWorker', import.meta.url), bytes);
  if ('hash' in reply) return BigInt(reply.hash);
  if (reply.refused === 'tooLarge') throw tooManyPixels(reply.detail);
  throw badRequest('无法识别的图片：请上传 PNG 或 JPG 格式的商标图样');
}

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
