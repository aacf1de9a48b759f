import { readFile } from 'node:fs/promises';
import { sql, type RawBuilder } from 'kysely';
import { badRequest } from '../http/apiError.js';
import { differenceHash, hashForColumn } from './logoHash.js';
import { decodeImage, UnsupportedImageError } from './imageDecode.js';
import type { ResultRow } from './registerQuery.js';

export interface LogoRow extends ResultRow {
  distance: number;
  total: number;
}

/** The perceptual hash of a stored picture; a file that is no PNG or JPEG is refused in Chinese. */
export async function hashOfImageFile(absolutePath: string): Promise<bigint> {
  const bytes = await readFile(absolutePath);
  try {
    return differenceHash(decodeImage(bytes));
  } catch (err) {
    if (err instanceof UnsupportedImageError) throw badRequest('无法识别的图片：请上传 PNG 或 JPG 格式的商标图样');
    throw err;
  }
}

/**
 * Register marks whose logo hash lies within `maxDistance` bits of `hash`, nearest first. The
 * distance is `bit_count` of the XOR as a bit string, which PostgreSQL and PGlite both compute.
 */
export function nearLogosSql(hash: bigint, maxDistance: number, tmCl: number | undefined, limit: number): RawBuilder<LogoRow> {
  const distance = sql`bit_count((logo_hash # ${hashForColumn(hash)}::bigint)::bit(64))::int`;
  const cls = tmCl === undefined ? sql`` : sql` and int_cls = ${tmCl}`;
  return sql<LogoRow>`
    select *, count(*) over ()::int as total from (
      select 'register'::text as scope, id, id as register_id, tm_name, app_no, reg_no, int_cls, tm_status, applicant_cn, country_code,
             app_date, reg_date, logo_path, goods, goods_en, ${distance} as distance
      from tm_register
      where logo_hash is not null${cls}
    ) near
    where distance <= ${maxDistance}
    order by distance, app_date desc nulls last, id desc
    limit ${limit}`;
}
