import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/tables.js';
import { encodePng } from '../../../src/server/trademarks/imageDecode.js';

/** A PNG signature and IHDR claiming the size, then an image data chunk of bytes no decoder could read (what is a PNG to file-type). */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  const idat = Buffer.alloc(12 + 64, 0xab);
  idat.writeUInt32BE(64, 0);
  idat.write('IDAT', 4, 'latin1');
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr, idat]);
}

/** A PNG of `width` × `height` pixels in a few grey bands, compressed small: decoding it takes long, sending it does not. */
export function bandedPng(width: number, height: number): Buffer {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const grey = Math.floor(((i % width) * 8) / width) * 32;
    data.set([grey, grey, grey, 255], i * 4);
  }
  return encodePng({ width, height, data });
}

/** What the upload worked out about a file's picture: its status and its hash as the column's text. */
export async function storedPicture(db: Kysely<Database>, path: string): Promise<{ image_status: string | null; hash: string | null }> {
  return db
    .selectFrom('files')
    .select(['image_status', sql<string | null>`image_hash::text`.as('hash')])
    .where('path', '=', path)
    .executeTakeFirstOrThrow();
}

/** An archive mark's logo hash as the column's text. */
export async function markLogoHash(db: Kysely<Database>, id: number): Promise<string | null> {
  return (
    await db
      .selectFrom('brand_archives')
      .select(sql<string | null>`logo_hash::text`.as('hash'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).hash;
}
