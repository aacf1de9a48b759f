import { sql, type Kysely } from 'kysely';

/**
 * What a picture is, worked out once when it is uploaded (before the upload's transaction opens):
 * its header's dimensions and its perceptual hash, or why it has none. A mark saved with the
 * picture as its logo, and a graphic search by the picture's path, read these instead of decoding
 * it inside their transaction. `image_status` is null for files never examined (uploaded before
 * this migration, or written by the server itself).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table files
      add column image_status text check (image_status in ('hashed', 'unsupported', 'too_large')),
      add column image_hash bigint,
      add column image_width integer,
      add column image_height integer,
      add constraint files_image_hash_when_hashed check ((image_status = 'hashed') = (image_hash is not null))
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table files
      drop constraint files_image_hash_when_hashed,
      drop column image_height,
      drop column image_width,
      drop column image_hash,
      drop column image_status
  `.execute(db);
}
