import { sql, type Kysely } from 'kysely';

/**
 * Where the imported classification came from (the edition shipped with the product, or a file an
 * administrator configured or imported) and a digest of its content: a start replaces the table
 * only with a different edition of a source that may replace it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table classification_edition (
      id integer primary key default 1 check (id = 1),
      source text not null check (source in ('shipped', 'file')),
      digest text not null,
      imported_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table classification_edition`.execute(db);
}
